import PostgresNIO

/// The moment a run's work with the server must be over (`--history-timeout` after it began): every
/// connect and statement waits at most until then, so a server that is slow or never answers delays a run
/// by that much in total, not by a time bound per statement.
struct PostgresDeadline: Sendable {
    /// When the time is up.
    let instant: NIODeadline
    /// The whole allowance, for messages.
    let seconds: Double

    /// The deadline `seconds` from now.
    init(seconds: Double) {
        self.seconds = seconds
        instant = .now() + .nanoseconds(Int64(seconds * 1_000_000_000))
    }

    /// `limit`, or less when the deadline comes first (never below zero).
    func bound(_ limit: TimeAmount) -> TimeAmount {
        let left = instant - .now()
        return max(.zero, min(limit, left))
    }

    /// Whether `limit` is cut short by the deadline.
    func cuts(_ limit: TimeAmount) -> Bool { instant - .now() < limit }
}
