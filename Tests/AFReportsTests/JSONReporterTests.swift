import AFReports
import AFRunner
import Foundation
import Testing

@Suite("JSON report")
struct JSONReporterTests {
    @Test("the documented layout: format, version, run, status, summary, suites with results")
    func layout() async throws {
        let path = ReportFixtures.temporaryFile("report.json")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(JSONReporter(path: path), status: .interrupted)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(root.keys) == ["format", "version", "run", "status", "summary", "suites"])
        #expect(root["format"] as? String == "afrun-report")
        #expect(root["version"] as? Int == 1)
        #expect(root["status"] as? String == "interrupted")
        let run = try #require(root["run"] as? [String: Any])
        #expect(run["id"] as? String == ReportFixtures.run.id)
        #expect(run["startedAt"] as? String == "2027-01-15T08:00:00Z")
        #expect(run["shard"] as? String == "1/2")
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["total"] as? Int == 5)
        #expect(summary["failed"] as? Int == 1)
        let suites = try #require(root["suites"] as? [[String: Any]])
        #expect(suites.map { $0["file"] as? String } == ["suites/users.json", "suites/tls.json"])
        #expect(suites.map { $0["tests"] as? Int } == [3, 2])
        let results = try #require(suites[0]["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results[1]["status"] as? String == "failed")
        #expect((results[1]["assertions"] as? [[String: Any]])?.count == 2)
        #expect((results[1]["identity"] as? [String: Any])?["testName"] as? String == "gets \"one\" user")
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(ReportFixtures.secret), "a secret reached the JSON report")
    }

    @Test("the report decodes back into the runner's value types")
    func roundTrip() async throws {
        let path = ReportFixtures.temporaryFile("report.json")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(JSONReporter(path: path))
        struct Suite: Decodable { var results: [TestResult] }
        struct Document: Decodable {
            var run: RunInfo
            var summary: RunSummary
            var suites: [Suite]
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document = try decoder.decode(Document.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(document.summary == ReportFixtures.summary)
        #expect(document.suites.flatMap(\.results).map(\.identity) == ReportFixtures.results.map(\.identity))
        #expect(document.run.commandLine.last == "Authorization: ***")
    }

    /// The summary as consumers read it, byte for byte: every result's counts flat with their total, then the
    /// suites' own tests, setup and teardown apart, each with its total; a percentile the run lacks is absent.
    static let summaryText = """
        "summary" : {
            "durationMs" : 12.5,
            "errors" : 2,
            "failed" : 1,
            "p95Ms" : 80,
            "passed" : 4,
            "setup" : {
              "errors" : 0,
              "failed" : 1,
              "passed" : 1,
              "skipped" : 0,
              "total" : 2
            },
            "skipped" : 1,
            "teardown" : {
              "errors" : 1,
              "failed" : 0,
              "passed" : 0,
              "skipped" : 0,
              "total" : 1
            },
            "tests" : {
              "errors" : 1,
              "failed" : 0,
              "passed" : 3,
              "skipped" : 1,
              "total" : 5
            },
            "total" : 8
          }
        """

    @Test("the summary's keys: every result's counts flat, then the tests, setup and teardown apart")
    func summaryKeys() throws {
        let summary = RunSummary(
            passed: 4,
            failed: 1,
            errors: 2,
            skipped: 1,
            durationMs: 12.5,
            p95Ms: 80,
            setup: OutcomeCounts(passed: 1, failed: 1),
            teardown: OutcomeCounts(errors: 1)
        )
        let data = try JSONReporter(path: "/dev/null").document(
            run: ReportFixtures.run,
            summary: summary,
            status: .complete
        )
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(Self.summaryText), "\(text)")
    }
}
