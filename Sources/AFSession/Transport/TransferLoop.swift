import CCurl
import Foundation
import Locking

/// The thread that runs a session's transfers.
///
/// One dedicated thread owns the libcurl multi handle and every easy handle added to it. Other
/// threads never touch those; they append a `Command` under a `LockedValue` and wake the thread with
/// `curl_multi_wakeup`. The thread's loop: drain commands, `curl_multi_perform`,
/// `curl_multi_info_read` and complete what finished, then `curl_multi_poll` until a socket is
/// ready, libcurl's next timeout, or a wakeup.
final class TransferLoop: Sendable {
    /// What other threads ask of the loop.
    enum Command: Sendable {
        /// Run a transfer.
        case start(TransferJob)
        /// Stop a transfer; it finishes with `.cancelled`.
        case cancel(Int)
        /// Pause a transfer (`CURLPAUSE_ALL`).
        case pause(Int)
        /// Unpause a transfer (`CURLPAUSE_CONT`).
        case unpause(Int)
        /// Finish every transfer with `.cancelled`, release libcurl's handles and end the thread.
        case shutdown
    }

    /// Connection limits and features fixed for the loop's lifetime.
    struct Limits: Sendable {
        /// `CURLMOPT_MAX_TOTAL_CONNECTIONS` and `CURLMOPT_MAXCONNECTS`.
        var maxConnections: Int
        /// `CURLMOPT_MAX_HOST_CONNECTIONS`; 0 for no limit.
        var maxConnectionsPerHost: Int
        /// `CURLMOPT_PIPELINING`: whether transfers share HTTP/2 connections.
        var multiplexes = true
    }

    /// The multi handle's address, for `curl_multi_wakeup` only.
    struct WakeTarget: @unchecked Sendable {
        // Guarded by `Shared`'s mutex: published by the loop thread once the handle exists and
        // cleared under the same lock before the handle is cleaned up, so a waker holding the lock
        // never sees a freed handle. curl_multi_wakeup itself is documented thread-safe.
        let raw: UnsafeMutableRawPointer
    }

    struct Shared: ~Copyable {
        var commands: [Command] = []
        var sleeping = false
        var accepting = true
        var exited = false
        var wakeTarget: WakeTarget?
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
        /// `.start` commands queued and not taken yet.
        var pendingStarts = 0
        /// `.start` commands accepted since the loop began.
        var startsAccepted = 0
        /// Transfers the loop ran at its last pass (published by the loop thread each pass).
        var running = 0
    }

    let shared = LockedValue(Shared())
    let limits: Limits

    /// Starts the loop thread.
    init(limits: Limits, name: String = "afrun.transfer-loop") {
        self.limits = limits
        let thread = Thread { [self] in
            let runner = TransferLoopRunner(loop: self)
            runner.run()
        }
        thread.name = name
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Appends a command and wakes the loop if it sleeps. Returns false once shutdown was requested
    /// (the command was not accepted).
    @discardableResult
    func enqueue(_ command: Command) -> Bool {
        shared.withLock { state in
            guard state.accepting else { return false }
            switch command {
            case .shutdown: state.accepting = false
            case .start:
                state.pendingStarts += 1
                state.startsAccepted += 1
            default: break
            }
            state.commands.append(command)
            if state.sleeping, let target = state.wakeTarget {
                state.sleeping = false
                // Under the lock on purpose: the loop clears `wakeTarget` under it before cleanup.
                _ = curl_multi_wakeup(target.raw)
            }
            return true
        }
    }

    /// Asks the loop to stop without waiting for it.
    func requestShutdown() { enqueue(.shutdown) }

    /// Asks the loop to stop and waits until its thread released every libcurl handle.
    func shutdown() async {
        enqueue(.shutdown)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = shared.withLock { state in
                if state.exited { return true }
                state.exitWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    // MARK: Called by the loop thread

    func publish(_ target: WakeTarget) { shared.withLock { $0.wakeTarget = target } }

    /// Publishes how many transfers the loop runs now (for `load`).
    func publish(running: Int) { shared.withLock { $0.running = running } }

    /// Transfers running or about to start: how busy the loop is (`TransferLoopGroup` sends a new task
    /// to the least busy loop).
    var load: Int { shared.withLock { $0.running + $0.pendingStarts } }

    /// The queued commands; `running` is how many transfers the loop runs now (published for `load`).
    func takeCommands(running: Int) -> [Command] {
        shared.withLock { state in
            state.sleeping = false
            // The starts taken now run from this pass on.
            state.running = running + state.pendingStarts
            state.pendingStarts = 0
            guard !state.commands.isEmpty else { return [] }
            let commands = state.commands
            state.commands.removeAll(keepingCapacity: true)
            return commands
        }
    }

    /// Marks the loop as about to poll; false when commands arrived meanwhile (do not sleep).
    /// `running`: as for `takeCommands(running:)`.
    func prepareToSleep(running: Int) -> Bool {
        shared.withLock { state in
            state.running = running
            guard state.commands.isEmpty else { return false }
            state.sleeping = true
            return true
        }
    }

    /// Rejects new commands and clears the wake target; called before the multi handle is released.
    func detach() -> [Command] {
        shared.withLock { state in
            state.accepting = false
            state.wakeTarget = nil
            let late = state.commands
            state.commands = []
            return late
        }
    }

    func didExit() {
        let waiters = shared.withLock { state in
            state.exited = true
            let waiters = state.exitWaiters
            state.exitWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
