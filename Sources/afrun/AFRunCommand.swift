import AFRunner
import ArgumentParser

/// The `afrun` command: runs API test suites and answers history queries.
@main
struct AFRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun",
        abstract: "Run HTTP API test suites written in JSON; keep their history.",
        discussion: ExitStatus.help,
        version: "afrun \(Versions.afrun)\n\(Versions.libcurl)\n\(Versions.openssl)",
        subcommands: [
            RunCommand.self, ValidateCommand.self, CurlCommand.self, JSONPathCommand.self, JSONSchemaCommand.self,
            HistoryCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
