import Foundation
import Glibc
import Locking

/// A TCP forwarder on 127.0.0.1 to a server's port, which a test can stall or kill: `stall()` keeps every
/// connection open and forwards nothing (a server that accepts and never answers, or hangs mid-way) until
/// `resume()`; `kill()` resets every connection through it and closes its port, as a server that dies does
/// (its clients see their connection drop, and new connections refused).
public final class TCPProxy: Sendable {
    public let port: Int
    private let listener: Int32
    private let targetPort: Int
    /// Every socket open through the proxy, shut down by `kill()`; nil once killed.
    private let sockets = LockedValue<[Int32]?>([])
    /// Whether bytes wait instead of being forwarded.
    private let stalled: LockedValue<Bool>

    /// Listens on a free port of 127.0.0.1 and forwards to `targetPort`, or only holds what arrives while
    /// `stalled`.
    public init(to targetPort: Int, stalled: Bool = false) throws {
        self.targetPort = targetPort
        self.stalled = LockedValue(stalled)
        let (listener, port) = try Self.listen()
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// From now on, nothing is forwarded either way (connections stay open).
    public func stall() { stalled.withLock { $0 = true } }

    /// Forwards again, what waited first.
    public func resume() { stalled.withLock { $0 = false } }

    /// Drops every connection and stops listening.
    public func kill() {
        let open = sockets.withLock { sockets in
            defer { sockets = nil }
            return sockets ?? []
        }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        for socket in open { Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            guard let upstream = try? Self.connect(to: targetPort) else {
                close(client)
                continue
            }
            let kept = sockets.withLock { sockets -> Bool in
                guard sockets != nil else { return false }
                sockets?.append(contentsOf: [client, upstream])
                return true
            }
            guard kept else {
                close(client)
                close(upstream)
                return
            }
            Thread.detachNewThread { [self] in pump(from: client, to: upstream) }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client) }
        }
    }

    /// Copies bytes until either side ends, then ends both; holds what it read while the proxy is stalled.
    private func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        copying: while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            // Polled: a test helper, and a stall lasts seconds; `kill()` ends the wait (the sockets are nil).
            while stalled.withLock({ $0 }) {
                if sockets.withLock({ $0 == nil }) { break copying }
                usleep(10_000)
            }
            var sent = 0
            while sent < count {
                let written = buffer[sent..<count].withUnsafeBytes { write(destination, $0.baseAddress, $0.count) }
                guard written > 0 else { break copying }
                sent += written
            }
        }
        Glibc.shutdown(source, Int32(SHUT_RDWR))
        Glibc.shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func listen() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && Glibc.listen(descriptor, 64) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard descriptor >= 0, ok else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private static func connect(to port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: port)
        let ok = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                Glibc.connect(descriptor, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard descriptor >= 0, ok else {
            if descriptor >= 0 { close(descriptor) }
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return descriptor
    }
}
