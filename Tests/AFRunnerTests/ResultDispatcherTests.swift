import AFSession
import Locking
import Testing

@testable import AFRunner

/// Each sink gets results in batches from a task of its own, every one of them, in order.
@Suite struct ResultDispatcherTests {
    final class BatchingSink: ResultSink {
        private let batches = LockedValue<[[String]]>([])
        /// How long each batch takes (a database commit).
        let delay: Duration
        init(delay: Duration = .zero) { self.delay = delay }
        func runDidStart(_ run: RunInfo) async throws {}
        func record(_ result: TestResult, in run: RunInfo) async throws {
            batches.withLock { $0.append([result.identity.testName]) }
        }
        func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
            let cancelled = Task.isCancelled
            batches.withLock { $0.append(results.map(\.identity.testName)) }
            if delay > .zero { try? await Task.sleep(for: delay) }
            if cancelled { calledCancelled.withLock { $0 = true } }
        }
        /// Whether a batch arrived in a cancelled task (a sink awaiting cancellable work would lose it).
        let calledCancelled = LockedValue(false)
        func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {}
        var received: [[String]] { batches.withLock { $0 } }
    }

    static func result(_ i: Int) -> TestResult {
        TestResult(
            identity: TestIdentity(suiteFile: "s.json", suiteName: "s", testName: "t\(i)"),
            line: 1,
            status: .passed
        )
    }

    /// Records `count` results, pausing 1 ms after every `pauseEvery` (results finish over time, as they do in a
    /// run: a hand-over per result would see them one by one); returns their names in order.
    func feed(_ sink: BatchingSink, count: Int, pauseEvery: Int? = 10) async -> [String] {
        let dispatcher = ResultDispatcher(sinks: [sink], run: .test)
        for i in 0..<count {
            await dispatcher.record(Self.result(i))
            if let pauseEvery, i % pauseEvery == pauseEvery - 1 { try? await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(await dispatcher.finish().isEmpty)
        return (0..<count).map { "t\($0)" }
    }

    @Test("every result is delivered once, in order, and no batch runs in a cancelled task")
    func everyResultOnceInOrder() async {
        let sink = BatchingSink()
        let expected = await feed(sink, count: 300)
        #expect(sink.received.flatMap { $0 } == expected)
        #expect(!sink.calledCancelled.withLock { $0 }, "a batch ran in a cancelled task")
    }

    /// A sink slower than the run holds the run back instead of letting results pile up: what waits in its
    /// queue (each batch it gets) never exceeds the queue's limit, however fast results come.
    @Test func aSlowSinkHoldsTheRunBack() async {
        let sink = BatchingSink(delay: .milliseconds(10))
        let expected = await feed(sink, count: ResultDispatcher.queueLimit * 6, pauseEvery: nil)
        #expect(sink.received.flatMap { $0 } == expected)
        #expect((sink.received.map(\.count).max() ?? 0) <= ResultDispatcher.queueLimit)
    }
}
