import AFRunner
import Foundation

/// Writes the run as JUnit XML when it finishes (`--junit FILE`).
///
/// The default `.portable` layout validates against both common schemas, Jenkins xunit's `junit-10.xsd`
/// and windyroad's `JUnit.xsd` (copies in fixtures/junit/). Their intersection is narrow: `<testsuites>`
/// carries no attributes (windyroad allows none), a `<testcase>` holds at most one failure, error or
/// skipped element and no `<properties>`/`<system-out>`; so per-test data (file and line, attempts, phase
/// timings, flakiness) goes into the suite's `<properties>` as `<test name>.<key>`, and the redacted
/// request/response summaries into the suite's `<system-out>`. `.jenkins` adds totals on `<testsuites>` and a
/// `<system-out>` per test case, which Jenkins, GitLab and GitHub test reporters show per test.
public final class JUnitReporter: ResultSink {
    /// How much the XML may use beyond the strict common subset.
    public enum Dialect: String, Sendable, Hashable, CaseIterable {
        /// Valid against Jenkins xunit junit-10.xsd and windyroad JUnit.xsd.
        case portable
        /// Valid against Jenkins xunit junit-10.xsd; adds `<testsuites>` totals and per-test `<system-out>`.
        case jenkins
    }

    /// The file written.
    public let path: String
    /// Flakiness scores from history, written as properties.
    public let flakiness: [TestIdentity: Double]
    /// The layout.
    public let dialect: Dialect
    /// Suite files that did not load, each written as a testsuite with one errored test case.
    public let loadFailures: [SuiteLoadFailure]
    private let collector = ResultCollector()

    /// `--junit`, as failures name it.
    public var outputName: String { "--junit" }

    /// Creates a reporter.
    /// - Parameters:
    ///   - path: the XML file to write when the run finishes.
    ///   - flakiness: each test's flakiness score from history (0...1), for the `flakiness` property.
    ///   - dialect: the layout, `.portable` unless the consumer is known.
    ///   - loadFailures: the problems of the suite files that did not load, so that the test view shows them.
    public init(
        path: String,
        flakiness: [TestIdentity: Double] = [:],
        dialect: Dialect = .portable,
        loadFailures: [SuiteLoadFailure] = []
    ) {
        self.path = path
        self.flakiness = flakiness
        self.dialect = dialect
        self.loadFailures = loadFailures
    }

    /// Nothing to do until the end.
    public func runDidStart(_ run: RunInfo) async throws {}

    /// Keeps the result.
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        collector.append(result)
    }

    /// Writes the file.
    /// - Throws: `ReportError.cannotWrite`.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        try ReportFile.write(Data(xml(run: run, status: status).utf8), to: path)
    }

    /// The XML document for the results recorded so far.
    /// - Parameters:
    ///   - run: the run's identity.
    ///   - status: `.interrupted` marks every testsuite with the property `afrun.interrupted` and adds a testsuite
    ///     holding one errored testcase, "run interrupted", so that a CI test view shows the run red.
    /// - Returns: the document.
    public func xml(run: RunInfo, status: RunStatus = .complete) -> String {
        let suites = collector.bySuite
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let interrupted = status == .interrupted
        if dialect == .jenkins {
            let all = suites.flatMap { $0.results }
            let extra = (interrupted ? 1 : 0) + SuiteLoadFailure.byFile(loadFailures).count
            let errors = all.filter { $0.status == .error }.count + extra
            out +=
                "<testsuites name=\"afrun\" tests=\"\(all.count + extra)\" failures=\(quoted(all, .failed)) errors=\"\(errors)\""
            out += " time=\"\(Self.seconds(all.map(\.durationMs).reduce(0, +)))\">\n"
        } else {
            out += "<testsuites>\n"
        }
        for (index, suite) in suites.enumerated() {
            out += testsuite(
                index: index,
                file: suite.file,
                name: suite.name,
                results: suite.results,
                run: run,
                interrupted: interrupted
            )
        }
        let unloaded = SuiteLoadFailure.byFile(loadFailures)
        for (offset, group) in unloaded.enumerated() {
            out += unloadedSuite(index: suites.count + offset, file: group.file, failures: group.failures, run: run)
        }
        if interrupted { out += interruption(index: suites.count + unloaded.count, run: run) }
        out += "</testsuites>\n"
        return out
    }

    private func quoted(_ results: [TestResult], _ status: TestStatus) -> String {
        "\"\(results.filter { $0.status == status }.count)\""
    }

    private func testsuite(
        index: Int,
        file: String,
        name: String,
        results: [TestResult],
        run: RunInfo,
        interrupted: Bool
    ) -> String {
        let attribute = XMLText.escape
        let started = results.map(\.startedAt).min() ?? run.startedAt
        let count = { (status: TestStatus) in results.filter { $0.status == status }.count }
        let suiteName = name.trimmingCharacters(in: .whitespaces).isEmpty ? file : name
        let host = run.host.trimmingCharacters(in: .whitespaces).isEmpty ? "localhost" : run.host
        var out = "  <testsuite name=\"\(attribute(suiteName))\" package=\"\(attribute(file))\" id=\"\(index)\""
        out +=
            " tests=\"\(results.count)\" failures=\"\(count(.failed))\" errors=\"\(count(.error))\" skipped=\"\(count(.skipped))\""
        out +=
            " time=\"\(Self.seconds(results.map(\.durationMs).reduce(0, +)))\" timestamp=\"\(Self.timestamp(started))\""
        out += " hostname=\"\(attribute(host))\">\n"
        out += "    <properties>\n"
        var properties = suiteProperties(file: file, results: results, run: run)
        if interrupted { properties.insert(("afrun.interrupted", "true"), at: 0) }
        for (key, value) in properties {
            out += "      <property name=\"\(attribute(key))\" value=\"\(attribute(value))\"/>\n"
        }
        out += "    </properties>\n"
        for result in results { out += testcase(result, className: suiteName) }
        let output = dialect == .portable ? results.map(JUnitReporter.summary).joined(separator: "\n") : ""
        out += "    <system-out>\(XMLText.escapeText(output))</system-out>\n"
        out += "    <system-err></system-err>\n"
        out += "  </testsuite>\n"
        return out
    }

    /// The testsuite of an interrupted run: one errored testcase, "run interrupted".
    private func suiteProperties(file: String, results: [TestResult], run: RunInfo) -> [(String, String)] {
        var properties = [("afrun.run_id", run.id), ("afrun.suite_file", file), ("afrun.version", run.afrunVersion)]
        if let commit = run.gitCommit { properties.append(("afrun.git_commit", commit)) }
        if let shard = run.shard { properties.append(("afrun.shard", shard)) }
        for result in results {
            let prefix = result.identity.testName.isEmpty ? "test" : result.identity.testName
            properties.append(("\(prefix).file", "\(file):\(result.line)"))
            properties.append(("\(prefix).attempts", "\(result.attempts)"))
            properties.append(("\(prefix).retries", "\(max(0, result.attempts - 1))"))
            if result.phase != .test { properties.append(("\(prefix).phase", result.phase.rawValue)) }
            if !result.tags.isEmpty { properties.append(("\(prefix).tags", result.tags.joined(separator: ","))) }
            if let score = flakiness[result.identity] {
                properties.append(("\(prefix).flakiness", String(format: "%.3f", score)))
            }
            if let timing = result.timings {
                for (phase, value) in [
                    ("dns", timing.dnsMs), ("connect", timing.connectMs), ("tls", timing.tlsMs),
                    ("wait", timing.waitMs),
                    ("ttfb", timing.ttfbMs), ("download", timing.downloadMs), ("total", timing.totalMs),
                ] {
                    properties.append(("\(prefix).timing.\(phase)_ms", String(format: "%.3f", value)))
                }
            }
        }
        return properties
    }

    private func testcase(_ result: TestResult, className: String) -> String {
        let attribute = XMLText.escape
        var out = "    <testcase classname=\"\(attribute(className))\" name=\"\(attribute(result.identity.testName))\""
        out += " time=\"\(Self.seconds(result.durationMs))\""
        var body = ""
        switch result.status {
        case .passed:
            break
        case .failed:
            let failed = result.assertions.filter { !$0.passed }
            let message = result.failureMessages.first ?? "failed"
            let detail = failed.map { a in
                "\(a.kind)\(a.target.map { " \($0)" } ?? "") \(a.predicate): expected \(a.expected), actual \(a.actual ?? "(none)")"
            }
            let more = failed.count > 1 ? " (and \(failed.count - 1) more)" : ""
            body += "      <failure message=\"\(attribute(message + more))\" type=\"assertion\">"
            body += XMLText.escapeText(detail.joined(separator: "\n")) + "</failure>\n"
        case .error:
            let kind = result.error?.kind ?? "error"
            let message = result.error?.message ?? "error"
            let code = result.error?.curlCode.map { "libcurl code \($0)\n" } ?? ""
            let trust =
                result.tls.flatMap { $0.trusted ? nil : "TLS rejected: \($0.rejectionReason ?? "untrusted")\n" } ?? ""
            body += "      <error message=\"\(attribute(message))\" type=\"\(attribute(kind))\">"
            body += XMLText.escapeText(code + trust + message) + "</error>\n"
        case .skipped:
            body += "      <skipped message=\"\(attribute(result.skipReason ?? "skipped"))\"/>\n"
        }
        if dialect == .jenkins {
            body += "      <system-out>\(XMLText.escapeText(Self.summary(result)))</system-out>\n"
        }
        return body.isEmpty ? out + "/>\n" : out + ">\n" + body + "    </testcase>\n"
    }

    /// Seconds with three decimals, no grouping (both schemas' time formats).
    static func seconds(_ milliseconds: Double) -> String {
        String(format: "%.3f", max(0, milliseconds.isFinite ? milliseconds : 0) / 1000)
    }

    /// `YYYY-MM-DDTHH:MM:SS` in UTC, the only form windyroad's schema accepts.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
