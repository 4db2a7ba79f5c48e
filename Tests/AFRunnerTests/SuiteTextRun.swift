import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Testing

/// Runs a suite written as JSON text against a fixture server, the way `afrun run` loads a file:
/// decoding and evaluation are tested together.
enum SuiteTextRun {
    /// The results of every test of `json` (its `baseURL` is the server's HTTP URL unless it sets one).
    /// - Parameters:
    ///   - json: the suite file's text; `{{env.FIXTURES}}` is the server's HTTP URL.
    ///   - server: the fixture server.
    /// - Returns: the results, in test order.
    static func results(_ json: String, on server: FixtureServer) async throws -> [TestResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("suite.json")
        try Data(json.utf8).write(to: file)
        let environment = ["FIXTURES": server.httpURL.absoluteString]
        let loaded = SuiteLoader(environment: environment).load(paths: [file.path])
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        var options = RunOptions()
        options.environment = environment
        let report = await Runner(options: options).run(loaded.suites, run: .test, sinks: [])
        return report.results
    }

    /// The messages of the failed assertions of `result`.
    static func failures(_ result: TestResult) -> [String] {
        result.assertions.filter { !$0.passed }.map(\.message)
    }
}
