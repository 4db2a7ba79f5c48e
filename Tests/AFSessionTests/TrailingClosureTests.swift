import AFSession
import FixtureServer
import Foundation
import Locking
import Testing

/// `session.dataTask(with: request) { … }`, as URLSession users write it: the trailing closure is the
/// completion handler, never a progress closure. The closures print their argument, which compiles for a
/// result and for a progress value alike, so a closure bound to the wrong parameter shows in what it saw.
@Suite struct TrailingClosureTests {
    @Test func dataTaskTrailingClosureIsTheCompletionHandler() async throws {
        try await withFixture { server, session in
            let first = await firstCall { call in
                session.dataTask(with: HTTPRequest(url: server.url("/get"))) { value in call("\(value)") }.resume()
            }
            #expect(first.hasPrefix("success("))
        }
    }

    @Test func uploadTaskTrailingClosureIsTheCompletionHandler() async throws {
        try await withFixture { server, session in
            let first = await firstCall { call in
                session.uploadTask(with: HTTPRequest(url: server.url("/post")), fromData: Data("a=1".utf8)) { value in
                    call("\(value)")
                }.resume()
            }
            #expect(first.hasPrefix("success("))
        }
    }

    @Test func downloadTaskTrailingClosureIsTheCompletionHandler() async throws {
        try await withFixture { server, session in
            let first = await firstCall { call in
                session.downloadTask(with: HTTPRequest(url: server.url("/bytes/64"))) { value in
                    call("\(value)")
                }.resume()
            }
            #expect(first.hasPrefix("success("))
            #expect(session.tasks.isEmpty)
        }
    }

    /// What the closure `start` hands out is called with first; later calls are ignored.
    private func firstCall(_ start: (@escaping @Sendable (String) -> Void) -> Void) async -> String {
        await withCheckedContinuation { continuation in
            let pending = LockedValue<CheckedContinuation<String, Never>?>(continuation)
            start { text in
                pending.withLock { slot in
                    defer { slot = nil }
                    return slot
                }?.resume(returning: text)
            }
        }
    }
}
