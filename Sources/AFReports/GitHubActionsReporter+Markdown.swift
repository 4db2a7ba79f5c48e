import AFRunner
import AFSuite
import Foundation

extension GitHubActionsReporter {
    /// The most failures listed in the summary (the job log and JUnit file hold the rest).
    static let summaryFailureLimit = 50

    /// The step summary in GitHub-flavoured Markdown.
    /// - Parameters:
    ///   - loadFailures: the suite files that did not load (the run is then failed, whatever its tests did).
    ///   - path: a suite file as the summary shows it (relative to the workspace, as the annotations).
    static func markdown(
        run: RunInfo,
        summary: RunSummary,
        status: RunStatus,
        results: [TestResult],
        loadFailures: [SuiteLoadFailure] = [],
        path: (String) -> String = { $0 }
    ) -> String {
        let failed = summary.failed + summary.errors > 0 || !loadFailures.isEmpty
        let icon = failed ? "❌" : (status == .interrupted ? "⚠️" : "✅")
        // The suites' tests, then their setup and teardown tests apart, as the terminal's summary line.
        let tests = summary.tests
        let notes = summary.phaseNotes.map { ", " + $0.text }.joined()
        var lines = [
            "## \(icon) afrun: \(tests.passed) passed, \(tests.failed) failed, \(tests.errors) errors, \(tests.skipped) skipped\(notes)",
            "",
            "| Tests | Passed | Failed | Errors | Skipped | Duration | p50 | p95 |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            "| \(tests.total) | \(tests.passed) | \(tests.failed) | \(tests.errors) | \(tests.skipped) | "
                + "\(String(format: "%.2f", summary.durationMs / 1000)) s | \(milliseconds(summary.p50Ms)) | \(milliseconds(summary.p95Ms)) |",
            "",
        ]
        var details = ["Run `\(run.id)`"]
        if let shard = run.shard { details.append("shard \(shard)") }
        if status == .interrupted { details.append("**interrupted**") }
        lines.append(details.joined(separator: " · "))
        lines.append("")
        if !loadFailures.isEmpty {
            lines += ["### Suites that did not load", "", "| Location | Problem |", "| --- | --- |"]
            for failure in loadFailures.prefix(summaryFailureLimit) {
                let fix = failure.fix.map { " (fix: \($0))" } ?? ""
                lines.append("| 💥 \(code(failure.place)) | \(cell(failure.message + fix)) |")
            }
            lines.append("")
        }
        let failures = results.filter { TestSelection.isFailing($0.status) }
        if !failures.isEmpty {
            lines += ["### Failures", "", "| Test | Location | Message |", "| --- | --- | --- |"]
            for result in failures.prefix(summaryFailureLimit) {
                let mark = result.status == .error ? "💥" : "❌"
                let message = result.failureMessages.joined(separator: "; ")
                lines.append(
                    "| \(mark) \(cell(result.identity.description)) | \(code("\(path(result.identity.suiteFile)):\(result.line)")) | \(cell(message)) |"
                )
            }
            if failures.count > summaryFailureLimit {
                lines.append("")
                lines.append("… and \(failures.count - summaryFailureLimit) more (see the JUnit report).")
            }
            lines.append("")
        }
        let retried = results.filter { $0.status == .passed && $0.attempts > 1 }
        if !retried.isEmpty {
            lines.append("### Passed after retries")
            lines.append("")
            lines += retried.prefix(summaryFailureLimit).map {
                "- \(cell($0.identity.description)) (\($0.attempts) attempts)"
            }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func milliseconds(_ value: Double?) -> String {
        value.map { String(format: "%.1f ms", $0) } ?? "–"
    }

    /// A table cell that shows `text` as written: line breaks flattened, other control characters written
    /// visibly (`\x1b`), bounded, HTML's `<`, `>` and `&` as
    /// character references (GitHub would take `<suite>` for a tag and drop it, and `<!--` would hide the rest
    /// of the summary), and Markdown's punctuation and the cell's `|` escaped with a backslash.
    static func cell(_ text: String) -> String {
        let flat = TerminalText.visible(
            text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        )
        let clipped = flat.count > 300 ? String(flat.prefix(300)) + "…" : flat
        var output = ""
        output.reserveCapacity(clipped.utf8.count)
        for scalar in clipped.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "|", "\\", "`", "*", "_", "[", "]", "~": output += "\\" + String(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A cell's text in monospace: an HTML `<code>`, because a Markdown code span shows character references
    /// and backslashes as they are.
    static func code(_ text: String) -> String {
        "<code>\(cell(text))</code>"
    }
}
