import Foundation
import Testing

@testable import AFSuite

/// The inotify watcher `afrun run --watch` waits on: each wait blocks until a change (no timing in the tests).
struct SuiteFileWatcherTests {
    @Test func aWriteInAWatchedFolderEndsTheWait() throws {
        try withTemporaryFolder { folder in
            try folder.write("{}", to: "s/_shared/f.json")
            let watcher = try SuiteFileWatcher()
            let folders = SuiteFileWatcher.folders(for: [folder.appendingPathComponent("s").path])
            #expect(folders.count == 2)
            try watcher.watch(folders)
            try folder.write(#"{"a": 1}"#, to: "s/_shared/f.json")
            guard case .changed(let paths) = watcher.next(settle: .milliseconds(50)) else {
                Issue.record("no change seen")
                return
            }
            #expect(paths.contains(folder.appendingPathComponent("s/_shared/f.json").standardizedFileURL.path))
        }
    }

    /// `sed -i` writes a temporary file and renames it over the suite: the change names the suite only.
    @Test func aFileMadeAndRenamedAwayWithinTheChangeIsNotNamed() throws {
        try withTemporaryFolder { folder in
            try folder.write("{}", to: "a.json")
            let watcher = try SuiteFileWatcher()
            try watcher.watch([folder.standardizedFileURL.path])
            try folder.write(#"{"a": 1}"#, to: "sedX1")
            try FileManager.default.removeItem(at: folder.appendingPathComponent("a.json"))
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent("sedX1"),
                to: folder.appendingPathComponent("a.json")
            )
            guard case .changed(let paths) = watcher.next(settle: .milliseconds(50)) else {
                Issue.record("no change seen")
                return
            }
            #expect(paths == [folder.appendingPathComponent("a.json").standardizedFileURL.path])
        }
    }

    @Test func interruptEndsTheWaitFromAnotherThread() throws {
        let watcher = try SuiteFileWatcher()
        Thread.detachNewThread { watcher.interrupt(SIGINT) }
        #expect(watcher.next() == .interrupted(SIGINT))
    }

    @Test func aFileArgumentWatchesItsFolder() throws {
        try withTemporaryFolder { folder in
            try folder.write("{}", to: "a.json")
            let folders = SuiteFileWatcher.folders(for: [folder.appendingPathComponent("a.json").path])
            #expect(folders == [folder.standardizedFileURL.path])
        }
    }
}
