import AFRunner
import AFSuite
import ArgumentParser
import Foundation

/// `afrun curl PATH…`: each selected test's request as a curl command line, to replay a test by hand.
struct CurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Print each selected test's request as a curl command line; nothing is sent.",
        discussion: """
            Each command sends what `afrun run` would: method, URL, headers (afrun's User-Agent), body, redirect, \
            HTTP version and timeout settings, with the suite's variables, --var values, data rows and, with \
            --seed, the same generated values. A value an earlier test captures becomes a shell variable \
            ("$userId") to set first. Secrets are shown as *** unless --show-secrets. A suite's \
            allowInvalidCertificates (or validatesDomainName false) becomes --insecure and its caFile --cacert; \
            pins, client certificates and cookies kept between tests are not part of the command.

            Exit status: 0 every command printed; 2 a suite does not load or a request cannot be built \
            (the others are printed); 4 no test selected; 64 usage error.
            """
    )

    @Argument(help: ArgumentHelp("Suite files or folders (folders are walked for *.json).", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("Only tests whose 'suite name/test name' matches this regex.", valueName: "regex"))
    var filter: String?

    @Option(help: ArgumentHelp("Only tests with this tag; repeat for any of several.", valueName: "tag"))
    var tag: [String] = []

    @Option(help: ArgumentHelp("Leave out tests with this tag; repeatable; wins over --tag.", valueName: "tag"))
    var excludeTag: [String] = []

    @Option(help: ArgumentHelp("Generated values as `afrun run --seed N` makes them.", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Request timeout in seconds when the suite sets none.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(help: "Print secret values as they are instead of ***: the output then holds credentials.")
    var showSecrets = false

    @OptionGroup var variables: VariableOptions

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        if let filter, (try? RunOptions.filter(filter)) == nil {
            throw ValidationError(
                "--filter '\(filter)' is not a valid regex; escape regex characters with \\ to match them literally"
            )
        }
    }

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let console = Console()
            defer { console.flush() }
            let defined = try variables.resolve()
            let loaded = await RemoteSchemaFetcher.load(paths: paths, knownVariables: defined.names)
            for warning in loaded.warnings { console.err("warning: " + TerminalText.visible(warning.description)) }
            for error in loaded.errors { console.err(error.rendered() + "\n") }
            if loaded.suites.isEmpty {
                console.err(loaded.errors.isEmpty ? RunCommand.noSuiteFound(under: paths) : "no suite loaded")
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            var options = CurlExport.Options()
            options.variables = defined.variables
            options.secrets = defined.secrets
            options.seed = seed
            options.defaultTimeout = timeout
            options.showsSecrets = showSecrets
            options.include = RunCommand.selecting(
                TagSelection(included: tag, excluded: excludeTag),
                in: loaded.suites,
                and: try filter.map { try RunOptions.filter($0) }
            )
            var printed = 0
            var failed = false
            for suite in loaded.suites {
                for entry in CurlExport.entries(for: suite, options: options) {
                    let phase = entry.phase == .test ? "" : "\(entry.phase.rawValue): "
                    let name = TerminalText.visible("\(phase)\(entry.identity.description)")
                    guard let command = entry.command else {
                        console.err("error: \(name): the request cannot be built: \(entry.problem ?? "")")
                        failed = true
                        continue
                    }
                    console.out("# \(name)")
                    for note in entry.notes { console.out(TerminalText.visible(note)) }
                    console.out(command + "\n")
                    printed += 1
                }
            }
            if printed == 0 && !failed {
                console.err("no test selected: nothing to print, exit status 4")
                throw ExitCode(ExitStatus.noTestSelected)
            }
            if failed || !loaded.errors.isEmpty { throw ExitCode(ExitStatus.notLoadedOrWritten) }
        }
    }
}
