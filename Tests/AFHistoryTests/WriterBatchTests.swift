import AFRunner
import Testing

@testable import AFHistory

/// The writer's batch as a value: when a window starts, when a transaction starts at once.
@Suite("History writer batch")
struct WriterBatchTests {
    static func results(_ count: Int) -> WriterItem {
        .results(
            Array(repeating: HistoryFixtures.result(HistoryFixtures.identity("t"), .passed), count: count),
            runID: "r"
        )
    }

    @Test("the first item starts the window; items before its end gather and are taken together, in order")
    func windowGathers() {
        var batch = WriterBatch(resultLimit: 500)
        #expect(batch.append(Self.results(3)) == .startWindow)
        #expect(batch.append(Self.results(4)) == .none, "a second window or an early write")
        #expect(batch.take().items.map(\.resultCount) == [3, 4])
        #expect(batch.items.isEmpty)
        #expect(batch.append(Self.results(1)) == .startWindow, "the next batch has no window of its own")
    }

    @Test("a batch that reaches the result limit is written at once, and only once")
    func fullBatchWritesAtOnce() {
        var batch = WriterBatch(resultLimit: 500)
        #expect(batch.append(Self.results(300)) == .startWindow)
        #expect(batch.append(Self.results(200)) == .writeNow)
        #expect(batch.append(Self.results(1)) == .none, "a second write for the same batch")
        #expect(batch.take().items.map(\.resultCount) == [300, 200, 1])
        #expect(batch.append(Self.results(500)) == .writeNow, "a full first item waited for a window")
    }

    @Test("an item someone waits for (a flush, a run's end) is written at once, with everything queued before it")
    func awaitedItemsGoAtOnce() async throws {
        var batch = WriterBatch(resultLimit: 500)
        _ = batch.append(Self.results(2))
        var trigger: WriterBatch.Trigger?
        try await withCheckedThrowingContinuation { (reply: CheckedContinuation<Void, any Error>) in
            trigger = batch.append(.flush(reply: reply))
            reply.resume()
        }
        #expect(trigger == .writeNow)
        #expect(batch.take().items.map(\.resultCount) == [2, 0])
    }
}
