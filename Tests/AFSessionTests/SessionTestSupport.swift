import AFSession
import FixtureServer
import Foundation
import Locking
import Synchronization

/// Starts an HTTP-only fixture server (TLS too when asked) and a session for it, and shuts both
/// down afterwards.
func withFixture<T: Sendable>(
    tls: Bool = false,
    configure: (inout SessionConfiguration) -> Void = { _ in },
    _ body: (FixtureServer, SessionManager) async throws -> T
) async throws -> T {
    var serverConfiguration = FixtureServer.Configuration()
    if !tls {
        serverConfiguration.tlsPort = nil
        serverConfiguration.tlsVariants = []
    }
    var configuration = SessionConfiguration()
    configure(&configuration)
    let sessionConfiguration = configuration
    return try await withFixtureServer(serverConfiguration) { server in
        try await withSessionManager(configuration: sessionConfiguration) { session in
            try await body(server, session)
        }
    }
}

extension FixtureServer {
    /// `httpURL` + `path` (which may carry a query).
    func url(_ path: String) -> URL {
        URL(string: httpURL.absoluteString + path)!
    }
}

/// Decodes a JSON object body.
func jsonObject(_ data: Data) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

/// A scratch directory removed by the caller.
func makeScratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("afsession-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Collects values from any thread, for completion handlers and monitors. `LockedValue`, not
/// `Mutex`: the ThreadSanitizer run covers these tests and cannot see a `Mutex`'s futex.
final class Collector<Value: Sendable>: Sendable {
    private let storage = LockedValue<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// A shared index handed out to concurrent workers.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    /// Returns the next index.
    func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}
