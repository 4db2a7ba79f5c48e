import AFSession
import AFReports
import AFRunner
import AFSuite
import ArgumentParser
import Foundation

/// `afrun run PATH…` (the default command): runs suites and reports.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run suites: every *.json under the given paths.",
        discussion: ExitStatus.help)

    @Argument(help: ArgumentHelp("Suite files or folders (folders are walked for *.json).", valueName: "path"))
    var paths: [String]

    @OptionGroup var execution: ExecutionOptions
    @OptionGroup var variables: VariableOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var reports: ReportOptions

    /// The parsed options as plain values (what the fast path builds directly).
    var settings: RunSettings {
        RunSettings(paths: paths, execution: execution.settings, variables: variables.settings,
                    output: output.settings, reports: reports.settings)
    }

    func validate() throws { try settings.validateTogether() }

    func run() async throws {
        try await Self.run(settings)
    }

    /// Runs what `settings` asks: the same whether the arguments came through ArgumentParser or the
    /// fast path (`RunSettings.fastParse`).
    /// - Throws: `ExitCode` for the run's status, `ValidationError` for a malformed variable or file.
    ///
    /// On the main actor, like `main()` that calls it: the suites load on the thread that parsed the
    /// arguments, while the thread pool the runner uses starts beside it (`EarlyStart`), instead of the
    /// loading waiting for that pool's first thread.
    @MainActor
    static func run(_ settings: RunSettings) async throws {
        let paths = settings.paths
        let execution = settings.execution
        let variables = settings.variables
        let output = settings.output
        let reports = settings.reports
        let console = Console()
        let style = Style(enabled: output.usesColor)
        let defined = try variables.resolve()
        let environment = ProcessEnvironment.all
        let gitHub = GitHubActionsReporter.isEnabled(environment: environment)
            ? GitHubActionsReporter(environment: environment, output: { console.out($0) }) : nil
        // Started before loading: it runs on the other cores while the suites are decoded.
        let early = EarlyStart.begin(settings, secrets: defined.secrets, gitHub: gitHub != nil)
        let loaded = SuiteLoader().load(paths: paths, knownVariables: defined.names)
        for warning in loaded.warnings { console.err("warning: " + TerminalText.visible(warning.description)) }
        for error in loaded.errors { console.err(error.rendered(color: output.usesColor) + "\n") }
        for warning in SecretNameCheck.warnings(for: loaded.suites, runSecrets: defined.secrets, environment: environment) {
            console.err("warning: \(warning)")
        }
        let problems = "\(loaded.errors.count) suite problem\(loaded.errors.count == 1 ? "" : "s"): run `afrun validate` for details"
        if loaded.suites.isEmpty {
            // Nothing to run: no empty run is recorded or reported.
            try? early.store?.close()
            console.err(loaded.errors.isEmpty ? "no suite found under \(paths.joined(separator: " ")): suites are *.json files" : problems)
            throw ExitCode(ExitStatus.usage)
        }

        var options = RunOptions()
        options.jobs = execution.jobs
        options.failFast = execution.failFast
        options.defaultTimeout = execution.timeout
        options.regexTimeout = execution.regexLimit
        options.maxBodyBytes = execution.maxBody
        options.insecure = execution.insecure
        options.variables = defined.variables
        options.secrets = defined.secrets
        // Only failures are printed after the run; reporters that need every result collect their own.
        options.keptResults = .problems
        // A refused connection to a host with no route at all is reported as `unreachable`
        // (the network is down) rather than `cannotConnect` (nobody listening).
        options.isReachable = { url in ReachabilityManager(domain: url.host ?? "").currentStatus().isReachable }
        if let filter = execution.filter { options.include = try RunOptions.filter(filter, limit: execution.regexLimit) }

        // `--repeat N`: N runs one after the other, each planned, recorded and summed up on its own.
        let count = execution.repeatCount
        var failedRuns = 0
        // A history or report that could not be written fails the command (after the run): CI must not find a
        // green step with its results missing.
        var sinkFailed = false
        ExitKeepAlive.keep(loaded)
        for iteration in 1...count {
            if count > 1 { console.out((iteration > 1 ? "\n" : "") + "run \(iteration) of \(count)") }
            guard let report = try await runOnce(
                suites: loaded.suites, options: options, settings: settings, early: early, first: iteration == 1,
                gitHub: gitHub, console: console, style: style)
            else { break }
            // The last run's results are freed by the exit, not one by one; earlier runs' as they end.
            if iteration == count { ExitKeepAlive.keep(report) }
            if !report.sinkErrors.isEmpty { sinkFailed = true }
            if report.summary.failed + report.summary.errors > 0 {
                failedRuns += 1
                if execution.failFast { break }
            }
        }
        if count > 1 {
            console.out("\(failedRuns) of \(count) runs had failures or errors"
                + (failedRuns > 0 && !reports.noHistory ? ": `afrun history flaky` ranks the tests that flipped" : ""))
        }
        if !loaded.errors.isEmpty {
            console.err(problems)
            throw ExitCode(ExitStatus.usage)
        }
        if failedRuns > 0 { throw ExitCode(ExitStatus.testsFailed) }
        if sinkFailed { throw ExitCode(ExitStatus.internalError) }
    }

    /// One run: plan, run, report, summary line.
    /// - Returns: the run's report, or nil when there was nothing to run (`--rerun-failed` after a clean run).
    /// - Throws: `ExitCode` (128 + the signal) when the run was interrupted.
    private static func runOnce(
        suites: [Suite], options: RunOptions, settings: RunSettings, early: EarlyStart, first: Bool,
        gitHub: GitHubActionsReporter?, console: Console, style: Style
    ) async throws -> RunReport? {
        var options = options
        let output = settings.output
        let reports = settings.reports
        let plan = RunPlan.make(
            suites: suites, filter: options.include, reports: reports, gitHub: gitHub, console: console,
            openedStore: first ? early.store : nil)
        for warning in plan.warnings { console.err("warning: " + TerminalText.visible(warning)) }
        options.include = plan.include
        if reports.rerunFailed && plan.plannedCount == 0 {
            console.out("nothing to rerun: no test failed in the last recorded run")
            return nil
        }

        let terminal = TerminalReporter(
            console: console, style: style, progress: output.showsProgress, quiet: output.quiet, total: plan.plannedCount)
        // Without a progress bar the terminal only counts and prints lines: it observes each result
        // directly instead of being a sink, which would wake a drain task for every result.
        var sinks: [any ResultSink] = plan.sinks
        if output.showsProgress {
            sinks.insert(terminal, at: 0)
        } else {
            options.resultObserver = { terminal.note($0) }
        }
        // Passed results are built with no more detail than a sink reads: the terminal's lines and the failure
        // list need none, a history at the `failures` level a summary, reports everything.
        options.passedResultDetail = plan.sinks.count > (plan.store == nil ? 0 : 1)
            ? .full : plan.store?.passedResultDetail ?? .none
        let runner = Runner(options: options)

        let trap = SignalTrap { _ in runner.stop(.interrupted) }
        // The run's identity goes only to sinks: without any (`--no-history`, no reports, no progress bar)
        // the git checkout walk and the host-name lookup are skipped.
        var info = sinks.isEmpty
            ? RunInfo(commandLine: [], host: "", afrunVersion: Versions.afrun, libcurlVersion: "", opensslVersion: "")
            : await early.runInfo(secrets: options.secrets)
        info.shard = reports.shard
        let report = await runner.run(plan.suites, run: info, sinks: sinks)
        trap.cancel()
        if let store = plan.store {
            try? store.close()
            // Closed, its writer and connection are freed by the exit: GRDB's connection removes itself from
            // the notification center when freed, whose first look-up of that observer's type scans the
            // binary's conformance records.
            ExitKeepAlive.keep(store)
        }

        FailurePrinter(console: console, style: style, verbose: output.verbose).print(report.results)
        for problem in report.sinkErrors { console.err("warning: \(problem)") }
        console.out("")
        console.out(SummaryLine.text(report.summary, style: style))

        if let signal = trap.signalReceived {
            console.err("interrupted: \(report.summary.total) finished results kept")
            throw ExitCode(128 + signal)
        }
        return report
    }

    /// The run's identity, with `--secret` values hidden in the recorded command line.
    static func runInfo(secrets: [String: String]) -> RunInfo {
        var hideNext = false
        let arguments = CommandLine.arguments.map { argument -> String in
            defer { hideNext = argument == "--secret" }
            if hideNext, let eq = argument.firstIndex(of: "=") { return argument[...eq] + Redactor.mask }
            if argument.hasPrefix("--secret=") {
                let rest = argument.dropFirst("--secret=".count)
                if let eq = rest.firstIndex(of: "=") { return "--secret=" + rest[...eq] + Redactor.mask }
            }
            return argument
        }
        // CI variables first (GitHub Actions, GitLab CI, Jenkins; an empty one counts as unset: a CI checkout
        // is often a detached HEAD), then the checkout the run starts in.
        let environment = ProcessEnvironment.all
        func variable(_ names: String...) -> String? { names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty } }
        var commit = variable("GITHUB_SHA", "CI_COMMIT_SHA", "GIT_COMMIT")
        var branch = variable("GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "GIT_BRANCH")
        if commit == nil || branch == nil,
            let checkout = GitCheckout.find(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        {
            commit = commit ?? checkout.commit
            branch = branch ?? checkout.branch
        }
        return RunInfo(
            commandLine: arguments, host: ProcessInfo.processInfo.hostName, afrunVersion: Versions.afrun,
            libcurlVersion: Versions.libcurlShort, opensslVersion: Versions.openssl, gitCommit: commit, gitBranch: branch)
    }
}
