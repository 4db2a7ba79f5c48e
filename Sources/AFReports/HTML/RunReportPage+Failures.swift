import AFRunner
import Foundation

extension RunReportPage {
    /// A section per failed or errored test: its messages, every assertion, the JSON diff of each failed
    /// JSON assertion, the request and response with clipped bodies, the error, retries and location.
    func failures(into page: inout HTMLPage, rows: [Row]) {
        page.raw("<section id=\"failures\"><h2>Failures and errors (\(rows.count))</h2>")
        if rows.isEmpty { page.raw("<p class=\"empty\">No test failed.</p>") }
        for (index, row) in rows.enumerated() {
            failure(row, detailed: index < Self.detailedFailureLimit, into: &page)
        }
        if rows.count > Self.detailedFailureLimit {
            page.raw("<p class=\"muted\">Requests, responses and assertion tables are shown for the first ")
            page.raw("\(Self.detailedFailureLimit) failures; the others show their messages.</p>")
        }
        page.raw("</section>")
    }

    private func failure(_ row: Row, detailed: Bool, into page: inout HTMLPage) {
        let r = row.result
        // A section, not an open `<details>`: each `<details>` costs the browser a shadow tree, and 5,000 of them
        // doubled the load time of a 10,000-test page.
        page.raw("<section class=\"failure \(r.status.rawValue)\" id=\"f-\(row.anchor)\"><h3>")
        page.raw("<span class=\"st \(r.status.rawValue)\">\(r.status.rawValue)</span> ")
        page.text(r.identity.suiteName)
        page.raw(" / ")
        page.text(r.identity.testName)
        page.element("span", "\(r.identity.suiteFile):\(r.line)", class: "where mono")
        page.raw("</h3><div class=\"facts\">")
        var facts = ["<b>\(HTMLText.escape(HTMLPage.duration(r.durationMs)))</b>"]
        if runs.count > 1 { facts.append("run \(row.run)") }
        facts.append(
            r.attempts > 1 ? "<b>\(r.attempts) attempts</b> (\(r.attempts - 1) retries)" : "1 attempt, no retry"
        )
        if let error = r.error {
            let code = error.curlCode.map { " (curl \($0))" } ?? ""
            facts.append("error <b class=\"mono\">\(HTMLText.escape(error.kind))</b>\(code)")
        }
        page.raw(facts.joined(separator: " · ") + "</div>")
        for message in r.failureMessages { page.element("div", message, class: "message") }
        guard detailed else {
            page.raw("</section>")
            return
        }
        assertions(r.assertions, into: &page)
        exchange(r, into: &page)
        page.raw("</section>\n")
    }

    private func assertions(_ list: [AssertionResult], into page: inout HTMLPage) {
        guard !list.isEmpty else { return }
        page.raw("<table class=\"asserts\"><thead><tr><th></th><th>Check</th><th>Predicate</th>")
        page.raw("<th>Expected</th><th>Actual</th></tr></thead><tbody>")
        for a in list {
            page.raw(a.passed ? "<tr class=\"good\"><td>✓</td>" : "<tr class=\"bad\"><td>✗</td>")
            page.element("td", a.kind + (a.target.map { " " + $0 } ?? ""), class: "mono")
            page.element("td", a.predicate)
            page.element("td", Self.clip(a.expected), class: "mono")
            page.element("td", a.actual.map(Self.clip) ?? "(none)", class: "mono")
            page.raw("</tr>")
        }
        page.raw("</tbody></table>")
        for a in list where !a.passed {
            guard let actual = a.actual, let lines = JSONDiff.lines(expected: a.expected, actual: actual) else {
                continue
            }
            page.raw("<h3>JSON diff")
            if let target = a.target { page.raw(" of <code>\(HTMLText.escape(target))</code>") }
            page.raw(" <span class=\"muted\">(− expected, + actual)</span></h3><pre class=\"diff\">")
            for line in lines {
                let kind = line.hasPrefix("+ ") ? "add" : line.hasPrefix("- ") ? "del" : nil
                if let kind { page.raw("<span class=\"\(kind)\">") }
                page.text(line)
                page.raw(kind == nil ? "\n" : "</span>")
            }
            page.raw("</pre>")
        }
    }

    private func exchange(_ r: TestResult, into page: inout HTMLPage) {
        guard r.request != nil || r.response != nil else { return }
        page.raw("<div class=\"exchange\">")
        if let request = r.request {
            page.raw("<div><h3>Request</h3><pre>")
            page.text("\(request.method) \(request.url)\n")
            for field in request.headers { page.text("\(field.name): \(field.value)\n") }
            if let body = request.bodyExcerpt, !body.isEmpty { clippedBody(body, into: &page) }
            page.raw("</pre></div>")
        }
        if let response = r.response {
            page.raw("<div><h3>Response</h3><pre>")
            page.text("\(response.httpVersion) \(response.status)")
            if let ip = response.remoteIP { page.text("  ← \(ip)" + (response.remotePort.map { ":\($0)" } ?? "")) }
            page.text("\n")
            for field in response.headers { page.text("\(field.name): \(field.value)\n") }
            if !response.bodyExcerpt.isEmpty { clippedBody(response.bodyExcerpt, into: &page) }
            page.raw("</pre></div>")
        }
        page.raw("</div>")
    }

    private func clippedBody(_ text: String, into page: inout HTMLPage) {
        page.text("\n")
        page.text(String(text.prefix(Self.bodyLimit)))
        if text.count > Self.bodyLimit {
            page.raw("<span class=\"clip\">… clipped at \(Self.bodyLimit) characters</span>")
        }
    }

    /// A value cut to the body limit, marked when cut.
    static func clip(_ text: String) -> String {
        text.count > bodyLimit ? String(text.prefix(bodyLimit)) + "… (clipped)" : text
    }
}
