import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// The writer's schedule as a value: when items gather, when a transaction starts, what waits for the next one.
@Suite("History writer state")
struct WriterStateTests {
    static let start = ContinuousClock.now
    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    static func results(_ count: Int) -> WriterItem {
        .results(
            Array(repeating: HistoryFixtures.result(HistoryFixtures.identity("t"), .passed), count: count),
            runID: "r"
        )
    }

    /// The items of a `.write` action (nil for any other action).
    static func written(_ action: WriterState.Action) -> [WriterItem]? {
        if case .write(let items) = action { return items }
        return nil
    }

    @Test("the first item schedules the window's end; items before it gather; the wake-up writes them all at once")
    func windowGathers() {
        var state = WriterState(window: .milliseconds(100), batchResults: 500)
        guard case .wake(let deadline) = state.received(Self.results(3), now: Self.at(0)) else {
            Issue.record("no wake-up scheduled")
            return
        }
        #expect(deadline == Self.at(100))
        #expect(
            Self.written(state.received(Self.results(4), now: Self.at(40))) == nil,
            "a second wake-up or an early write"
        )
        #expect(Self.written(state.deadlineReached(deadline, now: Self.at(100)))?.map(\.resultCount) == [3, 4])
        #expect(Self.written(state.wrote(now: Self.at(110))) == nil)
        guard case .idle = state.phase else {
            Issue.record("not idle after the write")
            return
        }
    }

    @Test("a full batch is written before the window ends; the stale wake-up leaves the next queue its own window")
    func fullBatchWritesAtOnce() {
        var state = WriterState(window: .milliseconds(100), batchResults: 500)
        _ = state.received(Self.results(300), now: Self.at(0))
        #expect(Self.written(state.received(Self.results(200), now: Self.at(10)))?.count == 2)
        // Arrives while the transaction runs: waits for it.
        #expect(Self.written(state.received(Self.results(1), now: Self.at(20))) == nil)
        guard case .wake(let next) = state.wrote(now: Self.at(30)) else {
            Issue.record("the queued item got no wake-up")
            return
        }
        #expect(next == Self.at(120), "the window counts from the item's arrival")
        #expect(
            Self.written(state.deadlineReached(Self.at(100), now: Self.at(100))) == nil,
            "the first queue's wake-up wrote the next queue early"
        )
        #expect(Self.written(state.deadlineReached(next, now: Self.at(120)))?.count == 1)
    }

    @Test("an item someone waits for (a flush, a run's end) is written at once, with everything queued before it")
    func awaitedItemsGoAtOnce() async throws {
        var state = WriterState(window: .milliseconds(100), batchResults: 500)
        _ = state.received(Self.results(2), now: Self.at(0))
        var written: [WriterItem]?
        try await withCheckedThrowingContinuation { (reply: CheckedContinuation<Void, any Error>) in
            written = Self.written(state.received(.flush(reply: reply), now: Self.at(5)))
            reply.resume()
        }
        #expect(written?.map(\.resultCount) == [2, 0])
    }

    @Test("after close, what was queued is handed back and later items are refused")
    func closeHandsBackAndRefuses() {
        var state = WriterState(window: .milliseconds(100), batchResults: 500)
        _ = state.received(Self.results(2), now: Self.at(0))
        #expect(state.close().map(\.resultCount) == [2])
        guard case .refuse = state.received(Self.results(1), now: Self.at(1)) else {
            Issue.record("an item after close was not refused")
            return
        }
    }
}
