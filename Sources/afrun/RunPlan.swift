import AFHistory
import AFReports
import AFRunner
import AFSuite
import Foundation

/// What `run` will do once flags and history are taken into account: which tests, in which
/// order, and which sinks receive the results.
struct RunPlan {
    /// The suites, possibly reordered (`--failed-first`).
    var suites: [Suite]
    /// Which tests run; nil runs all.
    var include: (@Sendable (TestIdentity) -> Bool)?
    /// Tests selected.
    var plannedCount: Int
    /// Tests in the suites, selected or not.
    var totalCount: Int
    /// Result receivers besides the terminal.
    var sinks: [any ResultSink]
    /// The history store, when this run is recorded.
    var store: (any HistoryStoring)?
    /// Problems worth a warning (a database that cannot be opened).
    var warnings: [String]
    /// With `--rerun-failed`, whether the history holds an outcome of any test of the plan: when it holds
    /// none, every selected test runs (there is no verdict to rerun from), and an empty plan is "no test
    /// selected", not "nothing to rerun".
    var historyKnowsPlan = true
    /// With `--rerun-failed` in a run group the history holds runs of: the group, whose outcomes decided.
    var rerunGroup: String?

    /// Builds the plan. A history that cannot be opened only costs a warning: the run goes on.
    ///
    /// The plan reads the history (its open, the last outcomes, the durations, the flakiness), which blocks
    /// its thread (a PostgreSQL history up to `--history-timeout`): it is built on a thread of its own
    /// (`HistoryThread`), the calling task suspended meanwhile.
    /// - Parameters:
    ///   - gitHub: the GitHub Actions reporter, one for every run of the command so that `--repeat`
    ///     annotates a repeated failure once; nil outside GitHub Actions.
    ///   - html: the HTML reporter (`--html`), one for every run of the command so that the page of
    ///     `--repeat` holds every run.
    ///   - loadFailures: the suite files that did not load, which the JUnit and JSON reports name.
    ///   - openedStore: the history already opening in the background (`EarlyStart`), used when this run
    ///     records without reading the history first.
    static func make(
        suites: [Suite],
        filter: (@Sendable (TestIdentity) -> Bool)?,
        reports: ReportOptions,
        gitHub: GitHubActionsReporter? = nil,
        html: HTMLReporter? = nil,
        loadFailures: [SuiteLoadFailure] = [],
        console: Console,
        openedStore: (any HistoryStoring)? = nil
    ) async -> RunPlan {
        await HistoryThread.run {
            planned(
                suites: suites,
                filter: filter,
                reports: reports,
                gitHub: gitHub,
                html: html,
                loadFailures: loadFailures,
                console: console,
                openedStore: openedStore
            )
        }
    }

    /// `make`, on the thread that reads the history.
    private static func planned(
        suites: [Suite],
        filter: (@Sendable (TestIdentity) -> Bool)?,
        reports: ReportOptions,
        gitHub: GitHubActionsReporter?,
        html: HTMLReporter?,
        loadFailures: [SuiteLoadFailure],
        console: Console,
        openedStore: (any HistoryStoring)?
    ) -> RunPlan {
        var warnings: [String] = []
        var store: (any HistoryStoring)?
        var reader: (any HistoryStoring)?
        let path = reports.databasePath
        let detail = (try? reports.detail) ?? .failures  // checked by ReportOptions.validate
        do {
            if !reports.noHistory && !reports.readsHistory {
                // Nothing to read before the run: open while the first requests go out.
                store =
                    try openedStore ?? AFHistory.openForRecording(path, detail: detail, timeout: reports.historyTimeout)
            } else if !reports.noHistory {
                // A shared history records through its spool whatever the server does; its queries before
                // the run answer nothing when it cannot be reached.
                store =
                    PostgresLocation.isURL(path)
                    ? try AFHistory.openForRecording(path, detail: detail, timeout: reports.historyTimeout)
                    : try HistoryStore.open(path: path, detail: detail)
                reader = store
            }
        } catch {
            warnings.append("history disabled: cannot open \(AFHistory.describe(path)): \(error)")
        }

        // Without a filter or a history-based selection every test runs: no identity per test to build
        // and hash (thousands of them, before the first request).
        let selectsAll = filter == nil && !reports.rerunFailed && reports.shard == nil
        let all =
            selectsAll
            ? []
            : suites.flatMap { suite in
                suite.tests.indices.map {
                    TestIdentity(
                        suiteFile: suite.displayPath,
                        suiteName: suite.name,
                        testName: suite.tests.outline(at: $0).name
                    )
                }
            }.filter { filter?($0) ?? true }
        var selected = all
        var lastStatuses: [TestIdentity: TestStatus] = [:]
        if reports.rerunFailed || reports.failedFirst {
            do { lastStatuses = try reader?.lastRunStatuses() ?? [:] } catch {
                warnings.append("cannot read the tests' last outcomes: \(error)")
            }
        }
        let group = reports.runGroup(environment: ProcessEnvironment.all)
        if let text = reports.shard, let shard = try? ShardSpec(parsing: text) {
            // The split is of every selected test, before `--rerun-failed` keeps the failures: each failure
            // stays on the shard that ran it. The durations leave out this pipeline's own runs, which a re-run
            // finds in the history it restores and the first attempt did not have: both compute one split.
            var durations: [TestIdentity: Double] = [:]
            do { durations = try reader?.medianDurations(lastRuns: 20, excludingRunGroup: group) ?? [:] } catch {
                // Said out loud: the shards that did read the history split otherwise, and between them a test
                // may run twice or not at all.
                warnings.append(
                    "--shard \(text): this shard splits by test count, unlike shards that read the history's "
                        + "durations, so tests may be missed or run twice (re-run the job, or pass --no-history to "
                        + "every shard job): \(error)"
                )
            }
            let mine = shard.select(units: Self.shardUnits(selected, suites: suites), durations: durations)
            selected = selected.filter { mine.contains($0) }
        }
        var historyKnowsPlan = true
        var rerunGroup: String?
        if reports.rerunFailed {
            let choice = Self.rerunChoice(
                selected,
                suites: suites,
                lastStatuses: lastStatuses,
                group: group,
                reader: reader,
                location: AFHistory.describe(path)
            )
            selected = choice.tests
            historyKnowsPlan = choice.knowsPlan
            rerunGroup = choice.group
            warnings += choice.warnings
        }
        var ordered = suites
        if reports.failedFirst {
            ordered = Self.failedFirst(suites, lastStatuses: lastStatuses)
        }

        var sinks: [any ResultSink] = []
        if let store { sinks.append(store) }
        if let junit = reports.junit {
            let flakiness = (try? reader?.flakiness(lastRuns: 20)) ?? [:]
            sinks.append(JUnitReporter(path: junit, flakiness: flakiness, loadFailures: loadFailures))
        }
        if let json = reports.reportJSON { sinks.append(JSONReporter(path: json, loadFailures: loadFailures)) }
        if let html { sinks.append(html) }
        if let gitHub { sinks.append(gitHub) }
        if reader !== store { try? reader?.close() }

        var include: (@Sendable (TestIdentity) -> Bool)?
        if !(selected.count == all.count && filter == nil) {
            let chosen = Set(selected)
            include = { identity in chosen.contains(identity) }
        }
        let total = suites.reduce(0) { $0 + $1.tests.count }
        // A suite's setup and teardown tests run when the selection keeps any of its tests.
        let chosenSuites = Set(selected.map(\.suiteFile))
        let phases = suites.reduce(0) { count, suite in
            let runs = suite.setup.count + suite.teardown.count
            guard runs > 0, !suite.tests.isEmpty, selectsAll || chosenSuites.contains(suite.displayPath) else {
                return count
            }
            return count + runs
        }
        let planned = selectsAll ? total : selected.count
        return RunPlan(
            suites: ordered,
            include: include,
            plannedCount: planned == 0 ? 0 : planned + phases,
            totalCount: total,
            sinks: sinks,
            store: store,
            warnings: warnings,
            historyKnowsPlan: historyKnowsPlan,
            rerunGroup: rerunGroup
        )
    }

    /// The units `--shard` splits the selection into: a sequential suite's selected tests together (they
    /// pass captures, cookies and state down in file order), each test of a parallel suite alone.
    static func shardUnits(_ selected: [TestIdentity], suites: [Suite]) -> [[TestIdentity]] {
        let parallel = Set(suites.filter(\.parallel).map(\.displayPath))
        var sequential: [String: [TestIdentity]] = [:]
        var units: [[TestIdentity]] = []
        for test in selected {
            if parallel.contains(test.suiteFile) {
                units.append([test])
            } else {
                sequential[test.suiteFile, default: []].append(test)
            }
        }
        return units + sequential.values
    }

    /// Suites with a test, a setup or a teardown that failed last time first (the suites `--rerun-failed`
    /// would run); inside a parallel suite the failed tests first. Sequential suites keep their file order:
    /// later tests may need earlier captures.
    static func failedFirst(_ suites: [Suite], lastStatuses: [TestIdentity: TestStatus]) -> [Suite] {
        // Names from the tests' outlines: no test is decoded to be ordered.
        func identity(_ suite: Suite, _ position: Int) -> TestIdentity {
            TestIdentity(
                suiteFile: suite.displayPath,
                suiteName: suite.name,
                testName: suite.tests.outline(at: position).name
            )
        }
        let reordered = suites.map { suite -> Suite in
            guard suite.parallel else { return suite }
            var suite = suite
            let order = TestSelection.failedFirst(Array(suite.tests.indices), lastStatuses: lastStatuses) {
                identity(suite, $0)
            }
            suite.tests = suite.tests.reordered(order)
            return suite
        }
        // A failed setup skipped the suite's tests, which kept their earlier outcomes: the suite failed all the same.
        let broken = suitesWithFailedSetupOrTeardown(suites, lastStatuses: lastStatuses)
        var failing: [Suite] = []
        var others: [Suite] = []
        for suite in reordered {
            if broken.contains(suite.displayPath)
                || suite.tests.indices.contains(where: { TestSelection.isFailing(lastStatuses[identity(suite, $0)]) })
            {
                failing.append(suite)
            } else {
                others.append(suite)
            }
        }
        return failing + others
    }
}
