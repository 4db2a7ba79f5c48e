import Foundation
import PostgresNIO

extension PostgresSession {
    /// Why a call failed, as one clause with the password masked: the server's own message when it sent one
    /// (a wrong password, an unknown database), else what went wrong in the system's words, naming the host,
    /// rather than the driver's description of its state.
    static func reason(_ error: any Error, location: PostgresLocation) -> String {
        let text: String
        if let timeout = error as? SessionTimeout {
            let seconds = timeout.seconds.formatted(.number.precision(.fractionLength(0...3)))
            text =
                timeout.isDeadline
                ? "no answer within the history timeout (\(seconds) s)" : "no answer within \(seconds) s"
        } else if let error = error as? PSQLError {
            text = reason(error, location: location)
        } else {
            text = "\(error)"
        }
        return location.scrub(text)
    }

    private static func reason(_ error: PSQLError, location: PostgresLocation) -> String {
        if let message = error.serverInfo?[.message] {
            let code = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + code
        }
        switch error.code {
        case .authMechanismRequiresPassword:
            return "the server asks for the password of user '\(location.user)' and the URL has none"
                + " (write postgres://USER:PASSWORD@HOST/DATABASE)"
        case .serverClosedConnection, .uncleanShutdown:
            return closedWithoutAnswer(location)
        default:
            break
        }
        guard let underlying = error.underlying else { return "\(error.code)" }
        if let text = connectFailure(underlying, location: location) { return text }
        // A reset while the startup message is read or written: the server hung up, as above.
        if let io = underlying as? IOError, [ECONNRESET, EPIPE].contains(io.errnoCode) {
            return closedWithoutAnswer(location)
        }
        return "\(error.code): \(underlying)"
    }

    /// A server that accepts the connection and closes it (not PostgreSQL, a proxy with nothing behind it, a
    /// server at its connection limit that cannot say so).
    private static func closedWithoutAnswer(_ location: PostgresLocation) -> String {
        "the server at \(location.host):\(location.port) closed the connection without answering"
            + " (is PostgreSQL listening there, and does it accept connections from this host?)"
    }

    /// A connect that failed, in the system's words (`connection refused connecting to 127.0.0.1:5432`),
    /// rather than NIO's description of every address it tried; nil for any other error.
    static func connectFailure(_ error: any Error, location: PostgresLocation) -> String? {
        if let unknown = error as? SocketAddressError.UnknownHost { return unresolved(unknown, location: location) }
        guard let error = error as? NIOConnectionError else { return nil }
        if let dns = error.dnsAError ?? error.dnsAAAAError {
            return unresolved(dns, location: location)
        }
        let reasons = error.connectionErrors.map { failure in
            let why = (failure.error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(failure.error)"
            let address = failure.target.ipAddress ?? location.host
            return "\(why.prefix(1).lowercased() + why.dropFirst()) connecting to \(address):\(location.port)"
        }
        guard !reasons.isEmpty else { return "cannot connect to \(location.host):\(location.port)" }
        return reasons.joined(separator: "; ") + " (is the server running and listening there?)"
    }

    /// A host name the resolver does not know (`getaddrinfo`'s answer, without NIO's type name and code).
    private static func unresolved(_ error: any Error, location: PostgresLocation) -> String {
        guard let unknown = error as? SocketAddressError.UnknownHost else {
            return "cannot resolve the host '\(location.host)' (\(error))"
        }
        let why =
            switch Int32(unknown.errorCode) {
            case EAI_NONAME: "no such name; is it spelled right?"
            case EAI_AGAIN: "the name server did not answer; is the network up?"
            default: unknown.errorDescription.lowercased()
            }
        return "cannot resolve the host '\(location.host)' (\(why))"
    }
}
