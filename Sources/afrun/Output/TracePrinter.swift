import AFRunner
import AFSuite
import Foundation

/// `-vv`: every test's request and response under its result line, passing tests too, in curl's `-v`
/// notation (`> ` sent, `< ` received). The result is already redacted by the runner; the names that look
/// secret are masked once more here (``SinkRedactor``), as every output that leaves the process is.
struct TracePrinter {
    let style: Style
    /// Characters of a body shown at most (the runner keeps at most 2 KiB of each).
    static let bodyLimit = 1_024

    /// The trace of `result`'s last attempt, one string of lines (without a final newline), so tests that
    /// finish together print their traces whole, not interleaved; nil when nothing was sent.
    func text(for result: TestResult) -> String? {
        guard let request = result.request else { return nil }
        var lines: [String] = []
        if result.attempts > 1 { lines.append(style.dim("  (attempt \(result.attempts))")) }
        lines.append("  > \(shown(request.method)) \(shown(SinkRedactor.url(request.url)))")
        for h in SinkRedactor.headers(request.headers) { lines.append("  > \(shown(h.name)): \(shown(h.value))") }
        if let body = request.bodyExcerpt, !body.isEmpty {
            lines.append("  >")
            lines += bodyLines(SinkRedactor.text(body), marker: ">", total: nil)
        }
        if let response = result.response {
            lines.append("  < \(response.status) \(shown(response.httpVersion))")
            for h in SinkRedactor.headers(response.headers) { lines.append("  < \(shown(h.name)): \(shown(h.value))") }
            if !response.bodyExcerpt.isEmpty {
                lines.append("  <")
                lines += bodyLines(SinkRedactor.text(response.bodyExcerpt), marker: "<", total: response.bodyBytes)
            }
        } else if let error = result.error {
            lines.append("  < \(style.red("no response")): \(error.kind): \(shown(error.message))")
        }
        return lines.joined(separator: "\n")
    }

    /// A body's lines, clipped at ``bodyLimit`` characters, saying so (with the body's size when known).
    private func bodyLines(_ text: String, marker: String, total: Int64?) -> [String] {
        let clipped = text.count > Self.bodyLimit
        let shownText = clipped ? String(text.prefix(Self.bodyLimit)) : text
        var lines = shownText.split(separator: "\n", omittingEmptySubsequences: false).map {
            "  \(marker) " + TerminalText.visible(String($0), multiline: true)
        }
        // The runner's excerpt says itself when it holds only the start of a longer body.
        if clipped {
            let whole = total.map { ", \($0) bytes in all" } ?? ""
            lines.append(style.dim("  \(marker) … clipped at \(Self.bodyLimit) characters\(whole)"))
        }
        return lines
    }

    /// Data as the terminal may show it: control characters written as escapes (`\x1b`).
    private func shown(_ text: String) -> String { TerminalText.visible(text) }
}
