import Foundation
import Glibc
import TestSupport
import Testing

@testable import AFHistory

/// Why a shared history could not be reached, in the system's words, without the driver's internals.
@Suite("PostgreSQL connect errors")
struct PostgresConnectErrorTests {
    /// A port of 127.0.0.1 nothing listens on: bound by the kernel's choice, then closed.
    static func closedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("a server that is not running: 'connection refused connecting to HOST:PORT', no password, no NIO types")
    func refused() throws {
        let port = try Self.closedPort()
        let location = try PostgresLocation(parsing: "postgres://afrun:hunter22@127.0.0.1:\(port)/afrun_history")
        #expect {
            _ = try PostgresSession.connect(location)
        } throws: { error in
            let text = "\(error)"
            return text.contains("connection refused connecting to 127.0.0.1:\(port)")
                && text.contains("is the server running") && !text.contains("SingleConnectionFailure")
                && !text.contains("hunter22") && text.contains("postgres://afrun:***@127.0.0.1")
        }
    }

    @Test("an unknown host: 'cannot resolve the host NAME (…)', without NIO's type and code, no password")
    func unknownHost() throws {
        // `.invalid` never resolves (RFC 6761), with or without a network; connect_timeout bounds the lookup.
        let location = try PostgresLocation(parsing: "postgres://afrun:hunter22@unknown-host.invalid/afrun_history")
        #expect {
            _ = try PostgresSession.connect(location)
        } throws: { error in
            let text = "\(error)"
            return text.contains("cannot resolve the host 'unknown-host.invalid' (") && !text.contains("SocketAddress")
                && !text.contains("(error -") && !text.contains("hunter22")
                && text.contains("postgres://afrun:***@unknown-host.invalid:5432/afrun_history")
        }
    }

    @Test("a server that closes every connection at once: 'the server at HOST:PORT closed the connection…'")
    func closedAtOnce() throws {
        // The proxy accepts, fails to reach its upstream (a closed port) and closes the connection.
        let proxy = try TCPProxy(to: Self.closedPort())
        defer { proxy.kill() }
        let location = try PostgresLocation(
            parsing: "postgres://afrun:hunter22@127.0.0.1:\(proxy.port)/afrun_history?sslmode=disable"
        )
        #expect {
            _ = try PostgresSession.connect(location)
        } throws: { error in
            let text = "\(error)"
            return text.contains("the server at 127.0.0.1:\(proxy.port) closed the connection without answering")
                && !text.contains("connectionError") && !text.contains("serverClosedConnection")
                && !text.contains("hunter22")
        }
    }
}
