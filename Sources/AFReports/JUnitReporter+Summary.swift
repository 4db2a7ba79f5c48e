import AFRunner
import Foundation

extension JUnitReporter {
    /// The most body text a summary shows.
    static let bodyLimit = 512

    /// A plain-text summary of a result (already redacted): status, request line and headers, response
    /// line, headers and a bounded body excerpt.
    static func summary(_ result: TestResult) -> String {
        var lines = [
            "== \(result.identity) (\(result.identity.suiteFile):\(result.line)) \(result.status.rawValue)"
                + " in \(String(format: "%.1f", result.durationMs)) ms, \(result.attempts) attempt\(result.attempts == 1 ? "" : "s")"
        ]
        if let request = result.request {
            lines.append("> \(request.method) \(request.url)")
            lines += request.headers.map { "> \($0.name): \($0.value)" }
        }
        if let response = result.response {
            let peer = response.remoteIP.map { ip in " from \(ip)\(response.remotePort.map { ":\($0)" } ?? "")" } ?? ""
            lines.append("< \(response.httpVersion) \(response.status) (\(response.bodyBytes) bytes)\(peer)")
            lines += response.headers.map { "< \($0.name): \($0.value)" }
            if !response.bodyExcerpt.isEmpty {
                let excerpt = String(response.bodyExcerpt.prefix(bodyLimit))
                lines.append("< " + excerpt.replacingOccurrences(of: "\n", with: "\n< "))
            }
        }
        if let timing = result.timings {
            lines.append(
                String(
                    format: "timings ms: dns %.1f, connect %.1f, tls %.1f, ttfb %.1f, download %.1f, total %.1f",
                    timing.dnsMs,
                    timing.connectMs,
                    timing.tlsMs,
                    timing.ttfbMs,
                    timing.downloadMs,
                    timing.totalMs
                )
            )
        }
        lines += result.failureMessages.map { "! \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
