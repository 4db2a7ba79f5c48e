/// Where a result's test stands in its suite: one of the suite's `setup` tests, a test, or a `teardown` test.
public enum TestPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `setup` test: run before the suite's tests; when one fails, they are skipped.
    case setup
    /// One of the suite's `tests`.
    case test
    /// A `teardown` test: run after the suite's tests, whatever happened to them.
    case teardown

    /// The prefix of a setup or teardown test's name in results (`setup: log in`), so that every report and
    /// the history show it as such and its identity never meets a test's.
    public func resultName(_ name: String) -> String {
        self == .test ? name : "\(rawValue): \(name)"
    }
}
