import FixtureServer
import Foundation
import Testing

/// What afrun does with input written to hurt it: looping folders, escape sequences, giant lines,
/// endless bodies.
@Suite struct HostileInputTests {
    @Test(.timeLimit(.minutes(1))) func selfLinksAreWarnedAboutByValidateAndRun() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("suites/s.json", #"{"name": "s", "tests": [{"name": "t", "request": {"url": "http://127.0.0.1:9/"}}]}"#)
        let suites = folder.url.appendingPathComponent("suites")
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(atPath: suites.appendingPathComponent(name).path, withDestinationPath: ".")
        }
        let validate = try await AfrunProcess.run(["validate", "suites"], in: folder.url)
        #expect(validate.status == 0, "\(validate.all)")
        #expect(validate.stdout.contains("warning: suites/a: symbolic link to a folder already walked as suites (a loop)"))
        #expect(validate.stdout.contains("warning: suites/b:"))
        #expect(validate.stdout.contains("1 suite checked: 1 valid"))
        let run = try await AfrunProcess.run(["run", "suites", "--no-history"], in: folder.url)
        #expect(run.stderr.contains("warning: suites/a: symbolic link"), "\(run.all)")
        #expect(run.stderr.contains("warning: suites/b: symbolic link"), "\(run.all)")
    }
}
