import Foundation
import Locking
import Testing

@testable import AFHistory

/// Tasks that wait for a history's open are suspended, not blocked: Swift's shared executor has one thread per
/// core, and a wait that held one would keep it from the tasks the open may be waiting for.
@Suite("Waiting for a history's open")
struct HistoryOpenWaitTests {
    @Test(
        "tasks waiting for a background open, more than the executor has threads, leave it to other tasks",
        .timeLimit(.minutes(2))
    )
    func waitersLeaveTheExecutorFree() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let waiters = 8 * ProcessInfo.processInfo.activeProcessorCount
        let started = LockedValue(0)
        // The open ends only once every waiter has started: waits that blocked their threads would leave none
        // for the last waiters, and the open would never end.
        let everyoneStarted = DispatchSemaphore(value: 0)
        let handle = DatabaseHandle(openingOn: DispatchQueue(label: "afrun.test.open")) { () throws(HistoryError) in
            everyoneStarted.wait()
            return try HistoryStore.openConnection(path: path)
        }
        let opened = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<waiters {
                group.addTask {
                    if started.withLock({ count in
                        count += 1
                        return count == waiters
                    }) {
                        everyoneStarted.signal()
                    }
                    return try await handle.connection().read { db in try db.tableExists("runs") }
                }
            }
            return try await group.reduce(into: 0) { count, hasRuns in count += hasRuns ? 1 : 0 }
        }
        #expect(opened == waiters)
    }

    @Test("a failed background open is every waiter's error, and the synchronous queries' too")
    func failedOpenReachesEveryWaiter() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = HistoryStore.openInBackground(path: path)
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<(4 * ProcessInfo.processInfo.activeProcessorCount) {
                group.addTask {
                    do throws(HistoryError) {
                        _ = try await store.database.connection()
                        return nil
                    } catch {
                        return error.description
                    }
                }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(failures.allSatisfy { $0?.contains("it is a folder") == true }, "\(failures)")
        #expect(throws: HistoryError.self) { try store.runs(last: 1) }
        try await store.close()
    }

    @Test("stores opened from more tasks than the executor has threads all open one file")
    func asyncOpensFromManyTasks() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let count = 8 * ProcessInfo.processInfo.activeProcessorCount
        let opened = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let store = try await HistoryStore.open(path: path)
                    let runs = try store.runs(last: 1).count
                    try await store.close()
                    return runs
                }
            }
            return try await group.reduce(into: 0) { total, _ in total += 1 }
        }
        #expect(opened == count)
    }
}
