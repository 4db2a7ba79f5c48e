import Foundation
import Testing

@testable import AFSuite

/// How the loader finds suite files.
@Suite struct SuiteLoaderFileTests {
    static let minimal = #"{"tests": [{"name": "t", "request": {"url": "http://h/"}}]}"#

    @Test func walksFoldersRecursivelySortedSkippingDataAndDotFolders() throws {
        try withTemporaryFolder { root in
            for path in [
                "b.json", "a.json", "nested/z.json", "nested/deeper/m.json", "a/c.json", "_data/body.json",
                "nested/_data/x.json",
                ".git/config.json", ".hidden/h.json", "notes.txt", "nested/.editor.json", "suite.schema.json",
            ] {
                try root.write(Self.minimal, to: path)
            }
            let folder = root.path
            let result = SuiteLoader(environment: [:]).load(paths: [folder])
            #expect(result.errors.isEmpty, "\(result.errors)")
            #expect(
                result.files == [
                    "\(folder)/a.json", "\(folder)/a/c.json", "\(folder)/b.json", "\(folder)/nested/deeper/m.json",
                    "\(folder)/nested/z.json",
                ]
            )
            #expect(result.suites.map(\.name) == ["a", "c", "b", "m", "z"])
        }
    }

    @Test func explicitFilesAreTakenAsGivenAndDeduplicated() throws {
        try withTemporaryFolder { root in
            try root.write(Self.minimal, to: "one.json")
            try root.write(Self.minimal, to: "two.suite")
            let one = root.appendingPathComponent("one.json").path
            let result = SuiteLoader(environment: [:]).load(paths: [
                one, root.appendingPathComponent("two.suite").path, root.path + "/",
            ])
            #expect(result.files == [one, root.appendingPathComponent("two.suite").path])
            #expect(result.suites.count == 2)
            #expect(result.suites[0].displayPath == one)
        }
    }

    @Test func missingPathsAreReportedAndTheOthersStillLoad() throws {
        try withTemporaryFolder { root in
            try root.write(Self.minimal, to: "ok.json")
            try root.write("{\"tests\": [", to: "broken.json")
            let missing = root.appendingPathComponent("nope").path
            let result = SuiteLoader(environment: [:]).load(paths: [missing, root.path])
            #expect(result.suites.map(\.name) == ["ok"])
            #expect(result.errors.count == 2)
            #expect(result.errors.first == .unreadable(path: missing, reason: "no such file or folder"))
            #expect(result.errors.last?.location?.file == root.path + "/broken.json")
        }
    }

    @Test func relativePathsResolveAgainstTheSuiteFile() throws {
        try withTemporaryFolder { root in
            try root.write("x", to: "api/_data/body.txt")
            try root.write(
                #"{"tests": [{"name": "t", "request": {"url": "http://h/u", "bodyFile": "_data/body.txt"}}]}"#,
                to: "api/s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.path])
            #expect(result.errors.isEmpty, "\(result.errors)")
            let suite = try #require(result.suites.first)
            #expect(
                suite.directory.standardizedFileURL.path == root.appendingPathComponent("api").standardizedFileURL.path
            )
        }
    }

    @Test func allValidFixturesLoad() {
        let result = SuiteLoader(environment: [:]).load(paths: [Fixtures.valid.path])
        #expect(result.errors.isEmpty, "\(result.errors.map(\.description))")
        #expect(result.suites.count == 4)
    }

    @Test func everyInvalidFixtureFails() {
        let result = SuiteLoader(environment: [:]).load(paths: [Fixtures.invalid.path])
        #expect(result.suites.isEmpty)
        let files = Set(result.errors.compactMap { $0.location?.file.split(separator: "/").last.map(String.init) })
        #expect(files == ["many-problems.json", "not-an-object.json", "syntax.json"])
    }
}
