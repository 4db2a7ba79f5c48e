import ArgumentParser
import FixtureServer

/// Runs the fixture server until interrupted.
@main
struct FixturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun-fixtures", abstract: "Serve afrun's httpbin-like fixture routes over HTTP and HTTPS.")

    func run() async throws {}
}
