import Locking

/// The session's live tasks by identifier, and the session's invalidation state.
///
/// When the session was invalidated without cancelling, the loops are asked to stop as soon as the
/// last task leaves.
final class TaskRegistry: Sendable {
    private struct State: ~Copyable {
        var nextIdentifier = 1
        var tasks: [Int: SessionTask] = [:]
        var invalidated = false
        var stopLoopsWhenEmpty: TransferLoopGroup?
    }

    private let state = LockedValue(State())

    /// Hands out the next task identifier.
    func makeIdentifier() -> Int {
        state.withLock { state in
            defer { state.nextIdentifier += 1 }
            return state.nextIdentifier
        }
    }

    /// Adds a task; returns false when the session is invalidated (the task is not kept).
    @discardableResult
    func insert(_ task: SessionTask) -> Bool {
        state.withLock { state in
            guard !state.invalidated else { return false }
            state.tasks[task.identifier] = task
            return true
        }
    }

    /// Removes a finished task.
    func remove(_ identifier: Int) {
        let loops = state.withLock { state -> TransferLoopGroup? in
            state.tasks[identifier] = nil
            guard state.tasks.isEmpty, let loops = state.stopLoopsWhenEmpty else { return nil }
            state.stopLoopsWhenEmpty = nil
            return loops
        }
        loops?.requestShutdown()
    }

    /// The live tasks in identifier order.
    var all: [SessionTask] {
        state.withLock { state in state.tasks.values.sorted { $0.identifier < $1.identifier } }
    }

    /// Whether the session was invalidated.
    var isInvalidated: Bool { state.withLock { $0.invalidated } }

    /// Marks the session invalidated; the loops stop when no task is left. Returns the live tasks.
    func invalidate(stoppingWhenEmpty loops: TransferLoopGroup) -> [SessionTask] {
        let (tasks, stopNow) = state.withLock { state -> ([SessionTask], Bool) in
            state.invalidated = true
            if state.tasks.isEmpty { return ([], true) }
            state.stopLoopsWhenEmpty = loops
            return (state.tasks.values.sorted { $0.identifier < $1.identifier }, false)
        }
        if stopNow { loops.requestShutdown() }
        return tasks
    }
}
