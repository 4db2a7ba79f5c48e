import AFSession
import Foundation
import Locking

/// Hands finished results to the sinks in completion order. Each sink has its own queue drained
/// by one task, so a sink never sees concurrent calls and a slow sink (a database commit) never
/// holds up another (the terminal). Results always go over as batches (`record(contentsOf:)`): those
/// that arrived while a sink was busy travel together.
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
    }
    private let queues: [Queue]
    private let retention: ResultRetention
    private let collected: LockedValue<Collected>

    /// Starts one drain task per sink; `runDidStart` has already been called. `expectedResults`
    /// sizes the collected results once (growing a 20,000-element array of large results step by
    /// step copied each one several times); `retention` says which results are kept for the report.
    init(sinks: [any ResultSink], run: RunInfo, expectedResults: Int = 0, retention: ResultRetention = .all) {
        self.retention = retention
        collected = LockedValue(
            {
                var collected = Collected(tally: RunTally(expectedResults: expectedResults))
                if retention == .all { collected.results.reserveCapacity(expectedResults) }
                return collected
            }()
        )
        queues = sinks.map { sink in
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
        let status = slot!.status
        let totalMs = slot!.timings?.totalMs
        let kept = retention.keeps(status)
        // The sinks' queues and the report take the result under one lock, so that every queued sink and the
        // report see results in the same order when two tests finish at once.
        collected.withLock { collected in
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
        }
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
