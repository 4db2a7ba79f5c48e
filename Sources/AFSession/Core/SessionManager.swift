import Foundation

/// Runs tasks over one libcurl multi handle owned by one transfer-loop thread
/// (AFNetworking's `AFURLSessionManager`).
///
/// CONTRACT (skeleton): the session-core issue implements this; the signatures below are what
/// the rest of the project calls.
public final class SessionManager: Sendable {
    /// The configuration the session was created with.
    public let configuration: SessionConfiguration

    /// Creates a session and starts its transfer loop.
    public init(configuration: SessionConfiguration = SessionConfiguration()) {
        self.configuration = configuration
    }

    /// Sends a request and returns the response with the body in memory.
    public func data(for request: HTTPRequest) async throws(SessionError) -> DataResponse {
        throw .sessionInvalidated
    }

    /// Sends a request and streams the body to a temporary file, then moves it to the URL
    /// `destination` returns for the temporary file and the response.
    public func download(
        for request: HTTPRequest, to destination: @escaping @Sendable (URL, HTTPResponse) -> URL
    ) async throws(SessionError) -> DownloadResponse {
        throw .sessionInvalidated
    }

    /// Cancels running tasks, stops the loop and waits for it; later tasks fail with `.sessionInvalidated`.
    public func shutdown() async {}
}
