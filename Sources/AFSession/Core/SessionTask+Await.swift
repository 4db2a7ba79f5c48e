import Foundation

extension SessionTask {
    /// Upload progress as a stream that ends when the task completes. Read it before `resume()`
    /// so that progress is reported from the start; only the newest values are buffered.
    public var uploadProgress: AsyncStream<TransferProgress> { progressStream(upload: true) }

    /// Download progress as a stream that ends when the task completes. Read it before `resume()`.
    public var downloadProgress: AsyncStream<TransferProgress> { progressStream(upload: false) }

    private func progressStream(upload: Bool) -> AsyncStream<TransferProgress> {
        mutable.withLock { state in
            if let existing = upload ? state.uploadStream : state.downloadStream { return existing.0 }
            let pair = AsyncStream<TransferProgress>.makeStream(bufferingPolicy: .bufferingNewest(64))
            if state.result != nil { pair.continuation.finish() }
            state.progressObserved = true
            if upload {
                state.uploadStream = (pair.stream, pair.continuation)
            } else {
                state.downloadStream = (pair.stream, pair.continuation)
            }
            return pair.stream
        }
    }

    /// Waits for the result of a data or upload task (resume it first, or this waits forever).
    /// Cancelling the awaiting Swift task cancels this task.
    /// - Returns: the response with the body in memory.
    /// - Throws: the task's `SessionError`.
    public func dataResponse() async throws(SessionError) -> DataResponse {
        switch await result() {
        case .success(.data(let response)): return response
        case .success(.download(let response)):
            throw .fileSystem(
                FileSystemFailure(
                    path: response.fileURL.path,
                    message: "a download task has no in-memory body; use downloadResponse()"
                )
            )
        case .failure(let error): throw error
        }
    }

    /// Waits for the result of a download task (resume it first). Cancelling the awaiting Swift
    /// task cancels this task.
    /// - Returns: the response and where the file is now.
    /// - Throws: the task's `SessionError`.
    public func downloadResponse() async throws(SessionError) -> DownloadResponse {
        switch await result() {
        case .success(.download(let response)): return response
        case .success(.data):
            throw .fileSystem(
                FileSystemFailure(
                    path: originalRequest.url.absoluteString,
                    message: "a data task has no file; use dataResponse()"
                )
            )
        case .failure(let error): throw error
        }
    }

    /// Waits for the result, honouring Swift task cancellation.
    func result() async -> TaskResult {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<TaskResult, Never>) in
                let ready = mutable.withLock { state -> TaskResult? in
                    if let result = state.result { return result }
                    if state.firstWaiter == nil {
                        state.firstWaiter = continuation
                    } else {
                        state.waiters.append(continuation)
                    }
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            cancel()
        }
    }
}
