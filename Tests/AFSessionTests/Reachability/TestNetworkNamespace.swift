import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// A network namespace the test creates and removes itself, with `ip` commands run inside it.
/// Nothing leaves the namespace: it has no route to the host's network.
final class TestNetworkNamespace {
    private static let counter = Atomic<Int>(0)
    let name: String

    /// Whether this process may create namespaces (root and iproute2).
    static var isSupported: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
            || getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/sbin/ip")
    }

    init() async throws {
        name = "afrun-reach-\(getpid())-\(Self.counter.add(1, ordering: .relaxed).newValue)"
        try await Self.ip(["netns", "add", name])
    }

    // Not waited for: a deinit cannot suspend, and nothing else uses the name.
    deinit { try? Self.start(["netns", "delete", name]) }

    /// Runs `ip -n NAME args…` inside the namespace.
    func run(_ arguments: String...) async throws { try await Self.ip(["-n", name] + arguments) }

    struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    private static func ip(_ arguments: [String]) async throws {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        let (status, output) = try await process.output(includingErrors: true)
        guard status == 0 else { throw CommandFailed(description: "ip \(arguments.joined(separator: " ")): \(output)") }
    }

    /// Starts `ip args…` without waiting for it.
    private static func start(_ arguments: [String]) throws {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
    }

    private static var executable: URL {
        URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") ? "/usr/sbin/ip" : "/sbin/ip")
    }
}
