import Foundation

/// Sentences for people: `print(error)` and `error.localizedDescription` say what failed, where, and
/// libcurl's own words, as Alamofire's `AFError` does, instead of Swift's reflection of the case
/// ("The operation could not be completed. (AFSession.SessionError error 1.)").
///
/// Transport cases name the host, never the whole URL: a query or user-info part may hold a secret.
extension SessionError: CustomStringConvertible, LocalizedError {
    /// What failed, the host, and libcurl's message with its code.
    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL \(url): only http and https URLs with a host can be sent"
        case .dnsFailure(let f): "cannot resolve the host \(Self.host(f)): \(f)"
        case .cannotConnect(let f): "cannot connect to \(Self.host(f)): \(f)"
        case .timedOut(.connect, let f): "timed out connecting to \(Self.host(f)): \(f)"
        case .timedOut(.total, let f): "timed out waiting for \(Self.host(f)): \(f)"
        case .tlsFailure(let f): "TLS handshake with \(Self.host(f)) failed: \(f)"
        case .serverTrustRejected(let rejection): rejection.description
        case .tooManyRedirects(let f): "too many redirects from \(Self.host(f)): \(f)"
        case .connectionLost(let f): "connection to \(Self.host(f)) lost before the response was complete: \(f)"
        case .invalidResponse(let f): "invalid HTTP response from \(Self.host(f)): \(f)"
        case .transport(let f): "request to \(Self.host(f)) failed: \(f)"
        case .cancelled(let request?): "cancelled: \(request.method.rawValue) to \(request.url.host ?? "?")"
        case .cancelled(nil): "cancelled"
        case .sessionInvalidated: "the session was shut down or invalidated before the task could run"
        case .fileSystem(let failure): "file error: \(failure)"
        case .requestSerialization(let failure): "cannot build the request: \(failure)"
        case .responseValidation(let failure): failure.description
        case .responseSerialization(let failure): "cannot decode the response: \(failure)"
        }
    }

    /// The same sentence as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func host(_ failure: TransportFailure) -> String {
        guard let host = failure.request.url.host else { return failure.request.url.scheme ?? "?" }
        return failure.request.url.port.map { "\(host):\($0)" } ?? host
    }
}
