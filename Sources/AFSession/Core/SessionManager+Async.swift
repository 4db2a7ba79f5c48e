import Foundation

extension SessionManager {
    /// Sends a request and returns the response with the body in memory. Cancelling the calling
    /// Swift task cancels the transfer.
    /// - Parameter request: the request.
    /// - Returns: request, response head, body and metrics.
    /// - Throws: `SessionError`.
    public func data(for request: HTTPRequest) async throws(SessionError) -> DataResponse {
        let task = makeTask(kind: .data, request: request, handlers: TaskHandlers())
        task.resume()
        return try await task.dataResponse()
    }

    /// Sends `data` as the request body (POST unless the request says otherwise).
    /// - Parameters:
    ///   - request: the request.
    ///   - data: the body.
    /// - Returns: the response with its body in memory.
    /// - Throws: `SessionError`.
    public func upload(for request: HTTPRequest, from data: Data) async throws(SessionError) -> DataResponse {
        let task = uploadTask(with: request, fromData: data)
        task.resume()
        return try await task.dataResponse()
    }

    /// Streams the file at `fileURL` as the request body (POST unless the request says otherwise).
    /// - Parameters:
    ///   - request: the request.
    ///   - fileURL: the file to send.
    /// - Returns: the response with its body in memory.
    /// - Throws: `SessionError`; `.fileSystem` when the file cannot be read.
    public func upload(for request: HTTPRequest, fromFile fileURL: URL) async throws(SessionError) -> DataResponse {
        let task = uploadTask(with: request, fromFile: fileURL)
        task.resume()
        return try await task.dataResponse()
    }

    /// Sends a request and streams the body to a temporary file, then moves it to the URL
    /// `destination` returns for the temporary file and the response.
    /// - Parameters:
    ///   - request: the request.
    ///   - destination: called off the transfer loop once the body is complete.
    /// - Returns: the response and the file's final location.
    /// - Throws: `SessionError`; `.fileSystem` when the file cannot be written or moved.
    public func download(
        for request: HTTPRequest,
        to destination: @escaping @Sendable (URL, HTTPResponse) -> URL
    ) async throws(SessionError) -> DownloadResponse {
        let task = downloadTask(with: request, destination: destination)
        task.resume()
        return try await task.downloadResponse()
    }
}
