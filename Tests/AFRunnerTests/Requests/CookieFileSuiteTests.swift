import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Testing

/// `"cookies": {"file": …}` and `RunOptions.cookieJar` (`--cookie-jar`): cookies read before a suite or a run
/// and written after it.
@Suite(.serialized) struct CookieFileSuiteTests {
    static let preloaded = "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tpreloaded\tyes\n"

    /// Writes `suites` (name → JSON, `{{base}}` replaced) and `files` into a new folder and runs the suites.
    static func run(
        _ suites: [String: String],
        files: [String: String] = [:],
        server: FixtureServer,
        options: (URL) -> RunOptions = { _ in RunOptions() },
        inspect: (URL, [TestResult]) throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, content) in files { try Data(content.utf8).write(to: folder.appendingPathComponent(name)) }
        var paths: [String] = []
        for (name, json) in suites.sorted(by: { $0.key < $1.key }) {
            let file = folder.appendingPathComponent(name)
            try Data(json.replacingOccurrences(of: "{{base}}", with: server.httpURL.absoluteString).utf8).write(
                to: file
            )
            paths.append(file.path)
        }
        let loaded = SuiteLoader(environment: [:]).load(paths: paths)
        try #require(loaded.errors.isEmpty, "\(loaded.errors.map(\.description))")
        let report = await Runner(options: options(folder)).run(loaded.suites, run: .test, sinks: [])
        #expect(report.sinkErrors.isEmpty, "\(report.sinkErrors)")
        try inspect(folder, report.results)
    }

    @Test func aSuitesCookieFileIsReadBeforeAndWrittenAfter() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            try await Self.run(
                [
                    "s.json": """
                    {"baseURL": "{{base}}", "cookies": {"file": "jar.txt"}, "tests": [
                      {"name": "sent", "request": {"url": "cookies"},
                       "expect": {"json": [{"path": "$.cookies.preloaded", "equals": "yes"}]}},
                      {"name": "set", "request": {"url": "cookies/set", "query": {"fresh": "1"}}}
                    ]}
                    """
                ],
                files: ["jar.txt": Self.preloaded],
                server: server
            ) { folder, results in
                #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
                let jar = try String(contentsOf: folder.appendingPathComponent("jar.txt"), encoding: .utf8)
                #expect(jar.contains("\tpreloaded\tyes"), "\(jar)")
                #expect(jar.contains("\tfresh\t1"), "\(jar)")
            }
        }
    }

    @Test func theRunsJarFillsEverySuiteAndKeepsAllTheirCookies() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let sets = { (name: String) in
                """
                {"baseURL": "{{base}}", "tests": [
                  {"name": "sent", "request": {"url": "cookies"},
                   "expect": {"json": [{"path": "$.cookies.preloaded", "equals": "yes"}]}},
                  {"name": "set", "request": {"url": "cookies/set", "query": {"\(name)": "1"}}}
                ]}
                """
            }
            try await Self.run(
                ["a.json": sets("fromA"), "b.json": sets("fromB")],
                files: ["run-jar.txt": Self.preloaded],
                server: server,
                options: { folder in
                    var options = RunOptions()
                    options.cookieJar = folder.appendingPathComponent("run-jar.txt")
                    return options
                }
            ) { folder, results in
                #expect(results.count == 4)
                #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
                let jar = try String(contentsOf: folder.appendingPathComponent("run-jar.txt"), encoding: .utf8)
                for name in ["preloaded", "fromA", "fromB"] { #expect(jar.contains("\t\(name)\t"), "\(jar)") }
            }
        }
    }

    @Test func validateChecksCookies() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "cookies": {"file": "no/such/folder/jar.txt", "mode": "rw"}, "tests": [
              {"name": "a", "request": {"url": "a"}}
            ]}
            """
        )
        #expect(problems.contains { $0.contains("suite.json:1:") && $0.contains("unknown key `mode`") }, "\(problems)")
        #expect(problems.contains { $0.contains("suite.json:1:") && $0.contains("the folder of cookie file") })
        #expect(problems.count == 2, "\(problems)")
        let wrongType = try SuiteText.problems(#"{"baseURL": "http://x", "cookies": "jar.txt", "tests": []}"#)
        #expect(wrongType.contains { $0.contains("`cookies`") && $0.contains("{\"file\": …}") }, "\(wrongType)")
    }
}
