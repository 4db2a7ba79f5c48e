import Foundation

// The forms with closures take `completionHandler` without a default, so a trailing closure is the completion
// handler (`dataTask(with: request) { result in … }`, as with URLSession). With every closure defaulted, Swift
// binds a trailing closure to the first one, `uploadProgress`, and `{ _ in done() }` compiled as a progress
// closure. The forms without closures are separate overloads, for callers that await the task instead.
extension SessionManager {
    /// Creates a data task, suspended (call `resume()`); await `dataResponse()` for its result.
    /// - Parameter request: the request.
    /// - Returns: the task.
    public func dataTask(with request: HTTPRequest) -> SessionTask {
        dataTask(with: request, completionHandler: nil)
    }

    /// Creates an upload task sending `data` as the body, suspended; await `dataResponse()` for its result.
    /// - Parameters:
    ///   - request: the request (its own body is replaced).
    ///   - data: the body.
    /// - Returns: the task.
    public func uploadTask(with request: HTTPRequest, fromData data: Data) -> SessionTask {
        uploadTask(with: request, fromData: data, completionHandler: nil)
    }

    /// Creates an upload task streaming the file at `fileURL` as the body, suspended; await `dataResponse()`
    /// for its result.
    /// - Parameters:
    ///   - request: the request (its own body is replaced).
    ///   - fileURL: the file to send.
    /// - Returns: the task.
    public func uploadTask(with request: HTTPRequest, fromFile fileURL: URL) -> SessionTask {
        uploadTask(with: request, fromFile: fileURL, completionHandler: nil)
    }

    /// Creates a download task, suspended; await `downloadResponse()` for its result. See
    /// `downloadTask(with:progress:destination:completionHandler:)`.
    /// - Parameters:
    ///   - request: the request.
    ///   - destination: where the file goes; return the temporary URL to leave it there.
    /// - Returns: the task.
    public func downloadTask(
        with request: HTTPRequest,
        destination: (@Sendable (URL, HTTPResponse) -> URL)? = nil
    ) -> SessionTask {
        downloadTask(with: request, destination: destination, completionHandler: nil)
    }

    /// Creates a data task, suspended (call `resume()`).
    /// - Parameters:
    ///   - request: the request.
    ///   - uploadProgress: called on the completion queue as the request body is sent.
    ///   - downloadProgress: called on the completion queue as the response body arrives.
    ///   - completionHandler: called once on the completion queue with the response or the error; a
    ///     trailing closure is this one.
    /// - Returns: the task.
    public func dataTask(
        with request: HTTPRequest,
        uploadProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        downloadProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        completionHandler: (@Sendable (Result<DataResponse, SessionError>) -> Void)?
    ) -> SessionTask {
        makeTask(
            kind: .data,
            request: request,
            handlers: TaskHandlers(
                uploadProgress: uploadProgress,
                downloadProgress: downloadProgress,
                completion: completionHandler.map(Self.dataCompletion)
            )
        )
    }

    /// Creates an upload task sending `data` as the body, suspended.
    /// - Parameters:
    ///   - request: the request (its own body is replaced).
    ///   - data: the body.
    ///   - progress: upload progress, on the completion queue.
    ///   - completionHandler: called once on the completion queue.
    /// - Returns: the task.
    public func uploadTask(
        with request: HTTPRequest,
        fromData data: Data,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        completionHandler: (@Sendable (Result<DataResponse, SessionError>) -> Void)?
    ) -> SessionTask {
        var request = request
        request.body = .data(data)
        if request.method == .get { request.method = .post }
        return makeTask(
            kind: .upload,
            request: request,
            handlers: TaskHandlers(uploadProgress: progress, completion: completionHandler.map(Self.dataCompletion))
        )
    }

    /// Creates an upload task streaming the file at `fileURL` as the body (never loaded whole), suspended.
    /// - Parameters:
    ///   - request: the request (its own body is replaced).
    ///   - fileURL: the file to send.
    ///   - progress: upload progress, on the completion queue.
    ///   - completionHandler: called once on the completion queue.
    /// - Returns: the task.
    public func uploadTask(
        with request: HTTPRequest,
        fromFile fileURL: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        completionHandler: (@Sendable (Result<DataResponse, SessionError>) -> Void)?
    ) -> SessionTask {
        var request = request
        request.body = .file(fileURL)
        if request.method == .get { request.method = .post }
        return makeTask(
            kind: .upload,
            request: request,
            handlers: TaskHandlers(uploadProgress: progress, completion: completionHandler.map(Self.dataCompletion))
        )
    }

    /// Creates a download task, suspended. The body is streamed to a temporary file; when the
    /// transfer succeeds, `destination` (called off the transfer loop with the temporary file and
    /// the response) says where to move it. A file already there is replaced.
    /// - Parameters:
    ///   - request: the request.
    ///   - progress: download progress, on the completion queue.
    ///   - destination: where the file goes; return the temporary URL to leave it there.
    ///   - completionHandler: called once on the completion queue.
    /// - Returns: the task.
    public func downloadTask(
        with request: HTTPRequest,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        destination: (@Sendable (URL, HTTPResponse) -> URL)? = nil,
        completionHandler: (@Sendable (Result<DownloadResponse, SessionError>) -> Void)?
    ) -> SessionTask {
        makeTask(
            kind: .download,
            request: request,
            handlers: TaskHandlers(
                downloadProgress: progress,
                destination: destination,
                completion: completionHandler.map(Self.downloadCompletion)
            )
        )
    }

    private static func dataCompletion(
        _ handler: @escaping @Sendable (Result<DataResponse, SessionError>) -> Void
    ) -> @Sendable (TaskResult) -> Void {
        { result in
            switch result {
            case .success(.data(let response)): handler(.success(response))
            case .success(.download): handler(.failure(.sessionInvalidated))
            case .failure(let error): handler(.failure(error))
            }
        }
    }

    private static func downloadCompletion(
        _ handler: @escaping @Sendable (Result<DownloadResponse, SessionError>) -> Void
    ) -> @Sendable (TaskResult) -> Void {
        { result in
            switch result {
            case .success(.download(let response)): handler(.success(response))
            case .success(.data): handler(.failure(.sessionInvalidated))
            case .failure(let error): handler(.failure(error))
            }
        }
    }
}
