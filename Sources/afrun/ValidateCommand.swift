import AFRunner
import AFSuite
import ArgumentParser
import Foundation

/// `afrun validate PATH…`: loads and checks every suite without sending anything, and reports
/// every problem in one pass (syntax, unknown keys, types, regexes, JSON paths, files, variables).
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check suites without sending any request; report every problem in one pass.",
        discussion: """
            Each problem comes with file:line:column, the JSON pointer and a fix. See docs/suite-format.md.

            Exit status: 0 every suite is valid; 2 a suite has problems, a path is unreadable, or no suite is found under the paths.
            """
    )

    @Argument(help: ArgumentHelp("Suite files or folders (folders are walked for *.json).", valueName: "path"))
    var paths: [String] = ["suites"]

    @OptionGroup var variables: VariableOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let defined = try variables.resolve()
            let result = await RemoteSchemaFetcher.load(paths: paths, knownVariables: defined.names)
            let console = Console()
            defer { console.flush() }
            for warning in SecretNameCheck.warnings(for: result.suites, runSecrets: defined.secrets) {
                console.err("warning: \(warning)")
            }
            if result.suites.isEmpty && result.errors.isEmpty {
                // The same words and status as `run`: an empty folder is not a valid suite set.
                console.err(RunCommand.noSuiteFound(under: paths))
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let report = result.report(color: output.usesColor)
            if output.quiet {
                console.out(report.split(separator: "\n").last.map(String.init) ?? "")
            } else {
                console.out(String(report.dropLast(report.hasSuffix("\n") ? 1 : 0)))
            }
            if !result.errors.isEmpty { throw ExitCode(ExitStatus.notLoadedOrWritten) }
        }
    }
}
