import AFRunner
import Foundation
import GRDB

/// A `results` row: one finished result (redacted by `SinkRedactor`). Without `keepsDetail` its headers and
/// body excerpt are NULL ([Detail levels](docs/history.md)).
///
/// Inserted through a cached statement with named arguments rather than as a `PersistableRecord`: GRDB's
/// record insert builds a container and its SQL for every row, which was most of the writer's CPU.
struct ResultRow {
    /// The INSERT, naming every column but `id` (SQLite gives the largest id plus one).
    static let insertSQL: String = {
        let columns = HistorySchema.resultsColumnNames.dropFirst()
        return "INSERT INTO results (\(columns.joined(separator: ", "))) VALUES (\(columns.map { ":" + $0 }.joined(separator: ", ")))"
    }()

    let result: TestResult
    let runSequence: Int64
    let testID: Int64
    let keepsDetail: Bool
    let json: JSONEncoder

    /// The row's values by column name.
    func arguments() throws -> StatementArguments {
        let request = result.request, response = result.response, timing = result.timings
        let messages = result.failureMessages
        let values: [String: (any DatabaseValueConvertible)?] = [
            "run_seq": runSequence, "test_id": testID, "line": result.line, "status": result.status.rawValue,
            "attempts": result.attempts, "started_at": result.startedAt, "duration_ms": result.durationMs,
            "failure_messages": messages.isEmpty ? nil : try text(messages),
            "error_kind": result.error?.kind, "curl_code": result.error?.curlCode, "skip_reason": result.skipReason,
            "method": request?.method, "url": request?.url,
            "request_headers": keepsDetail ? try request.map { try text($0.headers) } : nil,
            "response_status": response?.status, "http_version": response?.httpVersion,
            "response_headers": keepsDetail ? try response.map { try text($0.headers) } : nil,
            "body_excerpt": keepsDetail ? response?.bodyExcerpt : nil, "body_bytes": response?.bodyBytes,
            "remote_ip": response?.remoteIP, "remote_port": response?.remotePort,
            "captures": result.captures.isEmpty ? nil : try text(result.captures),
            "dns_ms": timing?.dnsMs, "connect_ms": timing?.connectMs, "tls_ms": timing?.tlsMs, "wait_ms": timing?.waitMs,
            "ttfb_ms": timing?.ttfbMs, "download_ms": timing?.downloadMs, "total_ms": timing?.totalMs,
            "redirect_ms": timing?.redirectMs, "queue_ms": timing?.queueMs, "redirect_count": timing?.redirectCount,
            "connection_reused": timing?.connectionReused, "request_bytes": timing?.requestBytes,
            "response_bytes": timing?.responseBytes, "assertion_count": result.assertionCount,
        ]
        return StatementArguments(values)
    }

    private func text(_ value: some Encodable) throws -> String {
        String(decoding: try json.encode(value), as: UTF8.self)
    }
}
