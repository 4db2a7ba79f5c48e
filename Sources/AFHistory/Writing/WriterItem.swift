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
        case .result(let recorded): recorded.withResult { "\($0.identity)" }
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
/// writer's CPU once a passing result became one row). It points into the batch the runner handed over (an
/// array shares its storage), so queueing a result copies nothing of it either.
final class RecordedResult: Sendable {
    private let batch: [TestResult]
    private let index: Int
    let runID: String

    /// Calls `body` with the result borrowed in place in its batch (a parameter is not copied: no retain of
    /// each of its strings and arrays, which reading `result` into a value would cost).
    ///
    /// Through the buffer's address: `batch[index]`, the array's subscript, returned a copy here (a retain
    /// of every string and array of the result, a tenth of the writer's Swift CPU in a profile).
    func withResult<T>(_ body: (TestResult) throws -> T) rethrows -> T {
        try batch.withUnsafeBufferPointer { results in try body(results[index]) }
    }

    /// Result `index` of `batch` (the batch's storage is shared, not copied).
    init(_ batch: [TestResult], index: Int, runID: String) {
        self.batch = batch
        self.index = index
        self.runID = runID
    }

    /// One result on its own.
    convenience init(_ result: TestResult, runID: String) {
        self.init([result], index: 0, runID: runID)
    }
}
