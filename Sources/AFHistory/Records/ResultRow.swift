import AFRunner
import Foundation
import GRDB

/// A `results` row: one finished result, redacted. Without `keepsDetail` its headers and body excerpt are
/// NULL ([Detail levels](docs/history.md)), and only the fields it stores are redacted. SQLite gives it the
/// largest id plus one.
struct ResultRow: PersistableRecord {
    static let databaseTableName = "results"

    /// The result: redacted whole (`SinkRedactor.result`) when its detail is kept or it has a failure
    /// message; else as run, and `encode` masks the few fields it stores (the URL and the captures).
    let result: TestResult
    let runSequence: Int64
    let testID: Int64
    let keepsDetail: Bool
    let json: JSONEncoder

    func encode(to container: inout PersistenceContainer) throws {
        container["run_seq"] = runSequence
        container["test_id"] = testID
        container["line"] = result.line
        container["status"] = result.status.rawValue
        container["attempts"] = result.attempts
        container["started_at"] = result.startedAt
        container["duration_ms"] = result.durationMs
        // Without detail, a passing or skipped result has no failure message (no failed assertion, no
        // error: `RunRecorder` redacts any other whole), so only the URL and captures can need masking.
        let messages = keepsDetail ? result.failureMessages : []
        container["failure_messages"] = messages.isEmpty ? nil : try text(messages)
        container["error_kind"] = result.error?.kind
        container["curl_code"] = result.error?.curlCode
        container["skip_reason"] = result.skipReason
        // Every column is set, absent values as NULL, so every row goes through one cached INSERT.
        let request = result.request
        let response = result.response
        let timing = result.timings
        container["method"] = request?.method
        container["url"] = request.map { keepsDetail ? $0.url : SinkRedactor.url($0.url) }
        container["request_headers"] = keepsDetail ? try request.map { try text($0.headers) } : nil
        container["response_status"] = response?.status
        container["http_version"] = response?.httpVersion
        container["response_headers"] = keepsDetail ? try response.map { try text($0.headers) } : nil
        container["body_excerpt"] = keepsDetail ? response?.bodyExcerpt : nil
        container["body_bytes"] = response?.bodyBytes
        container["remote_ip"] = response?.remoteIP
        container["remote_port"] = response?.remotePort
        let captures = keepsDetail ? result.captures : Self.redacted(result.captures)
        container["captures"] = captures.isEmpty ? nil : try text(captures)
        container["dns_ms"] = timing?.dnsMs
        container["connect_ms"] = timing?.connectMs
        container["tls_ms"] = timing?.tlsMs
        container["wait_ms"] = timing?.waitMs
        container["ttfb_ms"] = timing?.ttfbMs
        container["download_ms"] = timing?.downloadMs
        container["total_ms"] = timing?.totalMs
        container["redirect_ms"] = timing?.redirectMs
        container["queue_ms"] = timing?.queueMs
        container["redirect_count"] = timing?.redirectCount
        container["connection_reused"] = timing?.connectionReused
        container["request_bytes"] = timing?.requestBytes
        container["response_bytes"] = timing?.responseBytes
        container["assertion_count"] = result.assertionCount
    }

    /// Captures with the values of secret-looking names masked, as `SinkRedactor.result` masks them.
    private static func redacted(_ captures: [String: String]) -> [String: String] {
        guard captures.keys.contains(where: SinkRedactor.isSecretName) else { return captures }
        return captures.reduce(into: [:]) { masked, capture in
            masked[capture.key] = SinkRedactor.isSecretName(capture.key) ? SinkRedactor.mask : capture.value
        }
    }

    private func text(_ value: some Encodable) throws -> String {
        String(decoding: try json.encode(value), as: UTF8.self)
    }
}
