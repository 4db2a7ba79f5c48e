import Foundation
import Testing

@testable import AFSuite

/// Folder walks follow links but visit each folder and file once, and say what they skipped.
struct SymlinkDiscoveryTests {
    private static let suite =
        #"{"name": "s", "baseURL": "http://x", "tests": [{"name": "t", "request": {"url": "/a"}}]}"#

    @Test(.timeLimit(.minutes(1))) func twoSelfLinksLoadEverySuiteOnceWithAWarningEach() throws {
        try withTemporaryFolder { folder in
            try folder.write(Self.suite, to: "suites/s.json")
            let suites = folder.appendingPathComponent("suites")
            try FileManager.default.createSymbolicLink(
                atPath: suites.appendingPathComponent("a").path,
                withDestinationPath: "."
            )
            try FileManager.default.createSymbolicLink(
                atPath: suites.appendingPathComponent("b").path,
                withDestinationPath: "."
            )
            let result = SuiteLoader(environment: [:]).load(paths: [suites.path])
            #expect(result.files.count == 1)
            #expect(result.suites.count == 1)
            #expect(result.errors.isEmpty)
            #expect(result.warnings.map(\.path) == [suites.path + "/a", suites.path + "/b"])
            #expect(result.warnings.allSatisfy { $0.reason == .loop(first: suites.path) })
            #expect(result.report().contains("warning: \(suites.path)/a: symbolic link to a folder already walked"))
        }
    }

    @Test func aDanglingLinkIsReportedAndALinkedSuiteLoadsOnce() throws {
        try withTemporaryFolder { folder in
            try folder.write(Self.suite, to: "s.json")
            let fm = FileManager.default
            try fm.createSymbolicLink(
                atPath: folder.appendingPathComponent("gone.json").path,
                withDestinationPath: "nowhere.json"
            )
            try fm.createSymbolicLink(
                atPath: folder.appendingPathComponent("same.json").path,
                withDestinationPath: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [folder.path])
            #expect(result.files == [folder.path + "/s.json"])
            #expect(
                result.warnings == [
                    DiscoveryWarning(path: folder.path + "/gone.json", reason: .danglingLink(target: "nowhere.json"))
                ]
            )
        }
    }
}
