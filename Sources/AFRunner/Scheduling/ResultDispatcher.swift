import Foundation
import Synchronization

/// Hands finished results to the sinks in completion order. Each sink has its own queue drained
/// by one task, so a sink never sees concurrent calls and a slow sink (a database commit) never
/// holds up another (the terminal).
final class ResultDispatcher: Sendable {
    private let queues: [(continuation: AsyncStream<TestResult>.Continuation, drain: Task<[String], Never>)]
    private let collected = Mutex<[TestResult]>([])

    /// Starts one drain task per sink; `runDidStart` has already been called.
    init(sinks: [any ResultSink], run: RunInfo) {
        queues = sinks.map { sink in
            let (stream, continuation) = AsyncStream<TestResult>.makeStream()
            let drain = Task {
                var problems: [String] = []
                for await result in stream {
                    do { try await sink.record(result, in: run) } catch {
                        problems.append("\(type(of: sink)): \(error)")
                    }
                }
                return problems
            }
            return (continuation, drain)
        }
    }

    /// Queues a finished result for every sink.
    func record(_ result: TestResult) {
        collected.withLock { $0.append(result) }
        for queue in queues { queue.continuation.yield(result) }
    }

    /// Every result recorded so far.
    var results: [TestResult] { collected.withLock { $0 } }

    /// Waits until every queued result reached its sinks; returns the sinks' errors.
    func finish() async -> [String] {
        var problems: [String] = []
        for queue in queues {
            queue.continuation.finish()
            problems += await queue.drain.value
        }
        return problems
    }
}
