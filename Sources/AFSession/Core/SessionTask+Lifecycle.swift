import Foundation

extension SessionTask {
    /// Starts the task, or unpauses it after `suspend()`. Does nothing once it completed.
    public func resume() {
        let (action, preflight) = mutable.withLock { state in
            (state.machine.resume(), state.preflightError)
        }
        switch action {
        case .none: return
        case .start:
            notifyMonitors { $0.taskDidResume(self) }
            if let preflight {
                complete(with: .failure(preflight, request: originalRequest))
                return
            }
            if !context.loop.enqueue(.start(makeJob())) {
                let completion = mutable.withLock { $0.machine.startRejected() }
                if let completion { deliver(completion) }
            }
        case .unpause:
            notifyMonitors { $0.taskDidResume(self) }
            context.loop.enqueue(.unpause(identifier))
        }
    }

    /// Pauses a running transfer (libcurl stops reading and writing; timeouts keep running).
    /// A task that has not started stays suspended.
    public func suspend() {
        guard mutable.withLock({ $0.machine.suspend() }) == .pause else { return }
        notifyMonitors { $0.taskDidSuspend(self) }
        context.loop.enqueue(.pause(identifier))
    }

    /// Cancels the task; it completes with `SessionError.cancelled`. Does nothing once it completed.
    public func cancel() {
        let action = mutable.withLock { $0.machine.cancel() }
        switch action {
        case .none: return
        case .cancelTransfer:
            notifyMonitors { $0.taskDidCancel(self) }
            // Refused only when the loop is shutting down, which cancels every transfer anyway.
            context.loop.enqueue(.cancel(identifier))
        case .deliver(let completion):
            notifyMonitors { $0.taskDidCancel(self) }
            deliver(completion)
        }
    }

    private func makeJob() -> TransferJob {
        let sink: TransferJob.Sink
        if kind == .download {
            let name = "afrun-download-\(identifier)-\(UUID().uuidString).tmp"
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            mutable.withLock { $0.temporaryFileURL = url }
            sink = .file(url)
        } else {
            sink = .memory
        }
        return TransferJob(
            id: identifier,
            request: originalRequest,
            options: context.options,
            sink: sink,
            reportsProgress: mutable.withLock { $0.progressObserved },
            delegate: self
        )
    }

    /// Runs the machine's finish transition and delivers if it returns something.
    func complete(with outcome: TransferOutcome) {
        let completion = mutable.withLock { $0.machine.finish(outcome) }
        if let completion { deliver(completion) }
    }

    /// Delivers the result to everyone waiting; called once, after the state changed, outside the lock.
    func deliver(_ completion: TransferStateMachine.Completion) {
        let outcome: TransferOutcome
        switch completion {
        case .outcome(let value): outcome = value
        case .cancelled: outcome = .failure(.cancelled(originalRequest), request: originalRequest)
        case .invalidated: outcome = .failure(.sessionInvalidated, request: originalRequest)
        }
        let result = makeResult(outcome)
        // The two streams as a pair, not an array: no allocation per delivered task.
        let (first, waiters, upload, download) = mutable.withLock { state in
            state.delivered = Box((outcome: outcome, result: result))
            let first = state.firstWaiter
            state.firstWaiter = nil
            let waiters = state.waiters
            state.waiters = []
            return (first, waiters, state.uploadStream?.1, state.downloadStream?.1)
        }
        // Out of the registry before anyone waiting resumes: code that awaited the last task must
        // find `session.tasks` empty (AFNetworking also drops a task's delegate before its completion runs).
        context.registry.remove(identifier)
        upload?.finish()
        download?.finish()
        first?.resume(returning: result)
        for waiter in waiters { waiter.resume(returning: result) }
        if let completion = context.handlers.completion {
            context.completionQueue.async { completion(result) }
        }
        if !context.monitors.isEmpty {
            var event = TaskCompletionEvent(
                request: originalRequest,
                response: outcome.response,
                data: nil,
                fileURL: nil,
                error: nil,
                metrics: outcome.metrics
            )
            switch result {
            case .success(.data(let response)): event.data = response.data
            case .success(.download(let response)): event.fileURL = response.fileURL
            case .failure(let error): event.error = error
            }
            let frozen = event
            notifyMonitors { $0.taskDidComplete(self, with: frozen) }
        }
    }

    private func makeResult(_ outcome: TransferOutcome) -> TaskResult {
        if let error = outcome.error { return .failure(error) }
        guard let response = outcome.response, let body = outcome.body else {
            return .failure(.sessionInvalidated)
        }
        let metrics = outcome.metrics ?? TransferMetrics()
        switch body {
        case .data(let data, let summary):
            return .success(
                .data(
                    DataResponse(
                        request: outcome.request,
                        response: response,
                        data: data,
                        metrics: metrics,
                        body: summary
                    )
                )
            )
        case .file(let url):
            return .success(
                .download(
                    DownloadResponse(request: outcome.request, response: response, fileURL: url, metrics: metrics)
                )
            )
        }
    }

    func notifyMonitors(_ call: @escaping @Sendable (any EventMonitor) -> Void) {
        for monitor in context.monitors {
            monitor.queue.async { call(monitor) }
        }
    }
}

extension SessionTask: TransferDelegate {
    func transferDidProgress(upload: TransferProgress, download: TransferProgress) {
        let (uploadStream, downloadStream) = mutable.withLock { ($0.uploadStream?.1, $0.downloadStream?.1) }
        uploadStream?.yield(upload)
        downloadStream?.yield(download)
        let handlers = context.handlers
        if handlers.uploadProgress != nil || handlers.downloadProgress != nil {
            context.completionQueue.async {
                handlers.uploadProgress?(upload)
                handlers.downloadProgress?(download)
            }
        }
    }

    func transferDidFinish(_ outcome: TransferOutcome) {
        guard kind == .download, outcome.error == nil, case .file(let temporary)? = outcome.body,
            let response = outcome.response
        else {
            complete(with: outcome)
            return
        }
        // The destination closure is user code: never on the loop thread.
        let destination = context.handlers.destination
        DispatchQueue.global().async {
            self.complete(with: Self.move(outcome, from: temporary, response: response, destination: destination))
        }
    }

    /// Moves a finished download to the destination (replacing a file already there).
    static func move(
        _ outcome: TransferOutcome,
        from temporary: URL,
        response: HTTPResponse,
        destination: (@Sendable (URL, HTTPResponse) -> URL)?
    ) -> TransferOutcome {
        guard let destination else { return outcome }
        let target = destination(temporary, response)
        guard target.standardizedFileURL != temporary.standardizedFileURL else { return outcome }
        var moved = outcome
        do {
            let manager = FileManager.default
            if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
            try manager.moveItem(at: temporary, to: target)
            moved.body = .file(target)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            moved.body = nil
            moved.error = .fileSystem(
                FileSystemFailure(
                    path: target.path,
                    message: "cannot move the download there: \(error.localizedDescription)"
                )
            )
        }
        return moved
    }
}
