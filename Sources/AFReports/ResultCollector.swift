import AFRunner
import Foundation
import Locking

/// Keeps a run's results in arrival order for reporters that write once at the end.
final class ResultCollector: Sendable {
    private let results = LockedValue<[TestResult]>([])

    func append(_ result: TestResult) {
        let redacted = SinkRedactor.result(result)
        results.withLock { $0.append(redacted) }
    }

    /// Appends a result the caller has already passed through `SinkRedactor`.
    func append(redacted result: TestResult) {
        results.withLock { $0.append(result) }
    }

    /// Forgets the results so far (a reporter reused for the next run).
    func removeAll() {
        results.withLock { $0.removeAll() }
    }

    /// All results so far.
    var all: [TestResult] { results.withLock { $0 } }

    /// Results grouped by suite file, suites in order of first appearance.
    var bySuite: [(file: String, name: String, results: [TestResult])] {
        var order: [String] = []
        var groups: [String: (name: String, results: [TestResult])] = [:]
        for result in all {
            let file = result.identity.suiteFile
            if groups[file] == nil {
                order.append(file)
                groups[file] = (result.identity.suiteName, [])
            }
            groups[file]?.results.append(result)
        }
        return order.map { (file: $0, name: groups[$0]!.name, results: groups[$0]!.results) }
    }
}
