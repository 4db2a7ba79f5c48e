import Foundation
import Locking

/// A session for one HTTP API: a base URL, a request serializer that builds requests from
/// parameters and a response serializer that validates and decodes responses
/// (AFNetworking's `AFHTTPSessionManager`).
///
/// ```swift
/// let api = HTTPSessionManager(baseURL: URL(string: "https://example.com/api")!)
/// let user = try await api.get("users/1")          // https://example.com/api/users/1
/// await api.shutdown()
/// ```
public final class HTTPSessionManager: Sendable {
    /// The session that runs the requests.
    public let session: SessionManager
    /// The base URL relative paths resolve against; a non-empty path always ends with `/`.
    public let baseURL: URL?

    private struct Serializers: Sendable {
        var request: any RequestSerializing
        var response: any ResponseSerializing
    }

    private let serializers: LockedValue<Serializers>

    /// Creates a manager and its session.
    /// - Parameters:
    ///   - baseURL: relative paths resolve against it. As in AFNetworking, a base URL whose path is
    ///     not empty and lacks a trailing slash gets one, so `https://h/api` + `users` is
    ///     `https://h/api/users`.
    ///   - configuration: the session's configuration.
    ///   - completionQueue: where completion handlers run; the session's own queue when nil.
    ///   - eventMonitors: the session's event monitors.
    public init(
        baseURL: URL? = nil,
        configuration: SessionConfiguration = SessionConfiguration(),
        completionQueue: DispatchQueue? = nil,
        eventMonitors: [any EventMonitor] = []
    ) {
        self.baseURL = baseURL.map(Self.normalizedBaseURL)
        self.session = SessionManager(
            configuration: configuration,
            completionQueue: completionQueue,
            eventMonitors: eventMonitors
        )
        self.serializers = LockedValue(
            Serializers(request: HTTPRequestSerializer(), response: HTTPResponseSerializer())
        )
    }

    /// Builds requests from method, URL and parameters; `HTTPRequestSerializer()` by default.
    public var requestSerializer: any RequestSerializing {
        get { serializers.withLock { $0.request } }
        set { serializers.withLock { $0.request = newValue } }
    }

    /// Validates and decodes responses; `HTTPResponseSerializer()` by default.
    public var responseSerializer: any ResponseSerializing {
        get { serializers.withLock { $0.response } }
        set { serializers.withLock { $0.response = newValue } }
    }

    /// Cancels the session's tasks and stops its transfer loop.
    public func shutdown() async { await session.shutdown() }

    /// Invalidates the session (see `SessionManager.invalidate(cancelingTasks:)`).
    public func invalidate(cancelingTasks: Bool) { session.invalidate(cancelingTasks: cancelingTasks) }

    /// AFNetworking's base-URL rule: a non-empty path gets a terminating slash.
    static func normalizedBaseURL(_ url: URL) -> URL {
        guard !url.path.isEmpty, !url.absoluteString.hasSuffix("/"),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            !components.path.hasSuffix("/")
        else { return url }
        components.path += "/"
        return components.url ?? url
    }

    /// Resolves `path` against the base URL with standard relative resolution (RFC 3986).
    /// - Parameter path: a relative reference (`users/1`, `/root`, `?q=1`) or an absolute URL.
    /// - Returns: the absolute URL.
    /// - Throws: `.invalidURL` when the result is not a URL.
    public func url(for path: String) throws(SessionError) -> URL {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL, url.scheme != nil else {
            throw .invalidURL(path)
        }
        return url
    }

    /// Builds a request with the current request serializer.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: resolved against `baseURL`.
    ///   - parameters: encoded by the serializer (query string or body).
    ///   - headers: added over the serializer's headers.
    /// - Returns: the request.
    /// - Throws: `.invalidURL` or the serializer's `.requestSerialization`.
    public func makeRequest(
        _ method: HTTPMethod,
        _ path: String,
        parameters: ParameterValue?,
        headers: HTTPHeaders
    ) throws(SessionError) -> HTTPRequest {
        let url = try url(for: path)
        return try requestSerializer.request(method: method, url: url, parameters: parameters, headers: headers)
    }
}
