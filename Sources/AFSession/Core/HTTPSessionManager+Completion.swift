import Foundation
import Locking

extension HTTPSessionManager {
    /// Called with the task and the value the response serializer decoded.
    public typealias Success = @Sendable (SessionTask, any Sendable) -> Void
    /// Called with the task (nil when the request could not be built) and the error.
    public typealias Failure = @Sendable (SessionTask?, SessionError) -> Void

    /// Builds, starts and returns a data task whose response goes through the response serializer;
    /// AFNetworking's `dataTaskWithHTTPMethod:…`. Handlers run on the session's completion queue.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: resolved against `baseURL`.
    ///   - parameters: encoded by the request serializer.
    ///   - headers: per-request headers.
    ///   - uploadProgress: upload progress, on the completion queue.
    ///   - downloadProgress: download progress, on the completion queue.
    ///   - success: called once with the decoded value.
    ///   - failure: called once with the error.
    /// - Returns: the running task, or nil when the request could not be built (`failure` is called).
    @discardableResult
    public func dataTask(
        _ method: HTTPMethod,
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        uploadProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        downloadProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        success: Success?,
        failure: Failure?
    ) -> SessionTask? {
        let request: HTTPRequest
        do {
            request = try makeRequest(method, path, parameters: parameters, headers: headers)
        } catch {
            if let failure { session.completionQueue.async { failure(nil, error) } }
            return nil
        }
        let serializer = responseSerializer
        let slot = TaskSlot()
        let task = session.dataTask(
            with: request,
            uploadProgress: uploadProgress,
            downloadProgress: downloadProgress
        ) { result in
            // Taking the task breaks the task → handler → slot → task cycle.
            guard let task = slot.take() else { return }
            switch result {
            case .success(let raw):
                do throws(SessionError) {
                    let value: any Sendable = try serializer.serialize(response: raw.response, data: raw.data)
                    success?(task, value)
                } catch {
                    failure?(task, error)
                }
            case .failure(let error):
                failure?(task, error)
            }
        }
        slot.store(task)
        task.resume()
        return task
    }

    /// `GET path`, AF style: starts the task and calls `success` or `failure` on the completion queue.
    /// - Returns: the running task, or nil when the request could not be built.
    @discardableResult
    public func get(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        success: Success?,
        failure: Failure?
    ) -> SessionTask? {
        dataTask(
            .get,
            path,
            parameters: parameters,
            headers: headers,
            downloadProgress: progress,
            success: success,
            failure: failure
        )
    }

    /// `HEAD path`, AF style; `success` gets the task once the response passed validation.
    /// - Returns: the running task, or nil when the request could not be built.
    @discardableResult
    public func head(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        success: (@Sendable (SessionTask) -> Void)?,
        failure: Failure?
    ) -> SessionTask? {
        dataTask(
            .head,
            path,
            parameters: parameters,
            headers: headers,
            success: { task, _ in success?(task) },
            failure: failure
        )
    }

    /// `POST path`, AF style.
    /// - Returns: the running task, or nil when the request could not be built.
    @discardableResult
    public func post(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        success: Success?,
        failure: Failure?
    ) -> SessionTask? {
        dataTask(
            .post,
            path,
            parameters: parameters,
            headers: headers,
            uploadProgress: progress,
            success: success,
            failure: failure
        )
    }

    /// `PUT path`, AF style.
    /// - Returns: the running task, or nil when the request could not be built.
    @discardableResult
    public func put(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        success: Success?,
        failure: Failure?
    ) -> SessionTask? {
        dataTask(.put, path, parameters: parameters, headers: headers, success: success, failure: failure)
    }

    /// `PATCH path`, AF style.
    /// - Returns: the running task, or nil when the request could not be built.
    @discardableResult
    public func patch(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        success: Success?,
        failure: Failure?
    ) -> SessionTask? {
        dataTask(.patch, path, parameters: parameters, headers: headers, success: success, failure: failure)
    }

    /// `DELETE path`, AF style.
    /// - Returns: the running task, or nil when the request could not be built.
    @discardableResult
    public func delete(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        success: Success?,
        failure: Failure?
    ) -> SessionTask? {
        dataTask(.delete, path, parameters: parameters, headers: headers, success: success, failure: failure)
    }
}

/// Lets a completion handler reach the task it belongs to, which exists only after the handler.
private final class TaskSlot: Sendable {
    private let stored = LockedValue<SessionTask?>(nil)
    func store(_ task: SessionTask) { stored.withLock { $0 = task } }
    func take() -> SessionTask? {
        stored.withLock { task in
            defer { task = nil }
            return task
        }
    }
}
