@testable import AFHistory
import AFRunner
import Foundation
import Testing

/// Bound text is copied into a reused arena (`SQLITE_STATIC`): every text of a statement run must stay
/// intact until the run, whatever its size, and the stored rows must hold exactly what was bound.
@Suite("Text arena")
struct TextArenaTests {
    static func stored(_ arena: TextArena, _ text: String) -> (UnsafePointer<CChar>, Int) {
        var text = text
        return text.withUTF8 { (arena.store($0), $0.count) }
    }

    static func string(_ pointer: UnsafePointer<CChar>, _ count: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: count) { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) }
    }

    @Test("texts of one run stay intact side by side, across chunks and past a chunk's size")
    func textsStayIntact() {
        let arena = TextArena()
        let texts = (0..<400).map { n in String(repeating: "é\(n)", count: n % 7 == 0 ? 300 : 3) } + [
            String(repeating: "x", count: TextArena.chunkSize * 2 + 5), "", "last",
        ]
        let stored = texts.map { Self.stored(arena, $0) }
        for (text, (pointer, count)) in zip(texts, stored) {
            #expect(Self.string(pointer, count) == text)
        }
    }

    @Test("reset hands the same memory out again; write keeps only what the body wrote")
    func resetAndWrite() {
        let arena = TextArena()
        let (first, _) = Self.stored(arena, "first")
        arena.reset()
        let (again, count) = Self.stored(arena, "again")
        #expect(first == again)
        #expect(Self.string(again, count) == "again")
        let date = Date(timeIntervalSince1970: 1_800_000_000.123)
        let written = arena.write(upTo: StorageDate.length) { StorageDate.write(date, into: $0) }
        #expect(written.map { Self.string($0.text, $0.count) } == StorageDate.text(date))
        // A body that writes nothing keeps nothing: the next text starts where this one would have.
        let (next, _) = Self.stored(arena, "n")
        #expect(arena.write(upTo: 8) { _ in nil } == nil)
        let (after, _) = Self.stored(arena, "m")
        #expect(after == next + 1)
        #expect(Self.string(next, 1) == "n")
    }

    @Test("rows bound from the arena hold what was bound: long bodies, Unicode, dates, across statement runs")
    func rowsHoldWhatWasBound() async throws {
        try await HistoryWriterTests.withStartedRun(detail: .all) { store, run, path in
            let results = (0..<40).map { n in
                var result = HistoryFixtures.result(HistoryFixtures.identity("t\(n)", suite: "Arena"), .passed, line: n)
                result.request?.url = "https://api.test/ünï/\(n)?q=\(String(repeating: "a", count: n))"
                result.response?.bodyExcerpt = String(repeating: "b\(n % 10)", count: n % 4 == 0 ? 20_000 : 10)
                result.startedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(n) * 1.5)
                return result
            }
            try await store.record(contentsOf: results, in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 40), status: .complete)
            let rows = try SQLite.query(path, "SELECT url || '|' || started_at || '|' || length(body_excerpt) || '|' || substr(body_excerpt, 1, 4) FROM results ORDER BY line")
            #expect(rows == results.map { r in
                let body = r.response!.bodyExcerpt
                return "\(r.request!.url)|\(StorageDate.text(r.startedAt))|\(body.count)|\(body.prefix(4))"
            })
        }
    }
}
