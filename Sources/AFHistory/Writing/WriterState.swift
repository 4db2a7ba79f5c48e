/// When the history's writer writes, as a value: items gather for a window (`HistoryWriter.window`) or until
/// enough results are queued (`HistoryWriter.batchResults`), then go into one transaction; while it runs,
/// new items gather for the next one. `HistoryWriter` keeps it under a lock and performs the actions its
/// methods return, outside the lock.
struct WriterState {
    /// Items waiting for the next transaction.
    struct Queue {
        var items: [WriterItem] = []
        var results = 0
        /// When the first of them arrived, plus the window: their transaction starts by then.
        var deadline: ContinuousClock.Instant

        mutating func append(_ item: WriterItem) {
            items.append(item)
            results += item.resultCount
        }
    }

    enum Phase {
        /// Nothing queued, no transaction under way.
        case idle
        /// Items queued; a wake-up is scheduled for their deadline.
        case gathering(Queue)
        /// A transaction is under way, with what arrived since (nil: nothing).
        case writing(next: Queue?)
        /// The store closed: nothing more is written.
        case closed
    }

    /// What the writer does next.
    enum Action {
        case none
        /// Wake up at this instant (`deadlineReached`).
        case wake(at: ContinuousClock.Instant)
        /// Write these items in one transaction, then call `wrote`.
        case write([WriterItem])
        /// The store is closed: answer the item with an error.
        case refuse(WriterItem)
    }

    /// How long items gather at most.
    let window: Duration
    /// Queued results that start a transaction before the window ends.
    let batchResults: Int
    private(set) var phase = Phase.idle

    init(window: Duration, batchResults: Int) {
        self.window = window
        self.batchResults = batchResults
    }

    /// A queue is written at once when someone waits for it or it is full.
    private func isDue(_ queue: Queue, now: ContinuousClock.Instant) -> Bool {
        queue.results >= batchResults || queue.deadline <= now || queue.items.contains(where: \.isAwaited)
    }

    /// An item arrived.
    mutating func received(_ item: WriterItem, now: ContinuousClock.Instant) -> Action {
        switch phase {
        case .closed:
            return .refuse(item)
        case .writing(let next):
            var queue = next ?? Queue(deadline: now + window)
            queue.append(item)
            phase = .writing(next: queue)
            return .none
        case .idle:
            var queue = Queue(deadline: now + window)
            queue.append(item)
            return start(queue, now: now)
        case .gathering(var queue):
            queue.append(item)
            return start(queue, now: now)
        }
    }

    /// The wake-up scheduled for `deadline` came.
    mutating func deadlineReached(_ deadline: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Action {
        // A wake-up for a queue already written (it filled up first) leaves the next one its own window.
        guard case .gathering(let queue) = phase, queue.deadline <= deadline else { return .none }
        phase = .writing(next: nil)
        return .write(queue.items)
    }

    /// The transaction under way ended.
    mutating func wrote(now: ContinuousClock.Instant) -> Action {
        guard case .writing(let next) = phase else { return .none }
        guard let next else {
            phase = .idle
            return .none
        }
        return start(next, now: now)
    }

    /// The store closes: returns what is still queued (a transaction under way ends first, on the writer's
    /// queue); later items are refused.
    mutating func close() -> [WriterItem] {
        defer { phase = .closed }
        switch phase {
        case .gathering(let queue): return queue.items
        case .writing(let next): return next?.items ?? []
        case .idle, .closed: return []
        }
    }

    /// `queue` is written now when due, else at its deadline.
    private mutating func start(_ queue: Queue, now: ContinuousClock.Instant) -> Action {
        if isDue(queue, now: now) {
            phase = .writing(next: nil)
            return .write(queue.items)
        }
        let alreadyScheduled: Bool = if case .gathering = phase { true } else { false }
        phase = .gathering(queue)
        return alreadyScheduled ? .none : .wake(at: queue.deadline)
    }
}
