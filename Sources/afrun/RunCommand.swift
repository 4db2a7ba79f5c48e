import AFReports
import AFRunner
import AFSession
import AFSuite
import ArgumentParser
import Foundation

/// `afrun run PATH…` (the default command): runs suites and reports.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run suites: every *.json under the given paths.",
        discussion: ExitStatus.help
    )

    @Argument(help: ArgumentHelp("Suite files or folders (folders are walked for *.json).", valueName: "path"))
    var paths: [String]

    @OptionGroup var execution: ExecutionOptions
    @OptionGroup(title: "Requests") var requests: RequestOptions
    @OptionGroup var variables: VariableOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var reports: ReportOptions

    /// The checks that span option groups (ArgumentParser validates each group on its own first).
    func validate() throws {
        if execution.repeat > 1,
            let flag = reports.junit != nil ? "--junit" : reports.reportJSON != nil ? "--report-json" : nil
        {
            throw ValidationError(
                "\(flag) writes one run's report, and --repeat makes \(execution.repeat) runs: drop one of them "
                    + "(each repeated run is in the history: `afrun history show RUN`)"
            )
        }
    }

    /// Loads the suites and runs them `--repeat` times.
    /// - Throws: `ExitCode` for the run's status, `ValidationError` for a malformed variable or file.
    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let console = Console()
            defer { console.flush() }
            let defined = try variables.resolve()
            let environment = ProcessEnvironment.all
            let gitHub =
                GitHubActionsReporter.isEnabled(environment: environment)
                ? GitHubActionsReporter(environment: environment, output: { console.out($0) }, htmlReport: reports.html)
                : nil
            // Started before loading: it runs on the other cores while the suites are decoded.
            let early = EarlyStart.begin(self, secrets: defined.secrets, gitHub: gitHub != nil)
            do {
                try await run(early: early, defined: defined, gitHub: gitHub, console: console)
            } catch {
                await early.finish()
                throw error
            }
            await early.finish()
        }
    }

    private func run(
        early: EarlyStart,
        defined: VariableOptions.Resolved,
        gitHub: GitHubActionsReporter?,
        console: Console
    ) async throws {
        if execution.watch {
            try await watch(early: early, defined: defined, gitHub: gitHub, console: console)
            return
        }
        let loaded = await load(defined: defined, console: console)
        let problems = Self.problems(loaded.errors.count)
        let loadFailures = loaded.errors.map(SuiteLoadFailure.init)
        gitHub?.suitesDidNotLoad(loadFailures)
        if loaded.suites.isEmpty {
            // Nothing to run: no empty run is recorded or reported.
            try? await early.store?.close()
            console.err(loaded.errors.isEmpty ? Self.noSuiteFound(under: paths) : problems)
            throw ExitCode(ExitStatus.notLoadedOrWritten)
        }

        let options = try runOptions(for: loaded.suites, defined: defined, console: console)

        // `--repeat N`: N runs one after the other, each planned, recorded and summed up on its own; one
        // HTML reporter serves them all, so its page shows every run.
        let count = execution.repeat
        let html = reports.html.map { HTMLReporter(path: $0, loadFailures: loadFailures) }
        var failedRuns = 0
        var reportsFailed = false
        for iteration in 1...count {
            if count > 1 { console.out((iteration > 1 ? "\n" : "") + "run \(iteration) of \(count)") }
            guard
                let outcome = try await runOnce(
                    suites: loaded.suites,
                    options: options,
                    early: early,
                    first: iteration == 1,
                    gitHub: gitHub,
                    html: html,
                    loadFailures: loadFailures,
                    console: console
                )
            else { break }
            reportsFailed = reportsFailed || outcome.sinksFailed
            if outcome.summary.failed + outcome.summary.errors > 0 {
                failedRuns += 1
                if execution.failFast { break }
            }
        }
        if count > 1 {
            console.out(
                "\(failedRuns) of \(count) runs had failures or errors"
                    + (failedRuns > 0 && !reports.noHistory
                        ? ": `afrun history flaky` ranks the tests that flipped" : "")
            )
        }
        if !loaded.errors.isEmpty {
            console.err(problems)
            throw ExitCode(ExitStatus.notLoadedOrWritten)
        }
        if reportsFailed { throw ExitCode(ExitStatus.notLoadedOrWritten) }
        if failedRuns > 0 { throw ExitCode(ExitStatus.testsFailed) }
    }

    /// Loads the suites, printing warnings and every problem.
    func load(defined: VariableOptions.Resolved, console: Console) async -> SuiteLoader.Result {
        let loaded = await RemoteSchemaFetcher.load(paths: paths, knownVariables: defined.names)
        for warning in loaded.warnings { console.err("warning: " + TerminalText.visible(warning.description)) }
        for error in loaded.errors { console.err(error.rendered(color: output.usesColor) + "\n") }
        for warning in SecretNameCheck.warnings(
            for: loaded.suites,
            runSecrets: defined.secrets,
            environment: ProcessEnvironment.all
        ) {
            console.err("warning: \(warning)")
        }
        return loaded
    }

    /// "N suite problems: run `afrun validate` for details".
    static func problems(_ count: Int) -> String {
        "\(count) suite problem\(count == 1 ? "" : "s"): run `afrun validate` for details"
    }

    /// The run's options from the flags, with the selection over `suites`.
    func runOptions(for suites: [Suite], defined: VariableOptions.Resolved, console: Console) throws -> RunOptions {
        var options = RunOptions()
        options.jobs = execution.jobs
        options.failFast = execution.failFast
        options.defaultTimeout = execution.timeout
        options.insecure = execution.insecure
        options.regexTimeout = execution.regexLimit
        options.maxBodyBytes = execution.maxBody.bytes
        options.variables = defined.variables
        options.secrets = defined.secrets
        requests.apply(to: &options)
        // Only failures are printed after the run; reporters that need every result collect their own.
        options.keptResults = .problems
        // A refused connection to a host with no route at all is reported as `unreachable`
        // (the network is down) rather than `cannotConnect` (nobody listening).
        // Not with --resolve or --connect-to: the probe would look up the URL's host, not where the rules send it.
        let configuration = options.sessionConfiguration
        if configuration.resolve.isEmpty && configuration.connectTo.isEmpty {
            options.isReachable = { url in
                await ReachabilityManager(domain: url.host ?? "").currentStatus().isReachable
            }
        }
        if let filter = execution.filter {
            options.include = try RunOptions.filter(filter, limit: execution.regexLimit)
        }
        options.include = Self.selecting(execution.tags, in: suites, and: options.include)
        if execution.withDeps, let include = options.include {
            options.include = Self.withProviders(of: include, in: suites, options: options, console: console)
        }
        return options
    }

    /// `include` with the tests it leaves out whose captures a selected test uses (`--with-deps`), each
    /// named on standard error.
    static func withProviders(
        of include: @escaping @Sendable (TestIdentity) -> Bool,
        in suites: [Suite],
        options: RunOptions,
        console: Console
    ) -> @Sendable (TestIdentity) -> Bool {
        let providers = CaptureDependencies.providers(in: suites, include: include, options: options)
        guard !providers.isEmpty else { return include }
        for p in providers {
            let line =
                "note: --with-deps runs '\(p.provider)' too: it captures `\(p.variable)`, which '\(p.usedBy)' uses"
            console.err(TerminalText.visible(line))
        }
        let added = Set(providers.map(\.provider))
        return { added.contains($0) || include($0) }
    }

    /// `include` narrowed to the tests `tags` selects (itself when the tags select all).
    static func selecting(
        _ tags: TagSelection,
        in suites: [Suite],
        and include: (@Sendable (TestIdentity) -> Bool)?
    ) -> (@Sendable (TestIdentity) -> Bool)? {
        guard !tags.selectsAll else { return include }
        let chosen = Set(
            suites.flatMap { suite in
                suite.tests.outlines.filter { tags.selects($0.tags) }.map {
                    TestIdentity(suiteFile: suite.displayPath, suiteName: suite.name, testName: $0.name)
                }
            }
        )
        return { identity in chosen.contains(identity) && include?(identity) != false }
    }

    /// "no suite found under PATH…", the words `run` and `validate` share for input without a suite.
    static func noSuiteFound(under paths: [String]) -> String {
        "no suite found under \(paths.joined(separator: " ")): suites are *.json files (a folder is walked for them)"
    }
}
