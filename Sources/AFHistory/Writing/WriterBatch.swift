/// The items waiting for the history writer's next transaction, as a value: `HistoryWriter` keeps it under a
/// lock and acts on what `append` returns outside the lock.
struct WriterBatch {
    /// What the writer does after an item joined the batch.
    enum Trigger: Equatable {
        /// Nothing new: the batch's write is already scheduled or due.
        case none
        /// The batch's first item: write it when the window ends.
        case startWindow
        /// Write now: someone waits for the batch (a flush, a run's end), or it holds `resultLimit` results.
        case writeNow
    }

    /// Queued results that make the batch due before its window ends.
    let resultLimit: Int
    private(set) var items: [WriterItem] = []
    /// The results of `items`.
    private(set) var results = 0
    private var isDue = false
    /// Recorders waiting for the batch to be taken (`HistoryWriter.waitForRoom`).
    var waiters: [CheckedContinuation<Void, Never>] = []

    init(resultLimit: Int) {
        self.resultLimit = resultLimit
    }

    mutating func append(_ item: WriterItem) -> Trigger {
        let isFirst = items.isEmpty
        items.append(item)
        results += item.resultCount
        if !isDue, item.isAwaited || results >= resultLimit {
            isDue = true
            return .writeNow
        }
        return isFirst ? .startWindow : .none
    }

    /// Hands the items over to a transaction, with the recorders waiting for room; the next item starts a new
    /// batch.
    mutating func take() -> (items: [WriterItem], waiters: [CheckedContinuation<Void, Never>]) {
        defer { self = WriterBatch(resultLimit: resultLimit) }
        return (items, waiters)
    }
}
