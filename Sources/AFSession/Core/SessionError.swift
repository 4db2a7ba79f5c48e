import Foundation

/// Every error the session core reports. Switch on the case; each carries what a caller needs
/// to act on it: the libcurl code and message, the request, the response where there was one.
public enum SessionError: Error, Sendable {
    /// The URL could not be parsed or is not HTTP(S).
    case invalidURL(String)
    /// The host name could not be resolved.
    case dnsFailure(TransportFailure)
    /// The connection was refused or the host could not be reached.
    case cannotConnect(TransportFailure)
    /// The transfer took too long; the phase tells whether connecting or the whole transfer did.
    case timedOut(TimeoutPhase, TransportFailure)
    /// The TLS handshake failed for a reason other than the security policy's decision
    /// (protocol mismatch, client certificate refused, unreadable certificate files).
    case tlsFailure(TransportFailure)
    /// The security policy refused the server during the handshake; no request byte was sent.
    case serverTrustRejected(TrustRejection)
    /// More redirects than the policy allows.
    case tooManyRedirects(TransportFailure)
    /// The connection broke before the response was complete (reset, closed early, truncated body).
    case connectionLost(TransportFailure)
    /// The server's reply was not valid HTTP (malformed status line or headers).
    case invalidResponse(TransportFailure)
    /// Any other libcurl failure.
    case transport(TransportFailure)
    /// The task was cancelled; carries the request when one was being sent.
    case cancelled(HTTPRequest?)
    /// The session was invalidated or shut down before the task could run.
    case sessionInvalidated
    /// A file the task needed could not be read, written or moved.
    case fileSystem(FileSystemFailure)
    /// A request serializer could not build the request.
    case requestSerialization(RequestSerializationFailure)
    /// The response did not pass the response serializer's validation (status code, content type).
    case responseValidation(ResponseValidationFailure)
    /// The response body could not be decoded.
    case responseSerialization(ResponseSerializationFailure)

    /// The libcurl failure behind the error (its code, message and what was measured), for the cases that
    /// carry one.
    public var transportFailure: TransportFailure? {
        switch self {
        case .dnsFailure(let f), .cannotConnect(let f), .timedOut(_, let f), .tlsFailure(let f),
            .tooManyRedirects(let f),
            .connectionLost(let f), .invalidResponse(let f), .transport(let f):
            f
        case .invalidURL, .serverTrustRejected, .cancelled, .sessionInvalidated, .fileSystem, .requestSerialization,
            .responseValidation, .responseSerialization:
            nil
        }
    }

    /// Which timeout expired.
    public enum TimeoutPhase: String, Sendable, Hashable {
        /// The connection (TCP and TLS) was not established in time.
        case connect
        /// The whole transfer did not finish in time.
        case total
    }
}

/// The details of a libcurl failure.
public struct TransportFailure: Sendable, CustomStringConvertible {
    /// libcurl's result code.
    public var code: CurlCode
    /// libcurl's error-buffer message, or its generic text for the code.
    public var message: String
    /// The request that failed.
    public var request: HTTPRequest
    /// What libcurl measured before the failure (DNS, connect, TLS, time to first byte, sizes, the
    /// remote address); nil when the transfer never started.
    public var metrics: TransferMetrics?

    /// Creates a failure.
    /// - Parameters:
    ///   - code: libcurl's result code.
    ///   - message: the error-buffer text, or the code's generic text.
    ///   - request: the request that failed.
    ///   - metrics: what was measured before the failure.
    public init(code: CurlCode, message: String, request: HTTPRequest, metrics: TransferMetrics? = nil) {
        self.code = code
        self.message = message
        self.request = request
        self.metrics = metrics
    }

    /// `message (curl code N)`.
    public var description: String { "\(message) (curl code \(code.rawValue))" }
}

/// A file-system problem: the path and what went wrong.
public struct FileSystemFailure: Sendable, CustomStringConvertible {
    /// The path involved.
    public var path: String
    /// What went wrong.
    public var message: String

    /// Creates a failure.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
