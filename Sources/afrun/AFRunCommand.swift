import AFRunner
import ArgumentParser
import Foundation

/// The `afrun` command: runs API test suites and answers history queries.
@main
struct AFRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun",
        abstract: "Run HTTP API test suites written in JSON; keep their history.",
        discussion: ExitStatus.help,
        version: "afrun \(Versions.afrun)\n\(Versions.libcurl)\n\(Versions.openssl)",
        subcommands: [
            RunCommand.self, ValidateCommand.self, JSONPathCommand.self, JSONSchemaCommand.self, HistoryCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// ArgumentParser's own entry point (`parseAsRoot`, `run`, `exit(withError:)`) with afrun's documented
    /// statuses: a usage error exits 2, not ArgumentParser's `EX_USAGE` (64), and an error no command turned
    /// into a status exits 3, not 1, which would read as "a test failed".
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usage)
            }
            if code == .failure && !(error is ExitCode) {
                FileHandle.standardError.write(Data("afrun: internal error: \(fullMessage(for: error))\n".utf8))
                Foundation.exit(ExitStatus.internalError)
            }
            exit(withError: error)
        }
    }
}
