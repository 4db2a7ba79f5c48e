import AFRunner
import AFSuite
import Foundation
import Locking

/// GitHub Actions integration: an `::error` workflow command per failing test as results arrive (GitHub
/// shows it on the suite file's line), a `::warning` per test that passed only after a retry, and a
/// Markdown summary appended to `$GITHUB_STEP_SUMMARY` when the run ends.
///
/// One reporter may serve several runs of one command (`afrun run --repeat N`): each run appends its own
/// summary, and an annotation already written (same test, same message) is not written again, so a failure
/// that repeats is annotated once.
public final class GitHubActionsReporter: ResultSink {
    /// Where annotation lines go: standard output unless a test captures them.
    public typealias Output = @Sendable (String) -> Void

    /// Whether the process runs inside GitHub Actions (`GITHUB_ACTIONS=true`).
    public static func isEnabled(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    private let summaryPath: String?
    private let workspace: String?
    private let output: Output
    /// The run's HTML report (`--html`), linked from the summary through the workflow run's artifacts.
    private let htmlReport: String?
    private let artifactsURL: String?
    private let collector = ResultCollector()
    private let written = LockedValue<Set<String>>([])
    private let unloaded = LockedValue<[SuiteLoadFailure]>([])

    /// The step summary, as failures name it (`GITHUB_STEP_SUMMARY`).
    public var outputName: String { "GITHUB_STEP_SUMMARY" }

    /// Creates a reporter.
    /// - Parameters:
    ///   - environment: the process environment (`GITHUB_STEP_SUMMARY`, `GITHUB_WORKSPACE`).
    ///   - output: receives each annotation line (without newline); prints by default.
    ///   - htmlReport: the `--html` file, named in the summary with a link to the run's artifacts.
    public init(environment: [String: String], output: @escaping Output = { print($0) }, htmlReport: String? = nil) {
        self.htmlReport = htmlReport
        if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            let runID = environment["GITHUB_RUN_ID"], !server.isEmpty, !repository.isEmpty, !runID.isEmpty
        {
            self.artifactsURL = "\(server)/\(repository)/actions/runs/\(runID)#artifacts"
        } else {
            self.artifactsURL = nil
        }
        let summary = environment["GITHUB_STEP_SUMMARY"] ?? ""
        self.summaryPath = summary.isEmpty ? nil : summary
        self.workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
        self.output = output
    }

    /// Annotates each problem of a suite file that did not load on its line (once, however many runs follow),
    /// and keeps them for the summaries of the runs that follow, which then show the run failed.
    /// - Parameter failures: the load problems; `--watch` passes them anew after each load.
    public func suitesDidNotLoad(_ failures: [SuiteLoadFailure]) {
        unloaded.withLock { $0 = failures }
        for failure in failures {
            var properties = ["file=\(Self.escapeProperty(relative(failure.file)))"]
            if let line = failure.line { properties.append("line=\(max(1, line))") }
            if let column = failure.column { properties.append("col=\(max(1, column))") }
            properties.append("title=\(Self.escapeProperty("afrun: suite does not load"))")
            let message = failure.message + (failure.fix.map { "\nfix: \($0)" } ?? "")
            let line = "::error \(properties.joined(separator: ","))::\(Self.escapeData(message))"
            if written.withLock({ $0.insert(line).inserted }) { output(line) }
        }
    }

    /// Starts the run's summary afresh: results of an earlier run of this reporter are not in it.
    public func runDidStart(_ run: RunInfo) async throws {
        collector.removeAll()
    }

    /// Annotates a failure, an error, or a pass that needed retries.
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        let redacted = SinkRedactor.result(result)
        collector.append(redacted: redacted)
        guard let line = annotation(for: redacted) else { return }
        if written.withLock({ $0.insert(line).inserted }) { output(line) }
    }

    /// The summary's pointer to the HTML report: GitHub cannot show an artifact's page inline, so the
    /// line names the file and links to the run's artifacts, where the upload step puts it.
    private var htmlLine: String {
        guard let htmlReport else { return "" }
        let name = (htmlReport as NSString).lastPathComponent
        guard let artifactsURL else { return "📊 HTML report: `\(Self.cell(name))` (in this run's artifacts)\n" }
        return "📊 HTML report: [`\(Self.cell(name))` in this run's artifacts](\(artifactsURL))\n"
    }

    /// Appends the Markdown summary when `GITHUB_STEP_SUMMARY` is set.
    /// - Throws: `ReportError.cannotWrite` when the summary file cannot be appended to.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        guard let summaryPath else { return }
        let markdown =
            Self.markdown(
                run: run,
                summary: summary,
                status: status,
                results: collector.all,
                loadFailures: unloaded.withLock { $0 }.map { relative($0) },
                path: { relative($0) }
            ) + htmlLine
        guard let handle = FileHandle(forWritingAtPath: summaryPath) ?? Self.create(summaryPath) else {
            throw ReportError.cannotWrite(path: summaryPath, reason: "GITHUB_STEP_SUMMARY cannot be opened")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(markdown.utf8))
        } catch {
            throw ReportError.cannotWrite(path: summaryPath, reason: error.localizedDescription)
        }
    }

    private static func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }

    /// The workflow command for a result, nil when it needs none.
    public func annotation(for result: TestResult) -> String? {
        let command: String
        let message: String
        switch result.status {
        case .failed, .error:
            command = "error"
            message =
                result.failureMessages.isEmpty ? result.status.rawValue : result.failureMessages.joined(separator: "\n")
        case .passed where result.attempts > 1:
            command = "warning"
            message = "passed after \(result.attempts) attempts (flaky)"
        default:
            return nil
        }
        let properties = [
            "file=\(Self.escapeProperty(relative(result.identity.suiteFile)))",
            "line=\(max(1, result.line))",
            "title=\(Self.escapeProperty("afrun: \(result.identity)"))",
        ]
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    /// The failure with its file relative to the workspace.
    private func relative(_ failure: SuiteLoadFailure) -> SuiteLoadFailure {
        var relative = failure
        relative.file = self.relative(failure.file)
        return relative
    }

    /// The suite path relative to the workspace, as GitHub expects for file annotations.
    func relative(_ file: String) -> String {
        guard let workspace, file.hasPrefix(workspace + "/") else { return file }
        return String(file.dropFirst(workspace.count + 1))
    }

    /// Escapes a workflow command's message. Line breaks are the command's syntax (`%0A`); other control
    /// characters (a suite name's or a response's `ESC ]0;…`, DEL, C1) are written visibly as on the terminal,
    /// since the runner prints them into the log raw. The same line also reaches a developer's terminal.
    static func escapeData(_ text: String) -> String {
        TerminalText.visible(
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"),
            multiline: true
        )
    }

    /// Escapes a workflow command's property value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
