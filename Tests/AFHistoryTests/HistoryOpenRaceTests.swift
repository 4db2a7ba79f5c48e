import AFHistory
import Foundation
import Testing

@Suite("Opening a new history at once")
struct HistoryOpenRaceTests {
    @Test("sixteen stores opening one new file at the same moment all open it, migrated once")
    func concurrentFirstOpen() async throws {
        for _ in 0..<5 {
            let path = HistoryFixtures.databasePath()
            defer { HistoryFixtures.remove(path) }
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask { try HistoryStore.open(path: path).close() }
                }
                try await group.waitForAll()
            }
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM grdb_migrations") == ["9"])
        }
    }
}
