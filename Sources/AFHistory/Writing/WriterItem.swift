import AFRunner

/// One thing for the writer to store, in the order the store received it.
enum WriterItem: Sendable {
    /// A run started: its row, status `running`.
    case start(RunInfo)
    /// Finished results of one run.
    case results([TestResult], runID: String)
    /// A run ended: its totals and final status; `reply` hears once that is committed, or why not.
    case finish(runID: String, summary: RunSummary, status: RunStatus, reply: CheckedContinuation<Void, any Error>)
    /// Everything queued before it is committed: `reply` hears it, with the failures since the last report.
    case flush(reply: CheckedContinuation<Void, any Error>)

    /// How many results the item stores.
    var resultCount: Int {
        if case .results(let results, _) = self { return results.count }
        return 0
    }

    /// Whether a caller waits for it (it is written at once rather than at the window's end).
    var isAwaited: Bool {
        switch self {
        case .start, .results: false
        case .finish, .flush: true
        }
    }

    /// A short name for failure reports.
    var label: String {
        switch self {
        case .start(let run): "the start of run \(run.id)"
        case .results(let results, let runID): "\(results.count) result\(results.count == 1 ? "" : "s") of run \(runID)"
        case .finish(let runID, _, _, _): "the end of run \(runID)"
        case .flush: "a flush"
        }
    }
}
