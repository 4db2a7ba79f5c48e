import AFSession
import Locking

/// Values kept until the process exits instead of being freed at the end of `run()`.
///
/// A run's report holds every result (thousands of values with strings and arrays) and the loaded
/// suites hold every test; the process exits right after printing, so freeing them one by one first
/// only adds milliseconds to the wall time (measured: ~1% of a 2,000-test run's CPU, all after the last request).
enum ExitKeepAlive {
    private static let values = LockedValue<[any Sendable]>([])

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }

    /// How many more recorded results the history stores may keep until exit (`HistoryStore.keepResults`),
    /// over the whole process: `--repeat` of a large suite must not hold every run's results.
    private static let resultBudget = LockedValue(50_000)

    /// Takes up to `count` results from what may still be kept until exit.
    /// - Returns: how many may be kept (0 once the budget is spent).
    static func reserveResults(_ count: Int) -> Int {
        resultBudget.withLock { left in
            let granted = min(left, max(0, count))
            left -= granted
            return granted
        }
    }
}
