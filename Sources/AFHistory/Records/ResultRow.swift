import AFRunner
import Foundation
import GRDB

/// A `results` row: one finished result (redacted by `SinkRedactor`). Without `keepsDetail` its headers and
/// body excerpt are NULL ([Detail levels](docs/history.md)).
struct ResultRow: PersistableRecord {
    static let databaseTableName = "results"

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
        let messages = result.failureMessages
        container["failure_messages"] = messages.isEmpty ? nil : try text(messages)
        container["error_kind"] = result.error?.kind
        container["curl_code"] = result.error?.curlCode
        container["skip_reason"] = result.skipReason
        if let request = result.request {
            container["method"] = request.method
            container["url"] = request.url
            container["request_headers"] = keepsDetail ? try text(request.headers) : nil
        }
        if let response = result.response {
            container["response_status"] = response.status
            container["http_version"] = response.httpVersion
            container["response_headers"] = keepsDetail ? try text(response.headers) : nil
            container["body_excerpt"] = keepsDetail ? response.bodyExcerpt : nil
            container["body_bytes"] = response.bodyBytes
            container["remote_ip"] = response.remoteIP
            container["remote_port"] = response.remotePort
        }
        container["captures"] = result.captures.isEmpty ? nil : try text(result.captures)
        if let timing = result.timings {
            container["dns_ms"] = timing.dnsMs
            container["connect_ms"] = timing.connectMs
            container["tls_ms"] = timing.tlsMs
            container["wait_ms"] = timing.waitMs
            container["ttfb_ms"] = timing.ttfbMs
            container["download_ms"] = timing.downloadMs
            container["total_ms"] = timing.totalMs
            container["redirect_ms"] = timing.redirectMs
            container["queue_ms"] = timing.queueMs
            container["redirect_count"] = timing.redirectCount
            container["connection_reused"] = timing.connectionReused
            container["request_bytes"] = timing.requestBytes
            container["response_bytes"] = timing.responseBytes
        }
        container["assertion_count"] = result.assertionCount
    }

    private func text(_ value: some Encodable) throws -> String {
        String(decoding: try json.encode(value), as: UTF8.self)
    }
}
