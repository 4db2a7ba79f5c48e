import Foundation
import Synchronization

/// Hands finished results to every sink in completion order, one call at a time per run: results
/// go into a stream that a single task drains, so sinks never see concurrent calls.
final class ResultDispatcher: Sendable {
    private let continuation: AsyncStream<TestResult>.Continuation
    private let drain: Task<[String], Never>
    private let collected = Mutex<[TestResult]>([])

    /// Starts the drain task; `runDidStart` has already been called.
    init(sinks: [any ResultSink], run: RunInfo) {
        let (stream, continuation) = AsyncStream<TestResult>.makeStream()
        self.continuation = continuation
        drain = Task {
            var problems: [String] = []
            for await result in stream {
                for sink in sinks {
                    do { try await sink.record(result, in: run) } catch {
                        problems.append("\(type(of: sink)): \(error)")
                    }
                }
            }
            return problems
        }
    }

    /// Queues a finished result.
    func record(_ result: TestResult) {
        collected.withLock { $0.append(result) }
        continuation.yield(result)
    }

    /// Every result recorded so far.
    var results: [TestResult] { collected.withLock { $0 } }

    /// Waits until every queued result reached the sinks; returns the sinks' errors.
    func finish() async -> [String] {
        continuation.finish()
        return await drain.value
    }
}
