/// Which results a run keeps in its report (`RunOptions.keptResults`).
public enum ResultRetention: Sendable, Hashable {
    /// Every result, in completion order.
    case all
    /// Failed and errored results only, in completion order.
    case problems

    /// Whether a result with `status` is kept.
    func keeps(_ status: TestStatus) -> Bool {
        switch self {
        case .all: return true
        case .problems: return status == .failed || status == .error
        }
    }
}
