import AFRunner

/// How much of each result the history keeps (`--history-detail`, `AFRUN_HISTORY_DETAIL`), recorded per
/// run in `runs.history_detail`.
///
/// Every result keeps its status, attempts, timings, response status, HTTP version, remote address, byte
/// counts, method, redacted URL, captures, TLS evidence and the number of assertions evaluated. The
/// request and response headers, the body excerpt and the assertion rows are what a level may leave out:
/// they explain a failure, and storing them for every passing result cost most of recording's CPU.
public enum HistoryDetail: String, Sendable, Hashable, Codable, CaseIterable {
    /// Headers, body excerpt and assertion rows only for results that failed or errored (the default).
    case failures
    /// Headers, body excerpt and assertion rows for every result.
    case all

    /// The environment variable read when `--history-detail` is not given.
    public static let environmentVariable = "AFRUN_HISTORY_DETAIL"

    /// The level for a run: the flag, else `AFRUN_HISTORY_DETAIL`, else `.failures`.
    /// - Parameters:
    ///   - flag: the `--history-detail` value, if given.
    ///   - environment: the process environment.
    /// - Returns: the level to record with.
    /// - Throws: `HistoryError.invalidArgument` when the environment names no level.
    public static func resolve(flag: HistoryDetail?, environment: [String: String]) throws -> HistoryDetail {
        if let flag { return flag }
        guard let text = environment[environmentVariable], !text.isEmpty else { return .failures }
        guard let level = HistoryDetail(rawValue: text.lowercased()) else {
            throw HistoryError.invalidArgument(
                "\(environmentVariable)=\(text) is not a detail level: use failures or all"
            )
        }
        return level
    }

    /// Whether a result with `status` keeps its headers, body excerpt and assertion rows.
    /// - Parameter status: the result's outcome.
    /// - Returns: true for every status with `.all`; for failed and errored results with `.failures`.
    public func keepsDetail(of status: TestStatus) -> Bool {
        switch self {
        case .all: true
        case .failures: status == .failed || status == .error
        }
    }
}
