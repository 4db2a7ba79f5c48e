import FixtureServer
import Foundation
import Testing

@testable import afrun

/// `--failed-first` puts first the suites `--rerun-failed` would rerun: those with a failed test, and those
/// whose setup or teardown failed last time (their tests were skipped, or passed, so their own outcomes say
/// nothing failed).
@Suite(.serialized) struct FailedFirstSetupTests {
    @Test("a suite whose setup or teardown failed last time is ordered first", arguments: ["setup", "teardown"])
    func brokenSuiteGoesFirst(phase: String) async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "a.json",
                #"{"name": "Steady", "baseURL": "\#(base)", "tests": [{"name": "one", "request": {"url": "get"}}]}"#
            )
            try folder.write(
                "b.json",
                """
                {"name": "Broken", "baseURL": "\(base)",
                 "\(phase)": [{"name": "step", "request": {"url": "{{path}}"}, "expect": {"status": 200}}],
                 "tests": [{"name": "t", "request": {"url": "get"}, "expect": {"status": 200}}]}
                """
            )
            // Suite files given by absolute path, outside both working directories, so that the run below and
            // the plan built in this process name them alike.
            let work = folder.url.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let db = folder.url.appendingPathComponent("h.sqlite").path
            func run(_ path: String) async throws -> AfrunProcess.Output {
                try await AfrunProcess.run([folder.url.path, "--db", db, "--var", "path=\(path)"], in: work)
            }
            #expect(try await run("get").status == 0)
            let broken = try await run("status/500")
            #expect(broken.status == 1 && broken.stdout.contains("Broken/\(phase)"), "\(broken.all)")

            let loaded = await RemoteSchemaFetcher.load(paths: [folder.url.path], knownVariables: ["path"])
            #expect(loaded.errors.isEmpty && loaded.suites.map(\.name) == ["Steady", "Broken"])
            let plan = await RunPlan.make(
                suites: loaded.suites,
                filter: nil,
                reports: try ReportOptions.parse(["--db", db, "--failed-first"]),
                console: Console(buffersOutput: false)
            )
            try await plan.store?.close()
            #expect(plan.warnings.isEmpty, "\(plan.warnings)")
            #expect(plan.suites.map(\.name) == ["Broken", "Steady"])
        }
    }
}
