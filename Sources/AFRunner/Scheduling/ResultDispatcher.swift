import AFSession
import Foundation
import Locking

/// Hands finished results to the sinks in completion order. Each sink has its own queue drained
/// by one task, so a sink never sees concurrent calls and a slow sink (a database commit) never
/// holds up another (the terminal). Results always go over as batches (`record(contentsOf:)`): those
/// that arrived while a sink was busy travel together. A queue holds at most about `queueLimit` results:
/// past it `record` waits for the sink, so a sink slower than the run (a history that keeps every
/// result) slows the run instead of letting finished results pile up in memory.
final class ResultDispatcher: Sendable {
    /// One sink's buffer, the runs waiting for room in it, its wake-up signal and the task that drains it.
    private final class Queue: Sendable {
        struct Pending {
            var results: [TestResult] = []
            var waiters: [CheckedContinuation<Void, Never>] = []
        }
        let pending = LockedValue(Pending())
        let wake: AsyncStream<Void>.Continuation
        let stream: AsyncStream<Void>
        let drain = LockedValue<Task<[String], Never>?>(nil)
        init() { (stream, wake) = AsyncStream<Void>.makeStream() }

        /// Returns once fewer than `limit` results wait; the drain resumes the waiters when it takes them.
        func waitForRoom(limit: Int) async {
            guard pending.withLock({ $0.results.count >= limit }) else { return }
            await withCheckedContinuation { continuation in
                let full = pending.withLock { pending in
                    guard pending.results.count >= limit else { return false }
                    pending.waiters.append(continuation)
                    return true
                }
                if !full { continuation.resume() }
            }
        }
    }
    /// Results a sink's queue may hold before `record` waits: two batches of the history's writer.
    static let queueLimit = 1_024
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
                    // Taken whole, the buffer with it: a batch grown large while the sink was slow does not
                    // leave its capacity behind.
                    let (batch, waiters) = queue.pending.withLock { pending in
                        defer { pending = Queue.Pending() }
                        return (pending.results, pending.waiters)
                    }
                    for waiter in waiters { waiter.resume() }
                    guard !batch.isEmpty else { continue }
                    do {
                        try await sink.record(contentsOf: batch, in: run)
                    } catch {
                        problems.append("\(sink.outputName): \(error)")
                    }
                }
                return problems
            }
            queue.drain.withLock { $0 = task }
            return queue
        }
    }

    /// Queues a finished result for every sink, then waits while a sink's queue is full.
    func record(_ result: consuming TestResult) async {
        enqueue(result)
        for queue in queues { await queue.waitForRoom(limit: Self.queueLimit) }
    }

    /// Queues a finished result for every sink and the report.
    private func enqueue(_ result: consuming TestResult) {
        // Held in an optional so that the last use moves it instead of copying: into the collection when the
        // report keeps it, else into the last sink's queue (a copy retains and later releases every field).
        var slot = Optional(result)
        let status = slot!.status
        let totalMs = slot!.timings?.totalMs
        let phase = slot!.phase
        let kept = retention.keeps(status)
        // The sinks' queues and the report take the result under one lock, so that every queued sink and the
        // report see results in the same order when two tests finish at once.
        collected.withLock { collected in
            for (index, queue) in queues.enumerated() {
                let last = !kept && index == queues.count - 1
                // One wake-up per batch: the drain takes everything queued, so wake it only when the queue
                // goes from empty to not empty (each yield is a turn of the drain loop).
                let wasEmpty = queue.pending.withLock { pending in
                    pending.results.append(last ? slot.take()! : slot!)
                    return pending.results.count == 1
                }
                if wasEmpty { queue.wake.yield() }
            }
            // A result the report does not keep is freed here (or when the last sink is done with it),
            // so a long run's memory does not grow with every passed test.
            collected.tally.add(status: status, totalMs: totalMs, phase: phase)
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
