import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Testing

/// Runs suites written as JSON text (as a user writes them) against a fixture server: the loader's
/// decoding and the runner's requests are both exercised.
enum SuiteText {
    /// Loads `json` from a temporary folder (with `files` written beside it) and runs it.
    /// `{{base}}` in the text is the server's HTTP URL, `{{tls}}` its HTTPS one.
    static func run(
        _ json: String,
        server: FixtureServer,
        files: [String: String] = [:],
        options: RunOptions = RunOptions()
    ) async throws -> [TestResult] {
        try await withFolder { folder in
            let text = json.replacingOccurrences(of: "{{base}}", with: server.httpURL.absoluteString)
            for (name, content) in files {
                try Data(content.utf8).write(to: folder.appendingPathComponent(name))
            }
            let file = folder.appendingPathComponent("suite.json")
            try Data(text.utf8).write(to: file)
            let known = Set(options.variables.keys).union(options.secrets.keys)
            let loaded = SuiteLoader(environment: [:]).load(paths: [file.path], knownVariables: known)
            try #require(loaded.errors.isEmpty, "\(loaded.errors.map(\.description))")
            return await Runner(options: options).run(loaded.suites, run: .test, sinks: []).results
        }
    }

    /// The problems `afrun validate` reports for `json`, rendered as it prints them.
    static func problems(_ json: String) throws -> [String] {
        try withFolderSync { folder in
            let file = folder.appendingPathComponent("suite.json")
            try Data(json.utf8).write(to: file)
            return SuiteLoader(environment: [:]).load(paths: [file.path]).errors.map(\.description)
        }
    }

    private static func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-req-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    private static func withFolderSync<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-req-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}

extension Array where Element == TestResult {
    /// The result of the test named `name`.
    func named(_ name: String) -> TestResult? { first { $0.identity.testName == name } }

    /// Every failure message, for `#expect` comments.
    var problems: String { map { "\($0.identity.testName): \($0.failureMessages)" }.joined(separator: "\n") }
}
