@testable import AFHistory
import AFRunner
import AFSession
import Foundation
import Locking
import Testing

/// Insert passes nobody waits for run lowered, a chunk of results at a time; once the run's end is near (or
/// someone waits), a lowered pass gets the thread's priority back at its next chunk, and no new pass is
/// lowered until the run's end is stored.
@Suite("History writer: lowered passes")
struct HistoryWriterPassTests {
    /// Whether this process may lower the writer's thread and raise it back (root or CAP_SYS_NICE).
    static var lowering: Bool { WriterPriority.idleAvailable || WriterPriority.available }

    @Test("a large item splits into chunks over the same results; a run's row or an acknowledged item does not")
    func chunks() {
        let results = HistoryWriterTests.results(150)
        let item = WriterItem(operation: .results(ResultBatch(results, runID: "r")), acknowledgement: nil)
        let ranges = item.chunked(64).map { chunk -> Range<Int>? in
            if case .results(let batch) = chunk.operation { batch.range } else { nil }
        }
        #expect(ranges == [0..<64, 64..<128, 128..<150])
        #expect(item.split().count == 150)
        let start = WriterItem(operation: .start(HistoryFixtures.run()), acknowledgement: nil)
        #expect(start.chunked(1).count == 1 && start.chunked(1)[0] === start)
    }

    @Test("a pass lowered before the run's end was near is raised at its next chunk")
    func loweredPassRaised() async throws {
        try await HistoryRunEndingTests.withCommittedRun { store, run, path in
            let writer = store.writer
            let told = LockedValue(false)
            // The run's end becomes near while the pass is under way: before its first chunk.
            writer.beforeLoweredChunk = {
                if !told.withLock({ told in defer { told = true }; return told }) { writer.commitSoon(runIsEnding: true) }
            }
            try await store.record(contentsOf: HistoryWriterTests.results(300), in: run)
            // Waits for the pass on the writer's queue: a flush queued before it starts would raise it from the start.
            _ = writer.uncommittedResults
            try await store.flush()
            #expect(try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["300"])
            if Self.lowering {
                #expect(writer.passes == .init(lowered: 1, raised: 1))
            } else {
                #expect(writer.passes == .init(lowered: 0, raised: 0))
            }
        }
    }

    @Test("once the run's end is near no pass is lowered, until the run's end is stored")
    func noLoweringAtTheEnd() async throws {
        try await HistoryRunEndingTests.withCommittedRun { store, run, path in
            store.runIsEnding(run)
            for result in HistoryWriterTests.results(40) {
                store.accept(result, in: run)
                try await Task.sleep(for: .milliseconds(1))
            }
            _ = store.writer.uncommittedResults  // every pass those started has run
            try await store.flush()
            #expect(store.writer.passes.lowered == 0)
            try await store.runDidFinish(run, summary: RunSummary(passed: 32, failed: 8), status: .complete)

            // The next run's passes may be lowered again.
            let next = HistoryFixtures.run()
            try await store.runDidStart(next)
            #expect(try await HistoryRunEndingTests.eventually { try SQLite.query(path, "SELECT COUNT(*) FROM runs") == ["2"] })
            try await store.record(contentsOf: HistoryWriterTests.results(100, suite: "Next"), in: next)
            _ = store.writer.uncommittedResults  // the pass runs before the flush is queued (as above)
            try await store.flush()
            #expect(store.writer.passes.lowered == (Self.lowering ? 1 : 0))
            #expect(try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["140"])
        }
    }

    @Test("a run's end that cannot be stored is reported, takes the report of what was not stored, and ends the end-of-run mode")
    func failedFinishEndsTheEnding() async throws {
        try await HistoryRunEndingTests.withCommittedRun { store, run, path in
            let neverStarted = HistoryFixtures.run()
            for result in HistoryWriterTests.results(3, suite: "Orphans") { store.accept(result, in: neverStarted) }
            store.runIsEnding(neverStarted)
            do {
                try await store.runDidFinish(neverStarted, summary: RunSummary(passed: 3), status: .complete)
                Issue.record("the end of a run that never started was stored")
            } catch HistoryError.runNotFound(let id) {
                #expect(id == neverStarted.id)
            }
            // The orphans' failure went with that answer, as a flush after it would have taken it.
            try await store.flush()
            // The end-of-run mode is over: a pass nobody waits for may be lowered again.
            try await store.record(contentsOf: HistoryWriterTests.results(100), in: run)
            _ = store.writer.uncommittedResults  // the pass runs before the flush is queued
            try await store.flush()
            #expect(store.writer.passes.lowered == (Self.lowering ? 1 : 0))
            try await store.runDidFinish(run, summary: RunSummary(passed: 80, failed: 20), status: .complete)
            #expect(try SQLite.query(path, "SELECT COUNT(*), MAX(status) FROM runs") == ["1|complete"])
            #expect(try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["100"])
        }
    }
}

