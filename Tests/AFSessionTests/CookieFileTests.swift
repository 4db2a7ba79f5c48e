import AFSession
import Foundation
import Testing

/// `CookieStore.load(contentsOf:)`, `save(to:)` and `netscapeLines`: Netscape cookie files as curl's `-b`
/// and `-c` read and write them, through libcurl.
struct CookieFileTests {
    private func echoedCookies(
        _ url: URL,
        store: CookieStore,
        on session: SessionManager
    ) async throws -> [String: String] {
        var request = HTTPRequest(url: url)
        request.cookieStore = store
        let response = try await session.data(for: request)
        return (jsonObject(response.data)?["cookies"] as? [String: String]) ?? [:]
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-jar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aStoreSendsAFilesCookiesAndWritesItsOwn() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jar = folder.appendingPathComponent("jar.txt")
        try Data("# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tpreloaded\tyes\n".utf8).write(to: jar)
        try await withFixture(configure: { $0.cookiesEnabled = false }) { server, session in
            let store = CookieStore()
            try store.load(contentsOf: jar)
            #expect(try await echoedCookies(server.url("/cookies"), store: store, on: session) == ["preloaded": "yes"])
            _ = try await echoedCookies(server.url("/cookies/set?fresh=1"), store: store, on: session)
            let saved = folder.appendingPathComponent("saved.txt")
            try store.save(to: saved)
            let text = try String(contentsOf: saved, encoding: .utf8)
            #expect(text.hasPrefix("# Netscape HTTP Cookie File"), "\(text)")
            #expect(text.contains("\tpreloaded\tyes"), "\(text)")
            #expect(text.contains("\tfresh\t1"), "\(text)")

            // What was written reads back, into a store that starts empty.
            let again = CookieStore()
            try again.load(contentsOf: saved)
            let echoed = try await echoedCookies(server.url("/cookies"), store: again, on: session)
            #expect(echoed == ["preloaded": "yes", "fresh": "1"])
        }
    }

    @Test func linesCopyCookiesFromOneStoreToAnother() throws {
        let source = CookieStore()
        source.add(netscapeLines: [
            "example.test\tFALSE\t/\tTRUE\t0\tsid\tabc", "#HttpOnly_example.test\tFALSE\t/\tFALSE\t0\th\t1",
        ])
        let lines = source.netscapeLines
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("#HttpOnly_example.test") })
        let copy = CookieStore()
        copy.add(netscapeLines: lines)
        #expect(Set(copy.netscapeLines) == Set(lines))
    }

    @Test func aMissingFileAddsNothingAndAFolderIsRefused() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = CookieStore()
        try store.load(contentsOf: folder.appendingPathComponent("none.txt"))
        #expect(store.netscapeLines.isEmpty)
        #expect(throws: CookieStore.FileError.self) { try store.load(contentsOf: folder) }
        #expect(throws: CookieStore.FileError.self) {
            try store.save(to: folder.appendingPathComponent("no/such/folder/jar.txt"))
        }
    }

    /// libcurl reads anything as a cookie file, skipping what it cannot parse, and saving replaces the file: a
    /// file with no cookie and nothing of the format is refused, one with the header or a cookie line is not.
    @Test(arguments: [
        ("suite.json", #"{"name": "S", "tests": []}"#, false),
        ("empty.txt", "", true),
        ("header.txt", "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n", true),
        ("expired.txt", "example.test\tFALSE\t/\tFALSE\t1\told\tx\n", true),
    ])
    func onlyACookieFileIsRead(name: String, content: String, accepted: Bool) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(content.utf8).write(to: file)
        do {
            try CookieStore().load(contentsOf: file)
            #expect(accepted, "\(name) was read as a cookie file")
        } catch {
            #expect(!accepted, "\(name): \(error)")
            #expect(error.description.contains("not a Netscape cookie file"), "\(error)")
        }
    }
}
