import AFRunner
import AFSuite
import Foundation
import Testing

/// `afrun curl` on a suite whose `defaults` and `baseURL` take setup's captures: the login goes out without the
/// token, as in a run, the tests name it as a shell variable, and a base that needs a capture asks for `--var`.
@Suite struct CurlExportSetupTests {
    static func load(_ json: String) throws -> Suite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        try Data(json.utf8).write(to: file)
        let loaded = SuiteLoader(environment: [:]).load(paths: [file.path])
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        return try #require(loaded.suites.first)
    }

    static let suite = """
        {"name": "S", "baseURL": "{{api}}",
         "defaults": {"headers": {"X-Trace": "{{trace}}"}},
         "setup": [{"name": "login", "request": {"method": "POST", "url": "http://h/login"},
                    "capture": {"trace": {"json": "$.trace"}, "api": {"json": "$.api"}}}],
         "tests": [{"name": "absolute", "request": {"url": "http://h/items"}},
                   {"name": "relative", "request": {"url": "items"}}]}
        """

    @Test func theLoginGoesWithoutTheDefaultItsOwnCaptureFeeds() throws {
        let entries = CurlExport.entries(for: try Self.load(Self.suite), options: CurlExport.Options())
        #expect(entries.map(\.identity.testName) == ["login", "absolute", "relative"])
        let login = try #require(entries[0].command)
        #expect(!login.contains("X-Trace"), "\(login)")
        let absolute = try #require(entries[1].command)
        #expect(absolute.contains(#"-H 'X-Trace: '"$trace""#), "\(absolute)")
        #expect(entries[1].notes.contains { $0.contains("captured as `trace` by 'login'") }, "\(entries[1].notes)")
    }

    @Test func aBaseThatNeedsACaptureAsksForVar() throws {
        let suite = try Self.load(Self.suite)
        let problem = try #require(CurlExport.entries(for: suite, options: CurlExport.Options())[2].problem)
        #expect(problem.contains("`baseURL` uses `api`, which 'login' captures"), "\(problem)")
        #expect(problem.contains("--var api=URL"), "\(problem)")
        var options = CurlExport.Options()
        options.variables = ["api": "http://given/v1"]
        let given = try #require(CurlExport.entries(for: suite, options: options)[2].command)
        #expect(given.contains("'http://given/v1/items'"), "\(given)")
    }
}
