import AFRunner

/// One thing for the writer to store, in the order the store received it. A class: the writer moves
/// items between lists, and copying a `TestResult` retains each of its strings.
final class WriterItem: Sendable {
    /// What to store.
    enum Operation {
        /// A run started: its row, status `running`.
        case start(RunInfo)
        /// A finished result (redacted by the inserter).
        case result(RecordedResult)
        /// A run ended: its totals and final status.
        case finish(runID: String, summary: RunSummary, status: RunStatus)
    }

    let operation: Operation
    /// Resumed once the item is committed, or with why it was not (`submit`); nil for queued items,
    /// whose failures are reported by the next `flush`.
    let acknowledgement: CheckedContinuation<Void, any Error>?

    init(operation: Operation, acknowledgement: CheckedContinuation<Void, any Error>?) {
        self.operation = operation
        self.acknowledgement = acknowledgement
    }

    /// A short name for failure reports.
    var label: String {
        switch operation {
        case .start(let run): "run start \(run.id)"
        case .result(let recorded): "\(recorded.result.identity)"
        case .finish(let runID, _, _): "run end \(runID)"
        }
    }

    var isFinish: Bool {
        if case .finish = operation { return true }
        return false
    }
}

/// A finished result and the id of its run, boxed: the writer hands it from list to list and to the inserter
/// as one reference, where copying a `TestResult` retained each of its strings and arrays (a tenth of the
/// writer's CPU once a passing result became one row).
final class RecordedResult: Sendable {
    let result: TestResult
    let runID: String

    init(_ result: TestResult, runID: String) {
        self.result = result
        self.runID = runID
    }
}
