import AFRunner
import Foundation

/// One stored result, as `history show` and `history test` list it.
public struct ResultRecord: Sendable, Hashable, Codable {
    /// The run it belongs to.
    public var runID: String
    /// The run's sequence number.
    public var runSequence: Int64
    /// Which test.
    public var identity: TestIdentity
    /// The test's line in its suite file.
    public var line: Int
    /// How it ended.
    public var status: TestStatus
    /// Attempts made.
    public var attempts: Int
    /// When it started.
    public var startedAt: Date
    /// Wall time of all attempts.
    public var durationMs: Double
    /// Failed assertion messages or the error message.
    public var failureMessages: [String]
    /// The error kind for `.error`.
    public var errorKind: String?
    /// Why a skipped result was skipped (its `skip` text, `interrupted`, a failed dependency).
    public var skipReason: String? = nil
    /// libcurl's code for a transfer error (`CURLE_…`), when the error came from libcurl.
    public var curlCode: Int?
    /// The response status code.
    public var responseStatus: Int?
    /// The HTTP version.
    public var httpVersion: String?
    /// The server's address.
    public var remoteIP: String?
    /// The response body's length.
    public var bodyBytes: Int64?
    /// The transfer's total time (the `total` phase), when a transfer happened.
    public var totalMs: Double?
    /// Every phase libcurl measured, when a transfer happened: for an errored result, the phases it measured
    /// before the failure (a connect, a first byte), the others zero.
    public var timings: TimingSummary?
    /// How many assertions were evaluated (for results recorded before schema version 2, counted from their
    /// assertion rows by the migration).
    public var assertionCount: Int?
    /// Whether the history kept this result's headers, body excerpt and assertion rows (false for a
    /// passing or skipped result of a run recorded with `HistoryDetail.failures`).
    public var detailKept: Bool
}
