import AFReports
import AFRunner
import AFSuite
import Foundation

/// Prints failed and errored tests after the run: every failing assertion with expected and
/// actual (a diff for JSON values), then a response excerpt; with `--verbose` the request and
/// response in full (both redacted).
struct FailurePrinter {
    let console: Console
    let style: Style
    let verbose: Bool
    /// Lines of response body shown at most (without `--verbose`).
    let excerptLines = 12

    /// Prints the failures of `results`; returns whether there were any.
    @discardableResult
    func print(_ results: [TestResult]) -> Bool {
        // Indices, not a filtered copy: iterating or filtering copies every (large) result.
        let failures = results.indices.filter { results[$0].status == .failed || results[$0].status == .error }
        guard !failures.isEmpty else { return false }
        console.out("")
        console.out(style.bold("Failures:"))
        for index in failures { printOne(results[index]) }
        return true
    }

    private func printOne(_ r: TestResult) {
        console.out("")
        let word = r.status == .error ? "ERROR" : "FAIL"
        console.out(
            "\(style.red(word)) \(style.bold(shown(r.identity.description)))  \(style.dim("\(shown(r.identity.suiteFile)):\(r.line)"))"
        )
        if r.attempts > 1 { console.out(style.dim("  after \(r.attempts) attempts")) }
        if let error = r.error {
            console.out("  \(style.red("✗")) \(error.kind): \(shown(error.message))")
            if verbose, let measured = Self.measured(error: error, timings: r.timings) {
                console.out(style.dim("  \(measured)"))
            }
        }
        for a in r.assertions where !a.passed {
            // A message of several lines (a schema's violations, one per line) keeps its lines; each is
            // escaped on its own, so data in it still cannot move the cursor or start a line of its own.
            let lines = a.message.split(separator: "\n", omittingEmptySubsequences: false)
            console.out("  \(style.red("✗")) \(shown(String(lines[0])))")
            for line in lines.dropFirst() { console.out("  " + shown(String(line))) }
            if let actual = a.actual, a.predicate == "equals",
                let diff = JSONDiff.lines(expected: a.expected, actual: actual)
            {
                console.out(style.dim("    --- expected  +++ actual"))
                for line in diff.map(shown) {
                    let styled =
                        line.hasPrefix("-") ? style.red(line) : (line.hasPrefix("+") ? style.green(line) : line)
                    console.out("    " + styled)
                }
            }
        }
        if verbose, let request = r.request {
            console.out(style.dim("  request:"))
            console.out("    \(shown(request.method)) \(shown(request.url))")
            for h in request.headers { console.out("    \(shown(h.name)): \(shown(h.value))") }
            if let body = request.bodyExcerpt, !body.isEmpty { indent(body, limit: nil) }
        }
        // The values `{{$uuid}}`, `{{$randomInt(…)}}`… gave this request (kept beside the captures).
        let generated = r.captures.filter { $0.key.hasPrefix("$") }.sorted { $0.key < $1.key }
        if verbose, !generated.isEmpty {
            console.out(style.dim("  generated:"))
            for (name, value) in generated { console.out("    \(shown(name)) = \(shown(value))") }
        }
        if let response = r.response {
            console.out(
                style.dim("  response: \(response.status) \(shown(response.httpVersion)), \(response.bodyBytes) bytes")
            )
            if verbose { for h in response.headers { console.out("    \(shown(h.name)): \(shown(h.value))") } }
            if !response.bodyExcerpt.isEmpty { indent(response.bodyExcerpt, limit: verbose ? nil : excerptLines) }
        }
    }

    /// An error's curl code and the phases libcurl measured before it failed (`curl code 18; measured: connect
    /// 0.4ms, ttfb 2.1ms, total 2.3ms`): a phase it never reached is zero and left out.
    static func measured(error: TestErrorInfo, timings: TimingSummary?) -> String? {
        var parts: [String] = []
        if let code = error.curlCode { parts.append("curl code \(code)") }
        if let t = timings {
            let phases = [
                ("dns", t.dnsMs), ("connect", t.connectMs), ("tls", t.tlsMs), ("ttfb", t.ttfbMs),
                ("download", t.downloadMs), ("total", t.totalMs),
            ]
            let reached = phases.filter { $0.1 > 0 }.map { "\($0.0) \(Format.ms($0.1))" }
            if !reached.isEmpty { parts.append("measured: " + reached.joined(separator: ", ")) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Data as the terminal may show it: control characters written as escapes (`\x1b`).
    private func shown(_ text: String) -> String { TerminalText.visible(text) }

    private func indent(_ text: String, limit: Int?) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.prefix(limit ?? lines.count) {
            console.out("    " + TerminalText.visible(String(line), multiline: true))
        }
        if let limit, lines.count > limit { console.out(style.dim("    … \(lines.count - limit) more lines (use -v)")) }
    }
}

/// `N passed, N failed, N errors, N skipped, setup N, teardown N in 1.23s (p50 12ms, p95 40ms)`: the
/// counts are the suites' tests; setup and teardown tests are counted apart, with their problems.
enum SummaryLine {
    static func text(_ summary: RunSummary, style: Style) -> String {
        let s = summary.tests
        // Concatenated rather than `joined`: the generic join's first use costs a protocol-conformance
        // lookup at run time, one of the little things of a short run's start-up.
        var parts = style.green("\(s.passed) passed")
        parts += ", " + (s.failed > 0 ? style.red("\(s.failed) failed") : "\(s.failed) failed")
        parts += ", " + (s.errors > 0 ? style.red("\(s.errors) errors") : "\(s.errors) errors")
        parts += ", " + (s.skipped > 0 ? style.yellow("\(s.skipped) skipped") : "\(s.skipped) skipped")
        for note in summary.phaseNotes { parts += ", " + (note.hasProblems ? style.red(note.text) : note.text) }
        parts += " in " + FixedDecimal.text(summary.durationMs / 1_000, digits: 2) + "s"
        if let p50 = summary.p50Ms, let p95 = summary.p95Ms {
            parts += " (p50 \(Format.ms(p50)), p95 \(Format.ms(p95)))"
        }
        return parts
    }
}
