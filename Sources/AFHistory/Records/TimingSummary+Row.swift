import AFRunner
import GRDB

extension TimingSummary {
    /// The timings of a `results` row (its `HistorySchema.timingColumns`), or nil when it has none: a result
    /// without a transfer, or one whose row lacks a phase it must have.
    init?(row: Row) {
        guard let dnsMs = row["dns_ms"] as Double?, let connectMs = row["connect_ms"] as Double?,
            let tlsMs = row["tls_ms"] as Double?, let waitMs = row["wait_ms"] as Double?,
            let ttfbMs = row["ttfb_ms"] as Double?, let downloadMs = row["download_ms"] as Double?,
            let totalMs = row["total_ms"] as Double?, let redirectMs = row["redirect_ms"] as Double?,
            let redirectCount = row["redirect_count"] as Int?, let reused = row["connection_reused"] as Bool?,
            let requestBytes = row["request_bytes"] as Int64?, let responseBytes = row["response_bytes"] as Int64?
        else { return nil }
        self.init(
            dnsMs: dnsMs,
            connectMs: connectMs,
            tlsMs: tlsMs,
            waitMs: waitMs,
            ttfbMs: ttfbMs,
            downloadMs: downloadMs,
            totalMs: totalMs,
            redirectMs: redirectMs,
            queueMs: row["queue_ms"],
            redirectCount: redirectCount,
            connectionReused: reused,
            requestBytes: requestBytes,
            responseBytes: responseBytes
        )
    }
}
