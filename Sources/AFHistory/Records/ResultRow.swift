import AFRunner
import Foundation
import GRDB

/// A `results` row: one finished result, redacted. Without `keepsDetail` its headers and body excerpt are
/// NULL ([Detail levels](docs/history.md)), and only the fields it stores are redacted.
///
/// Inserted through cached statements with positional arguments, several rows per statement, rather than
/// as a `PersistableRecord` or with named arguments: GRDB builds a container and its SQL for every record,
/// and a dictionary of arguments for every named insert, and that was most of the writer's CPU.
struct ResultRow {
    /// The columns the INSERT names: every column of `results` but `id` (SQLite gives the largest id plus
    /// one), in table order, which is the order `arguments` gives their values in.
    static let columns = Array(HistorySchema.resultsColumnNames.dropFirst())

    /// The rows one statement inserts, largest first: a batch goes in through a bounded set of cached
    /// statements (`insertSQL(rows:)`), one per size. 64 rows bind 2,304 values, far below SQLite's limit
    /// (32,766).
    static let statementSizes = [64, 16, 4, 1]

    /// The INSERT of `rows` rows.
    static func insertSQL(rows: Int) -> String {
        let placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO results (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: placeholders, count: rows).joined(separator: ", ")
    }

    /// The result: redacted whole (`SinkRedactor.result`) when its detail is kept or it has a failure
    /// message; else as run, and `arguments` masks the few fields it stores (the URL and the captures).
    let result: TestResult
    let runSequence: Int64
    let testID: Int64
    let keepsDetail: Bool

    /// Whether the row needs `assertions` or `tls` rows, which need its id: it is then inserted alone.
    var hasChildren: Bool { (keepsDetail && !result.assertions.isEmpty) || result.tls != nil }

    /// The row's values, in the order of `columns`. An array literal: GRDB builds it in one pass, where its
    /// initializer from a sequence goes through a generic, unspecialized `map`.
    func arguments(json: JSONEncoder) throws -> StatementArguments {
        let request = result.request
        let response = result.response
        let timing = result.timings
        let error = result.error
        // Without detail, a passing or skipped result has no failure message (no failed assertion, no
        // error: `RunRecorder` redacts any other whole), so only the URL and captures can need masking.
        let messages = keepsDetail ? result.failureMessages : []
        let captures = keepsDetail ? result.captures : Self.redacted(result.captures)
        let url = request.map { keepsDetail ? $0.url : SinkRedactor.url($0.url) }
        let requestHeaders = keepsDetail ? try request.map { try text($0.headers, json) } : nil
        let responseHeaders = keepsDetail ? try response.map { try text($0.headers, json) } : nil
        let bodyExcerpt = keepsDetail ? response?.bodyExcerpt : nil
        return [
            runSequence, testID, result.line, result.status.rawValue, result.attempts, result.startedAt,
            result.durationMs,
            messages.isEmpty ? nil : try text(messages, json), error?.kind, error?.curlCode, result.skipReason,
            request?.method, url, requestHeaders,
            response?.status, response?.httpVersion, responseHeaders, bodyExcerpt, response?.bodyBytes,
            response?.remoteIP, response?.remotePort,
            captures.isEmpty ? nil : try text(captures, json),
            timing?.dnsMs, timing?.connectMs, timing?.tlsMs, timing?.waitMs, timing?.ttfbMs, timing?.downloadMs,
            timing?.totalMs, timing?.redirectMs, timing?.queueMs,
            timing?.redirectCount, timing?.connectionReused, timing?.requestBytes, timing?.responseBytes,
            result.assertionCount,
        ]
    }

    /// Captures with the values of secret-looking names masked, as `SinkRedactor.result` masks them.
    private static func redacted(_ captures: [String: String]) -> [String: String] {
        guard captures.keys.contains(where: SinkRedactor.isSecretName) else { return captures }
        return captures.reduce(into: [:]) { masked, capture in
            masked[capture.key] = SinkRedactor.isSecretName(capture.key) ? SinkRedactor.mask : capture.value
        }
    }

    private func text(_ value: some Encodable, _ json: JSONEncoder) throws -> String {
        String(decoding: try json.encode(value), as: UTF8.self)
    }
}
