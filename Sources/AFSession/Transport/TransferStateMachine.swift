/// The lifecycle of one task as a plain value: which transitions are allowed and what the
/// owner must do after each. Mutating methods return an action; the owner performs it after
/// releasing its lock. Only transitions into `.completed` return a delivery, so a task's
/// continuation and completion handler run exactly once, whatever order resume, suspend,
/// cancel, the loop's outcome and session shutdown arrive in.
struct TransferStateMachine: Sendable {
    /// Where the task is.
    enum State: Sendable, Equatable {
        /// Created, not resumed yet (tasks start suspended, as in AFNetworking).
        case initial
        /// Handed to the transfer loop.
        case running
        /// Paused by `suspend()` after it started.
        case paused
        /// `cancel()` was called while the loop had it; waiting for the loop to let go.
        case cancelling
        /// Its result was delivered; nothing more happens.
        case completed
    }

    /// What to deliver when the task completes.
    enum Completion: Sendable {
        /// What the transfer produced.
        case outcome(TransferOutcome)
        /// `cancel()` ended it.
        case cancelled
        /// The session was invalidated before the task could run.
        case invalidated
    }

    /// What the owner does after `resume()`.
    enum ResumeAction: Sendable, Equatable {
        case none
        /// Hand the transfer to the loop.
        case start
        /// Ask the loop to unpause the transfer.
        case unpause
    }

    /// What the owner does after `suspend()`.
    enum SuspendAction: Sendable, Equatable {
        case none
        /// Ask the loop to pause the transfer.
        case pause
    }

    /// What the owner does after `cancel()`.
    enum CancelAction: Sendable {
        case none
        /// Ask the loop to stop the transfer; it reports back through `finish`.
        case cancelTransfer
        /// Deliver at once: the loop never had the task.
        case deliver(Completion)
    }

    /// The current state.
    private(set) var state: State = .initial

    /// Creates a machine in `.initial`.
    init() {}

    /// Starts or unpauses the task.
    mutating func resume() -> ResumeAction {
        switch state {
        case .initial:
            state = .running
            return .start
        case .paused:
            state = .running
            return .unpause
        case .running, .cancelling, .completed:
            return .none
        }
    }

    /// Pauses a running task; a task not started yet stays as it is.
    mutating func suspend() -> SuspendAction {
        guard state == .running else { return .none }
        state = .paused
        return .pause
    }

    /// Cancels the task.
    mutating func cancel() -> CancelAction {
        switch state {
        case .initial:
            state = .completed
            return .deliver(.cancelled)
        case .running, .paused:
            state = .cancelling
            return .cancelTransfer
        case .cancelling, .completed:
            return .none
        }
    }

    /// The loop refused the start because the session is shutting down.
    mutating func startRejected() -> Completion? {
        guard state == .running || state == .paused else { return nil }
        state = .completed
        return .invalidated
    }

    /// The loop reported the outcome (or post-processing of a download finished). Returns what to
    /// deliver, or nil when the task already completed.
    mutating func finish(_ outcome: TransferOutcome) -> Completion? {
        switch state {
        case .running, .paused:
            state = .completed
            return .outcome(outcome)
        case .cancelling:
            state = .completed
            return .cancelled
        case .initial, .completed:
            return nil
        }
    }
}
