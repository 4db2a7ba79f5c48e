import AFSession
import Foundation
import Testing

/// Connect and total timeouts are told apart; refused and unresolvable hosts map to their cases.
struct TimeoutTests {
    @Test func aHandshakeThatNeverCompletesIsAConnectTimeout() async throws {
        let listener = try SilentListener()
        var configuration = SessionConfiguration()
        configuration.connectTimeout = .milliseconds(300)
        configuration.timeout = .seconds(10)
        await withSessionManager(configuration: configuration) { session in
            do {
                _ = try await session.data(for: HTTPRequest(url: URL(string: "https://127.0.0.1:\(listener.port)/")!))
                Issue.record("expected a connect timeout")
            } catch {
                guard case .timedOut(let phase, let failure)? = error as? SessionError else {
                    Issue.record("expected .timedOut, got \(error)")
                    return
                }
                #expect(phase == .connect)
                #expect(failure.code == .operationTimedOut)
            }
        }
    }

    @Test func aSlowResponseIsATotalTimeout() async throws {
        try await withFixture { server, session in
            do {
                _ = try await session.data(
                    for: HTTPRequest(url: server.url("/delay/3000"), timeout: .milliseconds(300))
                )
                Issue.record("expected a total timeout")
            } catch {
                guard case .timedOut(let phase, _)? = error as? SessionError else {
                    Issue.record("expected .timedOut, got \(error)")
                    return
                }
                #expect(phase == .total)
            }
        }
    }

    @Test func aClosedPortIsCannotConnect() async throws {
        let port = try {
            let listener = try SilentListener()
            return listener.port
        }()
        await withSessionManager { session in
            do {
                _ = try await session.data(for: HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
                Issue.record("expected .cannotConnect")
            } catch {
                guard case .cannotConnect(let failure)? = error as? SessionError else {
                    Issue.record("expected .cannotConnect, got \(error)")
                    return
                }
                #expect(failure.code == .couldNotConnect)
                #expect(failure.request.url.port == port)
            }
        }
    }

    @Test func anUnresolvableHostIsDNSFailure() async throws {
        await withSessionManager { session in
            do {
                _ = try await session.data(for: HTTPRequest(url: URL(string: "http://no-such-host.invalid/")!))
                Issue.record("expected .dnsFailure")
            } catch {
                guard case .dnsFailure(let failure)? = error as? SessionError else {
                    Issue.record("expected .dnsFailure, got \(error)")
                    return
                }
                #expect(failure.message.contains("no-such-host.invalid"))
            }
        }
    }
}
