import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// A session with several transfer threads (`SessionConfiguration.transferThreads`): parallel work spreads
/// over them, one request at a time stays on the first and its connection, shutdown ends them all.
struct TransferLoopGroupTests {
    /// Starts accepted by each loop of `session`.
    private func starts(_ session: SessionManager) -> [Int] {
        session.loops.loops.map { loop in loop.shared.withLock { $0.startsAccepted } }
    }

    @Test func parallelRequestsSpreadOverTheThreadsAndAllComplete() async throws {
        try await withFixture(configure: {
            $0.transferThreads = 2
            $0.maxConnections = 32
        }) { server, session in
            #expect(session.loops.loops.count == 2)
            let failures = Collector<Int>()
            let next = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        while true {
                            let index = next.take()
                            guard index < 400 else { return }
                            let response = try await session.data(
                                for: HTTPRequest(url: server.url("/delay/5?i=\(index)"))
                            )
                            if response.response.statusCode != 200 { failures.append(index) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(failures.values.isEmpty)
            let perLoop = starts(session)
            #expect(perLoop.reduce(0, +) == 400)
            // Least busy first: with 32 requests in flight both threads take a large share.
            #expect(perLoop.allSatisfy { $0 >= 80 }, "starts per thread: \(perLoop)")
        }
    }

    @Test func oneRequestAtATimeStaysOnTheFirstThreadAndItsConnection() async throws {
        try await withFixture(configure: { $0.transferThreads = 2 }) { server, session in
            var reused: [Bool] = []
            for index in 0..<20 {
                let response = try await session.data(for: HTTPRequest(url: server.url("/get?i=\(index)")))
                reused.append(response.metrics.connectionReused)
            }
            #expect(starts(session) == [20, 0])
            #expect(reused.first == false)
            #expect(reused.dropFirst().allSatisfy { $0 }, "connection reused per request: \(reused)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func shutdownCancelsTheTransfersOfEveryThread() async throws {
        var configuration = SessionConfiguration()
        configuration.transferThreads = 3
        try await withFixtureServer(FixtureServer.Configuration.httpOnly) { server in
            let session = SessionManager(configuration: configuration)
            // One at a time, each started before the next is made: the least busy thread takes each. The
            // wait has no cap of its own (the test's time limit bounds it), so a loaded machine only slows it.
            var tasks: [Task<DataResponse, any Error>] = []
            for index in 0..<6 {
                tasks.append(
                    Task { try await session.data(for: HTTPRequest(url: server.url("/delay/60000?i=\(index)"))) }
                )
                while starts(session).reduce(0, +) <= index {
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            #expect(starts(session) == [2, 2, 2])
            await session.shutdown()
            for task in tasks {
                let result = await task.result
                guard case .failure(let error as SessionError) = result, case .cancelled = error else {
                    Issue.record("expected .cancelled, got \(result)")
                    continue
                }
            }
            #expect(session.tasks.isEmpty)
        }
    }
}
