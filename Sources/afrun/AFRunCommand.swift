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
        subcommands: [RunCommand.self, ValidateCommand.self, JSONPathCommand.self, JSONSchemaCommand.self, HistoryCommand.self],
        defaultSubcommand: RunCommand.self)

    /// Parses and runs, mapping ArgumentParser's usage errors to exit status 2 and unexpected errors to 3;
    /// waits for `afrun run`'s background set-up to end before the process exits (`EarlyStart.settle`).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if getenv("AFRUN_CHECK_ARGV") != nil {
            checkArguments(arguments)
            return
        }
        do {
            try await dispatch(arguments)
            await EarlyStart.settle()
        } catch {
            await EarlyStart.settle()
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usage)
            }
            if code == .failure && !(error is ExitCode) {
                // An error no command turned into an exit status is afrun's own fault: 3, as documented,
                // not ArgumentParser's 1, which would read as "a test failed".
                FileHandle.standardError.write(Data("afrun: internal error: \(fullMessage(for: error))\n".utf8))
                Foundation.exit(ExitStatus.internalError)
            }
            exit(withError: error)
        }
    }

    /// Runs the command `arguments` name: `run` and `validate` through their fast paths when those take the
    /// arguments, anything else through ArgumentParser.
    private static func dispatch(_ arguments: [String]) async throws {
        if let settings = RunSettings.fastParse(arguments) {
            try await RunCommand.run(settings)
            return
        }
        if let validate = ValidateCommand.fastParse(arguments) {
            try ValidateCommand.run(paths: validate.paths, variables: validate.variables, output: validate.output)
            return
        }
        var command = try parseFast(arguments)
        if var asyncCommand = command as? AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }
}

extension AFRunCommand {
    /// The argument-parsing check behind `AFRUN_CHECK_ARGV` (for afrun's tests, not documented for
    /// users): prints what the fast path and ArgumentParser each make of `arguments` (as `run` settings, or
    /// as `validate`'s paths, variables and output settings), one line each, and runs nothing, so a test can
    /// compare them over a table of command lines.
    static func checkArguments(_ arguments: [String]) {
        let validate = arguments.first == "validate"
        let fast = validate
            ? ValidateCommand.fastParse(arguments).map { "\($0.paths) \($0.variables) \($0.output)" }
            : RunSettings.fastParse(arguments).map(String.init(describing:))
        let parsed: String
        do {
            switch try parseAsRoot(arguments) {
            case let run as RunCommand where !validate:
                parsed = String(describing: run.settings)
            case let check as ValidateCommand where validate:
                parsed = "\(check.paths) \(check.variables.settings) \(check.output.settings)"
            default:
                parsed = "another command"
            }
        } catch {
            parsed = "error"
        }
        print("fast: \(fast ?? "none")\nparser: \(parsed)")
    }

    /// Arguments that ask the root command for something (help, the version, completion scripts).
    static let rootRequests: Set<String> = ["-h", "--help", "help", "--version", "--experimental-dump-help"]

    /// Whether `argument` asks the root command for something (`rootRequests`, completion scripts).
    static func isRootRequest(_ argument: String) -> Bool {
        rootRequests.contains(argument) || argument.hasPrefix("--generate-completion-script")
    }

    /// `afrun run …` and `afrun validate …` with ordinary arguments are parsed by their own command
    /// alone: parsing at the root walks the whole command tree (every history subcommand and option
    /// group, by reflection), which cost several milliseconds of every run's start-up. Anything the
    /// short path does not accept (a usage error, help, the version, completion scripts) is parsed
    /// again at the root, so messages and exit codes are the root's.
    static func parseFast(_ arguments: [String]) throws -> any ParsableCommand {
        if let first = arguments.first, !arguments.contains(where: isRootRequest) {
            let rest = Array(arguments.dropFirst())
            if first == "run", let command = try? RunCommand.parseAsRoot(rest) as? RunCommand { return command }
            if first == "validate", let command = try? ValidateCommand.parseAsRoot(rest) as? ValidateCommand { return command }
        }
        return try parseAsRoot(arguments)
    }
}

/// afrun's exit statuses.
enum ExitStatus {
    /// Every test passed.
    static let passed: Int32 = 0
    /// A test failed or errored.
    static let testsFailed: Int32 = 1
    /// A usage error, or a suite that does not load (the others still run).
    static let usage: Int32 = 2
    /// An internal error.
    static let internalError: Int32 = 3

    /// The `--help` text.
    static let help = """
        EXIT STATUS
          0    every test passed
          1    a test failed or errored
          2    usage error, or a suite that does not load (the other suites still run)
          3    internal error
          130  interrupted by SIGINT (143: SIGTERM); finished results are kept
        """
}
