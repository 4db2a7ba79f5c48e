@testable import AFHistory
import AFRunner
import Foundation
import Testing

/// The inserter adds new tests with ids of its own in one plain INSERT; a name the suite has after all (a row
/// it did not know of) makes that INSERT conflict, and the upsert that replaces it takes the row that is there.
@Suite("History: new test rows")
struct HistoryTestRowsTests {
    @Test("a test row the inserter did not know of: its id is taken, the others get new rows, nothing is lost")
    func conflictTakesTheExistingRow() throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let queue = try HistoryStore.openConnection(path: path)
        let inserter = ResultInserter(detail: .failures)
        let run = HistoryFixtures.run()
        func batch(_ lines: [Int]) -> ResultBatch {
            ResultBatch(lines.map { HistoryFixtures.result(HistoryFixtures.identity("a\($0)", suite: "S"), .passed, line: $0) }, runID: run.id)
        }
        var known = ""
        try queue.writeWithoutTransaction { db in
            try HistoryWriting.insertRun(run, detail: .failures, in: db)
            let first = batch([0])
            // a0 is new: added on its own, and from now on each batch's new tests go in together.
            try inserter.insert(first, first.range, in: db)
            // A row another writer added, which the inserter's remembered ids do not have.
            try db.execute(sql: "INSERT INTO tests (suite_id, name) SELECT suite_id, 'a5' FROM tests WHERE name = 'a0'")
            known = try String.fetchOne(db, sql: "SELECT id FROM tests WHERE name = 'a5'") ?? ""
            let second = batch([5, 6, 7])
            try inserter.insert(second, second.range, in: db)
            inserter.releaseStatements()  // before the connection closes
        }
        try queue.close()
        #expect(try SQLite.query(path, "SELECT COUNT(*) FROM tests") == ["4"])
        #expect(try SQLite.query(path, "SELECT r.line || ':' || t.name FROM results r JOIN tests t ON t.id = r.test_id ORDER BY r.id")
                == ["0:a0", "5:a5", "6:a6", "7:a7"])
        #expect(try SQLite.query(path, "SELECT t.id FROM results r JOIN tests t ON t.id = r.test_id WHERE r.line = 5") == [known])
    }
}
