import AFHistory
import AFRunner
import Foundation
import Testing

/// `keepResults(upTo:handingThemTo:)`: the results a store was handed outlive its writer, whole hand-overs at a
/// time, and reach the keeper at `close()`; they are stored as usual.
@Suite("History: results kept past the store's close")
struct HistoryKeptResultsTests {
    @Test("hand-overs within the limit reach the keeper at close, none past it; all are stored")
    func keptUpToTheLimit() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try HistoryStore.open(path: path)
        let kept = LockedResults()
        store.keepResults(upTo: 15) { kept.add($0) }
        let first = HistoryFixtures.run("first"), second = HistoryFixtures.run("second")
        try await store.runDidStart(first)
        for result in HistoryWriterTests.results(10, suite: "A") { store.accept(result, in: first) }
        try await store.runDidFinish(first, summary: RunSummary(passed: 8, failed: 2), status: .complete)
        try await store.runDidStart(second)
        // Ten more, larger than the five the limit has left: at most five of them (a smaller hand-over, should the
        // writer have gathered part of them already) can be kept.
        for result in HistoryWriterTests.results(10, suite: "B") { store.accept(result, in: second) }
        try await store.runDidFinish(second, summary: RunSummary(passed: 8, failed: 2), status: .complete)
        #expect(kept.suites.isEmpty, "nothing reaches the keeper before close")
        try store.close()
        let suites = kept.suites
        #expect(suites.filter { $0 == "A" }.count == 10)
        #expect(suites.count <= 15)
        #expect(suites.filter { $0 == "B" }.count < 10)
        #expect(try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["20"])
    }
}

/// The suite names of the results a keeper received, from any thread.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    func add(_ handOvers: [[TestResult]]) {
        lock.lock()
        defer { lock.unlock() }
        names += handOvers.joined().map(\.identity.suiteName)
    }

    var suites: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }
}
