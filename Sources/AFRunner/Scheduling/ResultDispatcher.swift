import AFSession
import Foundation
import Locking

/// Hands finished results to the sinks in completion order. Each sink has its own queue drained
/// by one task, so a sink never sees concurrent calls and a slow sink (a database commit) never
/// holds up another (the terminal). Results always go over as batches (`record(contentsOf:)`): those
/// that arrived while a sink was busy travel together. An `InlineResultSink` (the history store) has no
/// queue: it takes each result on the thread that finished it and queues it for its own writer.
final class ResultDispatcher: Sendable {
    /// One sink's buffer, its wake-up signal and the task that drains it.
    private final class Queue: Sendable {
        let pending = LockedValue<[TestResult]>([])
        let wake: AsyncStream<Void>.Continuation
        let stream: AsyncStream<Void>
        let drain = LockedValue<Task<[String], Never>?>(nil)
        init() { (stream, wake) = AsyncStream<Void>.makeStream() }
    }
    /// The results kept for the report and the run's totals.
    private struct Collected {
        var results: [TestResult] = []
        var tally: RunTally
        /// Results recorded so far.
        var count = 0
    }
    private let queues: [Queue]
    /// The sinks that take results on the runner's thread.
    private let inline: [any InlineResultSink]
    private let sinks: [any ResultSink]
    private let run: RunInfo
    /// The count of recorded results at which the run's end is near (`runIsEnding`); 0 or less for never.
    private let endingAt: Int
    private let retention: ResultRetention
    private let collected: LockedValue<Collected>

    /// Starts one drain task per sink; `runDidStart` has already been called. `expectedResults`
    /// sizes the collected results once (growing a 20,000-element array of large results step by
    /// step copied each one several times); `retention` says which results are kept for the report.
    init(sinks: [any ResultSink], run: RunInfo, expectedResults: Int = 0, retention: ResultRetention = .all) {
        self.retention = retention
        self.sinks = sinks
        self.run = run
        endingAt = expectedResults - Self.endingCount(expected: expectedResults)
        collected = LockedValue({
            var collected = Collected(tally: RunTally(expectedResults: expectedResults))
            if retention == .all { collected.results.reserveCapacity(expectedResults) }
            return collected
        }())
        inline = sinks.compactMap(\.inlineSink)
        queues = sinks.filter { $0.inlineSink == nil }.map { sink in
            let queue = Queue()
            let task = Task {
                var problems: [String] = []
                for await _ in queue.stream {
                    let batch = queue.pending.withLock { queued in
                        defer { queued.removeAll(keepingCapacity: true) }
                        return queued
                    }
                    guard !batch.isEmpty else { continue }
                    do {
                        // Always the batch call, even for one: a store may queue it for a timed group commit
                        // where `record(_:)` would have to commit it at once.
                        try await sink.record(contentsOf: batch, in: run)
                    } catch {
                        problems.append("\(type(of: sink)): \(error)")
                    }
                }
                return problems
            }
            queue.drain.withLock { $0 = task }
            return queue
        }
    }

    /// Queues a finished result for every sink.
    func record(_ result: consuming TestResult) {
        // Held in an optional so that the last use moves it instead of copying: into the collection when the
        // report keeps it, else into the last sink's queue (a copy retains and later releases every field).
        var slot = Optional(result)
        let status = slot!.status, totalMs = slot!.timings?.totalMs
        let kept = retention.keeps(status)
        for sink in inline { sink.accept(slot!, in: run) }
        // The sinks' queues and the report take the result under one lock, so that every queued sink and the
        // report see results in the same order when two tests finish at once.
        let count = collected.withLock { collected in
            for (index, queue) in queues.enumerated() {
                let last = !kept && index == queues.count - 1
                // One wake-up per batch: the drain takes everything queued, so wake it only when the queue
                // goes from empty to not empty (each yield is a turn of the drain loop).
                let wasEmpty = queue.pending.withLock { pending in
                    pending.append(last ? slot.take()! : slot!)
                    return pending.count == 1
                }
                if wasEmpty { queue.wake.yield() }
            }
            // A result the report does not keep is freed here (or when the last sink is done with it),
            // so a long run's memory does not grow with every passed test.
            collected.tally.add(status: status, totalMs: totalMs)
            if kept { collected.results.append(slot.take()!) }
            collected.count += 1
            return collected.count
        }
        if count == endingAt, endingAt > 0 { runIsEnding() }
    }

    /// How many of a run's last results come after the sinks heard that the run's end is near (an eighth of
    /// the run, at most `endingResults`): enough for a store to do its held-back work (the history's commit)
    /// while they run, few enough that little of it waits.
    static func endingCount(expected: Int) -> Int {
        min(endingResults, max(1, expected / 8))
    }

    /// The most results after `runIsEnding`: about 10 ms of a fast run, so that a long run's store does not
    /// spend its last eighth inserting each result as it comes (the history does, from that point on).
    static let endingResults = 256

    /// The last results are in flight: the sinks hear it.
    private func runIsEnding() {
        for sink in sinks { sink.runIsEnding(run) }
    }

    /// The results recorded so far that `retention` keeps, in completion order.
    var results: [TestResult] { collected.withLock { $0.results } }

    /// The totals of every result recorded so far.
    var tally: RunTally { collected.withLock { $0.tally } }

    /// Waits until every queued result reached its sinks; returns the sinks' errors.
    func finish() async -> [String] {
        var problems: [String] = []
        for queue in queues {
            queue.wake.finish()
            guard let task = queue.drain.withLock({ $0 }) else { continue }
            problems += await task.value
        }
        return problems
    }
}
