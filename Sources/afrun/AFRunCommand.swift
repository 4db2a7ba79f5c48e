import ArgumentParser

/// The `afrun` command: runs API test suites and answers history queries.
@main
struct AFRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun",
        abstract: "Run HTTP API test suites written in JSON; keep their history.",
        version: "0.1.0")

    func run() async throws {
        print(Self.helpMessage())
    }
}
