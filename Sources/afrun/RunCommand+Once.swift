import AFHistory
import AFReports
import AFRunner
import AFSuite
import ArgumentParser
import Foundation

extension RunCommand {
    /// What one run ended with.
    struct Outcome {
        var summary: RunSummary
        /// Whether a report or the history could not be written.
        var sinksFailed: Bool
    }

    /// One run: plan, run, report, summary line.
    /// - Parameter loadFailures: the problems of the suite files that did not load, for the JUnit and JSON
    ///   reports (the HTML and GitHub reporters, which serve every run, already hold them).
    /// - Returns: the run's outcome, or nil when there was nothing to run (`--rerun-failed` after a clean run).
    /// - Throws: `ExitCode` 4 when nothing is selected (without `--allow-empty`), 128 + the signal when the
    ///   run was interrupted.
    func runOnce(
        suites: [Suite],
        options: RunOptions,
        early: EarlyStart,
        first: Bool,
        gitHub: GitHubActionsReporter?,
        html: HTMLReporter?,
        loadFailures: [SuiteLoadFailure],
        console: Console
    ) async throws -> Outcome? {
        var options = options
        let style = Style(enabled: output.usesColor)
        let plan = await RunPlan.make(
            suites: suites,
            filter: options.include,
            reports: reports,
            gitHub: gitHub,
            html: html,
            loadFailures: loadFailures,
            console: console,
            openedStore: first ? early.store : nil
        )
        for warning in plan.warnings { console.err("warning: " + TerminalText.visible(warning)) }
        options.include = plan.include
        if reports.rerunFailed && plan.plannedCount == 0 && plan.historyKnowsPlan {
            try? await plan.store?.close()
            let history = "'\(AFHistory.describe(reports.databasePath))'"
            let scope = plan.rerunGroup.map { " in the run group '\($0)'" } ?? ""
            console.out(
                "nothing to rerun: no selected test failed or errored the last time it ran\(scope) (history \(history))"
            )
            return nil
        }
        if plan.plannedCount == 0 && !execution.allowEmpty {
            // A typo in a CI filter must not turn the step green: nothing ran, so nothing passed.
            try? await plan.store?.close()
            console.err(noTestSelected(total: plan.totalCount))
            throw ExitCode(ExitStatus.noTestSelected)
        }

        let terminal = TerminalReporter(
            console: console,
            style: style,
            progress: output.showsProgress,
            quiet: output.quiet,
            total: plan.plannedCount,
            trace: output.traces ? TracePrinter(style: style) : nil
        )
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
        options.passedResultDetail =
            plan.sinks.count > (plan.store == nil ? 0 : 1) || output.traces
            ? .full : plan.store?.passedResultDetail ?? .none
        let runner = Runner(options: options)

        let trap = SignalTrap(
            onSignal: { signal in
                let inFlight = runner.requestsInFlight
                let again = signal == SIGINT ? "Ctrl-C" : "the signal"
                console.err(
                    "interrupting: cancelling \(inFlight) request\(inFlight == 1 ? "" : "s") in flight; \(again) again to stop now"
                )
                runner.stop(.interrupted)
            },
            beforeExit: { console.flush() }
        )
        // The run's identity goes only to sinks: without any (`--no-history`, no reports, no progress bar)
        // the git checkout walk and the host-name lookup are skipped.
        var info =
            sinks.isEmpty
            ? RunInfo(commandLine: [], host: "", afrunVersion: Versions.afrun, libcurlVersion: "", opensslVersion: "")
            : await early.runInfo(secrets: options.secrets)
        // A `--var` may give the value of a name a suite marks secret: hidden in the recorded command line too.
        info.commandLine = Self.maskingSecretVariables(
            in: info.commandLine,
            names: Set(options.secrets.keys).union(plan.suites.flatMap { $0.variables.filter(\.isSecret).map(\.name) })
        )
        info.shard = reports.shard
        info.runGroup = reports.runGroup(environment: ProcessEnvironment.all)
        let report = await runner.run(plan.suites, run: info, sinks: sinks)
        trap.cancel()
        try? await plan.store?.close()
        // A shared history that could not be reached: one warning, the run kept in the spool.
        for warning in plan.store?.takeWarnings() ?? [] { console.err("warning: " + TerminalText.visible(warning)) }

        let printedFailures = FailurePrinter(console: console, style: style, verbose: output.isVerbose).print(
            report.results
        )
        for problem in report.sinkErrors { console.err("error: \(problem)") }
        // A blank line parts the summary from the lines above it; `-q` with nothing failed printed none.
        if !output.quiet || printedFailures { console.out("") }
        console.out(SummaryLine.text(report.summary, style: style))

        if let signal = trap.signalReceived {
            console.err(
                "interrupted: \(report.summary.total - report.summary.skipped) finished results kept; tests not run are counted as skipped"
            )
            throw ExitCode(128 + signal)
        }
        return Outcome(summary: report.summary, sinksFailed: !report.sinkErrors.isEmpty)
    }

    /// "no test selected", with the selection that chose none.
    private func noTestSelected(total: Int) -> String {
        var by: [String] = []
        if let filter = execution.filter { by.append("--filter '\(filter)'") }
        if let shard = reports.shard { by.append("--shard \(shard)") }
        for tag in execution.tag { by.append("--tag \(tag)") }
        for tag in execution.excludeTag { by.append("--exclude-tag \(tag)") }
        let what =
            by.isEmpty
            ? "the suites hold no test" : "\(by.joined(separator: " and ")) matched none of the \(total) tests"
        return "no test selected: \(what); nothing ran, exit status 4 (pass --allow-empty to exit 0)"
    }
}
