/// How far an upload or a download has come.
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// Bytes moved so far.
    public var completedBytes: Int64
    /// Bytes expected in all, when known (`Content-Length`, the body's length).
    public var totalBytes: Int64?

    /// Creates a progress value.
    public init(completed: Int64, total: Int64?) {
        completedBytes = completed
        totalBytes = total
    }

    /// `completedBytes / totalBytes` in 0…1, or nil when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }

    /// `N of M bytes` or `N bytes`.
    public var description: String {
        totalBytes.map { "\(completedBytes) of \($0) bytes" } ?? "\(completedBytes) bytes"
    }
}
