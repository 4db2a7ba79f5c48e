import AFSession
import FixtureServer
import Foundation
import Testing

/// Tasks, the registry, lifecycle and the async and completion-handler APIs, over real sockets.
struct SessionManagerTests {
    @Test func thousandRequestsWith64InFlightAllCompleteWithTheirBodies() async throws {
        try await withFixture(configure: { $0.maxConnections = 64 }) { server, session in
            let mismatches = Collector<Int>()
            let next = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        while true {
                            let index = next.take()
                            guard index < 1_000 else { return }
                            let response = try await session.data(for: HTTPRequest(url: server.url("/get?i=\(index)")))
                            let args = jsonObject(response.data)?["args"] as? [String: Any]
                            if response.response.statusCode != 200 || "\(args?["i"] ?? "")" != "\(index)" {
                                mismatches.append(index)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(next.take() >= 1_000)
            #expect(mismatches.values.isEmpty)
            let left = session.tasks.count
            #expect(left == 0)
        }
    }

    /// `prepareTransport()` may be called from any thread, at once and again, and sessions work after it.
    @Test func preparingTheTransportFromManyThreadsAtOnceLeavesSessionsWorking() async throws {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { SessionManager.prepareTransport() } }
        }
        SessionManager.prepareTransport()
        try await withFixture { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/get?prepared=1")))
            #expect(response.response.statusCode == 200)
        }
    }

    /// A task leaves the registry before its awaiting caller resumes, every time.
    @Test func aFinishedTaskIsGoneWhenItsCallerResumes() async throws {
        try await withFixture { server, session in
            for i in 0..<50 {
                _ = try await session.data(for: HTTPRequest(url: server.url("/get?i=\(i)")))
                let left = session.tasks.count
                #expect(left == 0, "request \(i): \(left) task(s) still registered")
            }
        }
    }

    @Test func defaultHeadersAreSentAndRequestHeadersWin() async throws {
        try await withFixture(configure: { $0.defaultHeaders = ["X-Default": "d", "X-Both": "session"] }) {
            server,
            session in
            let request = HTTPRequest(url: server.url("/headers"), headers: ["X-Both": "request"])
            let response = try await session.data(for: request)
            let headers = (jsonObject(response.data)?["headers"] as? [String: Any]) ?? [:]
            let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), "\($0.value)") })
            #expect(lowered["x-default"] == "d")
            #expect(lowered["x-both"] == "request")
            #expect(lowered["expect"] == nil)
            #expect(response.request.headers["X-Default"] == "d")
        }
    }

    @Test func tasksStartSuspendedAndTheRegistryTracksThem() async throws {
        try await withFixture { server, session in
            let task = session.dataTask(with: HTTPRequest(url: server.url("/get")))
            task.taskDescription = "first"
            #expect(task.state == .suspended)
            #expect(session.tasks == [task])
            #expect(session.dataTasks == [task])
            #expect(session.downloadTasks.isEmpty)
            task.resume()
            let response = try await task.dataResponse()
            #expect(response.response.statusCode == 200)
            #expect(task.state == .completed)
            #expect(task.taskDescription == "first")
            #expect(session.tasks.isEmpty)
        }
    }

    @Test func completionHandlerRunsOnceOnTheCompletionQueue() async throws {
        try await withFixture { server, session in
            let calls = Collector<Int>()
            let result: Result<DataResponse, SessionError> = await withCheckedContinuation { continuation in
                let task = session.dataTask(
                    with: HTTPRequest(url: server.url("/status/201")),
                    completionHandler: { result in
                        calls.append(1)
                        continuation.resume(returning: result)
                    }
                )
                task.resume()
                task.resume()
            }
            let response = try result.get()
            #expect(response.response.statusCode == 201)
            try await Task.sleep(for: .milliseconds(50))
            #expect(calls.values.count == 1)
        }
    }

    @Test func eventMonitorSeesResumeAndCompletionWithMetrics() async throws {
        let resumed = Collector<Int>()
        let completed = Collector<TaskCompletionEvent>()
        let monitor = ClosureEventMonitor(
            didResume: { resumed.append($0.identifier) },
            didComplete: { _, event in completed.append(event) }
        )
        try await withFixtureServer(noTLS) { server in
            let session = SessionManager(
                configuration: SessionConfiguration(),
                completionQueue: nil,
                eventMonitors: [monitor]
            )
            _ = try await session.data(for: HTTPRequest(url: server.url("/bytes/10")))
            await session.shutdown()
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(resumed.values.count == 1)
        let event = try #require(completed.values.first)
        #expect(event.response?.statusCode == 200)
        #expect(event.data?.count == 10)
        #expect(event.error == nil)
        #expect(event.metrics?.responseBodyBytes == 10)
    }

    @Test func cancellingTheSwiftTaskCancelsTheTransfer() async throws {
        try await withFixture { server, session in
            let work = Task { try await session.data(for: HTTPRequest(url: server.url("/delay/60000"))) }
            try await Task.sleep(for: .milliseconds(200))
            work.cancel()
            let result = await work.result
            guard case .failure(let error as SessionError) = result, case .cancelled = error else {
                Issue.record("expected .cancelled, got \(result)")
                return
            }
        }
    }

    @Test func cancelBeforeResumeCompletesWithCancelled() async throws {
        try await withFixture { server, session in
            let task = session.dataTask(with: HTTPRequest(url: server.url("/get")))
            task.cancel()
            await #expect(throws: SessionError.self) { try await task.dataResponse() }
            #expect(task.state == .completed)
            guard case .cancelled? = task.error else {
                Issue.record("expected .cancelled, got \(String(describing: task.error))")
                return
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func suspendPausesAndResumeContinues() async throws {
        try await withFixture { server, session in
            // A body of 40 bytes, one a second: still arriving when the task is paused, and after it is
            // resumed, however late a loaded machine delivers progress. The test ends at the first byte
            // after the resume instead of waiting for the whole body.
            let task = session.dataTask(with: HTTPRequest(url: server.url("/drip?numbytes=40&duration=40")))
            var updates = task.downloadProgress.makeAsyncIterator()
            task.resume()
            var received: Int64 = 0
            while received == 0, let update = await updates.next() { received = update.completedBytes }
            try #require(task.state == .running)
            task.suspend()
            #expect(task.state == .suspended)
            try await Task.sleep(for: .milliseconds(300))
            task.resume()
            #expect(task.state == .running)
            // Two more bytes: one could have been on its way when the task was paused.
            var resumedAt = received
            while resumedAt < received + 2, let update = await updates.next() { resumedAt = update.completedBytes }
            #expect(resumedAt >= received + 2, "the body stopped at \(resumedAt) bytes after resume()")
            task.cancel()
            await #expect(throws: SessionError.self) { try await task.dataResponse() }
        }
    }

    @Test func shutdownCancelsRunningTasksAndRefusesNewOnes() async throws {
        try await withFixtureServer(noTLS) { server in
            let session = SessionManager()
            // A minute: under a loaded CI runner the 100 ms sleep below once outlasted a 5 s response.
            let running = session.dataTask(with: HTTPRequest(url: server.url("/delay/60000")))
            running.resume()
            try await Task.sleep(for: .milliseconds(100))
            await session.shutdown()
            do {
                _ = try await running.dataResponse()
                Issue.record("a task running at shutdown must not succeed")
            } catch {
                guard case .cancelled? = error as? SessionError else {
                    Issue.record("expected .cancelled, got \(error)")
                    return
                }
            }
            do {
                _ = try await session.data(for: HTTPRequest(url: server.url("/get")))
                Issue.record("a task after shutdown must fail")
            } catch {
                guard case .sessionInvalidated? = error as? SessionError else {
                    Issue.record("expected .sessionInvalidated, got \(error)")
                    return
                }
            }
        }
    }

    @Test func invalidateWithoutCancellingLetsRunningTasksFinish() async throws {
        try await withFixtureServer(noTLS) { server in
            let session = SessionManager()
            let task = session.dataTask(with: HTTPRequest(url: server.url("/delay/200")))
            task.resume()
            session.invalidate(cancelingTasks: false)
            let response = try await task.dataResponse()
            #expect(response.response.statusCode == 200)
            await session.shutdown()
        }
    }

    @Test func invalidURLsFailBeforeSending() async throws {
        try await withFixture { _, session in
            do {
                _ = try await session.data(for: HTTPRequest(url: URL(string: "ftp://127.0.0.1/file")!))
                Issue.record("ftp must be refused")
            } catch {
                guard case .invalidURL? = error as? SessionError else {
                    Issue.record("expected .invalidURL, got \(error)")
                    return
                }
            }
        }
    }
}

/// A fixture server without TLS endpoints (faster to start).
let noTLS: FixtureServer.Configuration = {
    var configuration = FixtureServer.Configuration()
    configuration.tlsPort = nil
    configuration.tlsVariants = []
    return configuration
}()
