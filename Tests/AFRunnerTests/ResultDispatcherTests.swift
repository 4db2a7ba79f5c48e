import AFSession
import Locking
import Testing

@testable import AFRunner

/// A queued sink gets results in batches from a task of its own, every one of them, in order; an inline sink
/// takes each within `record`; both hear once that the run's end is near.
@Suite struct ResultDispatcherTests {
    final class BatchingSink: ResultSink {
        private let batches = LockedValue<[[String]]>([])
        func runDidStart(_ run: RunInfo) async throws {}
        func record(_ result: TestResult, in run: RunInfo) async throws { batches.withLock { $0.append([result.identity.testName]) } }
        func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
            let cancelled = Task.isCancelled
            batches.withLock { $0.append(results.map(\.identity.testName)) }
            if cancelled { calledCancelled.withLock { $0 = true } }
        }
        /// Whether a batch arrived in a cancelled task (a sink awaiting cancellable work would lose it).
        let calledCancelled = LockedValue(false)
        func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {}
        var received: [[String]] { batches.withLock { $0 } }
        /// How many times `runIsEnding` was called.
        let endings = LockedValue(0)
        func runIsEnding(_ run: RunInfo) { endings.withLock { $0 += 1 } }
    }

    /// A sink that takes results inline: it records what it was given, and when it heard the end was near.
    final class InlineSink: InlineResultSink {
        let accepted = LockedValue<[String]>([])
        /// Calls of the batch or one-result paths (the runner must not use them for an inline sink).
        let queuedCalls = LockedValue(0)
        /// How many results had been accepted each time `runIsEnding` was called.
        let endings = LockedValue<[Int]>([])
        func runDidStart(_ run: RunInfo) async throws {}
        func record(_ result: TestResult, in run: RunInfo) async throws { queuedCalls.withLock { $0 += 1 } }
        func record(contentsOf results: [TestResult], in run: RunInfo) async throws { queuedCalls.withLock { $0 += 1 } }
        func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {}
        func accept(_ result: TestResult, in run: RunInfo) { accepted.withLock { $0.append(result.identity.testName) } }
        func runIsEnding(_ run: RunInfo) {
            let count = accepted.withLock { $0.count }
            endings.withLock { $0.append(count) }
        }
    }

    @Test("an inline sink takes each result within record, in order, never through a queue; a queued sink beside it gets them all too")
    func inlineSinkTakesResultsAtOnce() async {
        let inline = InlineSink()
        let queued = BatchingSink()
        let count = 40
        let dispatcher = ResultDispatcher(sinks: [inline, queued], run: .test, expectedResults: count)
        for i in 0..<count {
            dispatcher.record(TestResult(identity: TestIdentity(suiteFile: "s.json", suiteName: "s", testName: "t\(i)"), line: 1, status: .passed))
            #expect(inline.accepted.withLock { $0.count } == i + 1, "result \(i) was not taken within record")
        }
        #expect(await dispatcher.finish().isEmpty)
        let expected = (0..<count).map { "t\($0)" }
        #expect(inline.accepted.withLock { $0 } == expected)
        #expect(inline.queuedCalls.withLock { $0 } == 0)
        #expect(queued.received.flatMap { $0 } == expected)
        #expect(inline.endings.withLock { $0 } == [count - ResultDispatcher.endingCount(expected: count)])
    }

    func feed(_ sink: BatchingSink, count: Int) async -> [String] {
        let dispatcher = ResultDispatcher(sinks: [sink], run: .test)
        for i in 0..<count {
            dispatcher.record(TestResult(identity: TestIdentity(suiteFile: "s.json", suiteName: "s", testName: "t\(i)"), line: 1, status: .passed))
            // Results finish over time, as they do in a run: a hand-over per result would see them one by one.
            if i % 10 == 9 { try? await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(await dispatcher.finish().isEmpty)
        return (0..<count).map { "t\($0)" }
    }

    @Test("the sinks hear once that the run's end is near, after all but its last eighth; the last results still reach them as they finish")
    func endingIsNear() async {
        let sink = BatchingSink()
        let count = 300
        let endingAt = count - ResultDispatcher.endingCount(expected: count)
        #expect(endingAt == 263)
        let dispatcher = ResultDispatcher(sinks: [sink], run: .test, expectedResults: count)
        func result(_ i: Int) -> TestResult {
            TestResult(identity: TestIdentity(suiteFile: "s.json", suiteName: "s", testName: "t\(i)"), line: 1, status: .passed)
        }
        for i in 0..<(endingAt - 1) { dispatcher.record(result(i)) }
        #expect(sink.endings.withLock { $0 } == 0)
        dispatcher.record(result(endingAt - 1))
        #expect(sink.endings.withLock { $0 } == 1)
        // Each of the last results reaches the sink while the run goes on, not only when it ends.
        for i in endingAt..<count {
            dispatcher.record(result(i))
            let deadline = ContinuousClock.now + .seconds(20)
            while sink.received.joined().count < i + 1, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
            #expect(sink.received.joined().count == i + 1, "result \(i) waited for the run's end")
        }
        #expect(await dispatcher.finish().isEmpty)
        #expect(Array(sink.received.joined()) == (0..<count).map { "t\($0)" })
        #expect(sink.endings.withLock { $0 } == 1)
        #expect(ResultDispatcher.endingCount(expected: 1) == 1 && ResultDispatcher.endingCount(expected: 100_000) == ResultDispatcher.endingResults)
    }

    @Test("every result is delivered once, in order, and no batch runs in a cancelled task")
    func everyResultOnceInOrder() async {
        let sink = BatchingSink()
        let expected = await feed(sink, count: 300)
        #expect(sink.received.flatMap { $0 } == expected)
        #expect(!sink.calledCancelled.withLock { $0 }, "a batch ran in a cancelled task")
    }
}
