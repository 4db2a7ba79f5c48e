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

    init() throws {
        name = "afrun-reach-\(getpid())-\(Self.counter.add(1, ordering: .relaxed).newValue)"
        try Self.ip(["netns", "add", name])
    }

    deinit { try? Self.ip(["netns", "delete", name]) }

    /// Runs `ip -n NAME args…` inside the namespace.
    func run(_ arguments: String...) throws { try Self.ip(["-n", name] + arguments) }

    struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    private static func ip(_ arguments: [String]) throws {
        let process = ChildProcess()
        process.executableURL = URL(
            fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") ? "/usr/sbin/ip" : "/sbin/ip"
        )
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: PipeReading.readToEnd(errors.fileHandleForReading), as: UTF8.self)
            throw CommandFailed(description: "ip \(arguments.joined(separator: " ")): \(text)")
        }
    }
}
