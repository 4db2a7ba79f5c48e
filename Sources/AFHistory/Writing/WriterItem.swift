import AFRunner

/// One thing for the writer to store, in the order the store received it. A class: the writer moves
/// items between lists, and copying a `TestResult` retains each of its strings.
final class WriterItem: Sendable {
    /// What to store.
    enum Operation {
        /// A run started: its row, status `running`.
        case start(RunInfo)
        /// Finished results of one run (redacted by the inserter).
        case results(ResultBatch)
        /// A run ended: its totals and final status.
        case finish(runID: String, summary: RunSummary, status: RunStatus)
    }

    let operation: Operation
    /// Resumed once the item is committed, or with why it was not (`submit`); nil for queued items,
    /// whose failures are reported by the next `flush`.
    let acknowledgement: CheckedContinuation<Void, any Error>?
    /// The acknowledgement also answers as a flush does (`GroupCommitWriter.submit(_:flushing:)`): with the
    /// item's own failure, else with the report of queued items that were not stored, and takes that report.
    let flushes: Bool

    init(operation: Operation, acknowledgement: CheckedContinuation<Void, any Error>?, flushes: Bool = false) {
        self.operation = operation
        self.acknowledgement = acknowledgement
        self.flushes = flushes
    }

    /// A short name for failure reports.
    var label: String {
        switch operation {
        case .start(let run): "run start \(run.id)"
        case .results(let batch): batch.label
        case .finish(let runID, _, _): "run end \(runID)"
        }
    }

    /// How many results the item stores (0 for a run's start or end).
    var resultCount: Int {
        if case .results(let batch) = operation { return batch.range.count }
        return 0
    }

    var isFinish: Bool {
        if case .finish = operation { return true }
        return false
    }

    /// The item as items of at most `size` results each (itself when it is no larger, or is acknowledged), so
    /// that a long insert pass can look up between them.
    func chunked(_ size: Int) -> [WriterItem] {
        guard case .results(let batch) = operation, batch.range.count > size, acknowledgement == nil else { return [self] }
        return stride(from: batch.range.lowerBound, to: batch.range.upperBound, by: size).map { start in
            let range = start..<min(start + size, batch.range.upperBound)
            return WriterItem(operation: .results(ResultBatch(batch.results, range: range, runID: batch.runID)), acknowledgement: nil)
        }
    }

    /// The item as items of one result each (itself when it has at most one), so that a failed transaction
    /// is retried result by result and one bad result does not sink the others of its batch.
    func split() -> [WriterItem] {
        chunked(1)
    }
}

/// Finished results of one run as the runner handed them over, one item for the whole hand-over: an item and
/// a box per result cost two allocations, their releases and a list entry each, for nothing the writer needed.
/// The array's storage is shared, not copied.
final class ResultBatch: Sendable {
    /// The results handed over (only `range` of them belong to this batch).
    let results: [TestResult]
    /// The positions in `results` this batch stores.
    let range: Range<Int>
    /// The id of their run.
    let runID: String

    /// `range` of `results`, all of run `runID`.
    init(_ results: [TestResult], range: Range<Int>, runID: String) {
        self.results = results
        self.range = range
        self.runID = runID
    }

    /// All of `results`.
    convenience init(_ results: [TestResult], runID: String) {
        self.init(results, range: results.indices, runID: runID)
    }

    /// The test's identity for one result, else how many results of which run.
    var label: String {
        if range.count == 1 { return "\(results[range.lowerBound].identity)" }
        return "\(range.count) results of run \(runID)"
    }
}
