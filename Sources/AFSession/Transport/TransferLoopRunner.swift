import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The body of the transfer-loop thread: owns the multi handle, every running
/// `Transfer` and a pool of idle easy handles reused with `curl_easy_reset`.
///
/// Not `Sendable`: created on the loop thread and never leaves it (checked by `assertOnLoop`).
final class TransferLoopRunner {
    private let loop: TransferLoop
    private let owner = pthread_self()
    private var multi: CurlMulti?
    private var transfers: [UnsafeMutableRawPointer: Transfer] = [:]
    private var transfersByID: [Int: Transfer] = [:]
    private var idleHandles: [CurlEasy] = []
    private let idleLimit: Int
    /// Outcomes of the transfers finished in this pass, handed over together after it.
    private var finished: [(delegate: any TransferDelegate, outcome: TransferOutcome)] = []
    /// Where finished transfers are delivered to their tasks, in order. Delivering (the task's
    /// lock, its result value, resuming the awaiting Swift task, which wakes a worker thread) cost
    /// several microseconds per transfer on the loop thread, the busiest thread of a large run.
    private let deliveries = DispatchQueue(label: "afrun.transfer-loop.deliveries")

    init(loop: TransferLoop) {
        self.loop = loop
        idleLimit = max(64, loop.limits.maxConnections * 2)
    }

    private func assertOnLoop() {
        assert(pthread_equal(pthread_self(), owner) != 0, "transfer-loop state touched off its thread")
    }

    /// Runs until a `.shutdown` command.
    func run() {
        assertOnLoop()
        guard let multi = makeMulti() else {
            // Without a multi handle nothing can run: refuse everything and end.
            for command in loop.detach() { refuse(command) }
            loop.didExit()
            return
        }
        self.multi = multi
        loop.publish(TransferLoop.WakeTarget(raw: multi.raw))

        var running = true
        while running {
            for command in loop.takeCommands(running: transfers.count) {
                if case .shutdown = command {
                    running = false
                    break
                }
                apply(command)
            }
            guard running else { break }
            if !transfers.isEmpty {
                do {
                    _ = try multi.perform()
                } catch {
                    failAll(message: "\(error)")
                }
                completeFinished()
            }
            if loop.prepareToSleep(running: transfers.count) {
                // libcurl shortens the wait to its own next timeout; a wakeup ends it at once.
                try? multi.poll(timeoutMilliseconds: transfers.isEmpty ? 60_000 : 1_000)
            }
        }
        tearDown()
    }

    private func makeMulti() -> CurlMulti? {
        guard let multi = CurlMulti() else { return nil }
        let limits = loop.limits
        do {
            try multi.set(CURLMOPT_PIPELINING, limits.multiplexes ? Int(afc_pipe_multiplex()) : CURLPIPE_NOTHING)
            try multi.set(CURLMOPT_MAX_TOTAL_CONNECTIONS, limits.maxConnections)
            // The default cache size (4 × handles added) closes keep-alive connections under load.
            try multi.set(CURLMOPT_MAXCONNECTS, limits.maxConnections)
            try multi.set(CURLMOPT_MAX_HOST_CONNECTIONS, limits.maxConnectionsPerHost)
        } catch {
            return nil
        }
        return multi
    }

    // MARK: Commands

    private func apply(_ command: TransferLoop.Command) {
        assertOnLoop()
        switch command {
        case .start(let job): start(job)
        case .cancel(let id): cancel(id)
        case .pause(let id): try? transfersByID[id]?.easy.pause(afc_pause_all())
        case .unpause(let id): try? transfersByID[id]?.easy.pause(afc_pause_cont())
        case .shutdown: break
        }
    }

    private func start(_ job: TransferJob) {
        guard let multi else {
            job.delegate.transferDidFinish(
                .failure(
                    .transport(
                        TransportFailure(
                            code: .outOfMemory,
                            message: "libcurl has no multi handle",
                            request: job.request
                        )
                    ),
                    request: job.request
                )
            )
            return
        }
        let transfer: Transfer
        do throws(SessionError) {
            transfer = try configuredTransfer(for: job)
            do {
                try multi.add(transfer.easy)
            } catch {
                transfer.closeFile()
                recycle(transfer.easy, reusable: false)
                throw .transport(TransportFailure(code: .outOfMemory, message: "\(error)", request: job.request))
            }
        } catch {
            job.delegate.transferDidFinish(.failure(error, request: job.request))
            return
        }
        transfers[transfer.easy.raw] = transfer
        transfersByID[job.id] = transfer
    }

    /// A transfer for `job` on a pooled handle, or on a fresh one when the pooled handle refuses an option.
    ///
    /// libcurl 7.88 keeps a transfer's receive buffer past `curl_easy_reset` when `multi_done` stopped early:
    /// after a name-resolution failure, and after an HTTP/2 stream that ended while other streams still used
    /// its connection ("Connection still in use, no more multi_done now!"). Such a handle refuses
    /// `CURLOPT_BUFFERSIZE` with `CURLE_BAD_FUNCTION_ARGUMENT` (which `configure()` now lets pass, as the
    /// size is only a request), and nothing tells those handles apart before an option is set. So an option
    /// a pooled handle refuses is tried again on a fresh one, which has no state: what that one refuses is
    /// the job's own error.
    private func configuredTransfer(for job: TransferJob) throws(SessionError) -> Transfer {
        if let pooled = idleHandles.popLast() {
            let transfer = Transfer(job: job, easy: pooled)
            do throws(SessionError) {
                try transfer.configure()
                return transfer
            } catch {
                transfer.closeFile()
                recycle(pooled, reusable: false)
            }
        }
        guard let fresh = CurlEasy() else {
            throw .transport(
                TransportFailure(code: .outOfMemory, message: "libcurl could not create a handle", request: job.request)
            )
        }
        let transfer = Transfer(job: job, easy: fresh)
        do throws(SessionError) {
            try transfer.configure()
        } catch {
            transfer.closeFile()
            recycle(fresh, reusable: false)
            throw error
        }
        return transfer
    }

    private func cancel(_ id: Int) {
        guard let transfer = transfersByID[id] else { return }
        finish(transfer, error: .cancelled(transfer.job.request))
    }

    // MARK: Completion

    private func completeFinished() {
        guard let multi else { return }
        while let (raw, code) = multi.nextFinished() {
            guard let transfer = transfers[raw] else { continue }
            detach(transfer)
            // Before the outcome, so progress closures and streams end on the final counts.
            transfer.flushProgress()
            let outcome = transfer.outcome(code: CurlCode(code))
            recycle(transfer.easy, reusable: code == CURLE_OK)
            // Room for a few at once: most passes finish one to a handful of transfers.
            if finished.isEmpty { finished.reserveCapacity(8) }
            finished.append((transfer.job.delegate, outcome))
        }
        // Before the outcomes go out: a caller that sends its next request when one finishes must see
        // this loop idle again (`TransferLoopGroup.pick` keeps such a caller on one loop).
        if !finished.isEmpty { loop.publish(running: transfers.count) }
        deliverFinished()
    }

    /// Hands this pass's outcomes to the delivery queue in one block.
    private func deliverFinished() {
        guard !finished.isEmpty else { return }
        let batch = finished
        finished = []
        deliveries.async {
            for item in batch { item.delegate.transferDidFinish(item.outcome) }
        }
    }

    /// Ends a transfer the loop stops itself (cancel, shutdown, a broken multi handle).
    private func finish(_ transfer: Transfer, error: SessionError) {
        detach(transfer)
        let outcome = transfer.outcome(failingWith: error)
        recycle(transfer.easy, reusable: false)
        transfer.job.delegate.transferDidFinish(outcome)
    }

    private func detach(_ transfer: Transfer) {
        try? multi?.remove(transfer.easy)
        transfers[transfer.easy.raw] = nil
        transfersByID[transfer.job.id] = nil
    }

    /// Puts a finished transfer's handle back in the pool, or lets it go (`curl_easy_cleanup`) when the
    /// transfer failed: libcurl 7.88 keeps some state of a failed transfer past `curl_easy_reset` (after a
    /// DNS failure the handle still holds its receive buffer), so the next request starts on a clean handle.
    /// Failures are rare, so a fresh handle for the next one costs nothing that matters; connections live in
    /// the multi handle, not here.
    private func recycle(_ easy: CurlEasy, reusable: Bool) {
        // Reset now so the idle handle keeps no pointer into the finished transfer.
        easy.reset()
        if reusable, idleHandles.count < idleLimit { idleHandles.append(easy) }
    }

    private func failAll(message: String) {
        for transfer in Array(transfers.values) {
            finish(
                transfer,
                error: .transport(TransportFailure(code: .outOfMemory, message: message, request: transfer.job.request))
            )
        }
    }

    private func refuse(_ command: TransferLoop.Command) {
        if case .start(let job) = command {
            job.delegate.transferDidFinish(.failure(.sessionInvalidated, request: job.request))
        }
    }

    private func tearDown() {
        for transfer in Array(transfers.values) { finish(transfer, error: .cancelled(transfer.job.request)) }
        for command in loop.detach() { refuse(command) }
        // Every outcome handed over before the loop reports that it ended (`shutdown()` returns then).
        deliveries.sync {}
        // Idle handles before the multi handle (each holds its cookie share until it is cleaned up).
        idleHandles.removeAll()
        multi = nil
        loop.didExit()
    }
}
