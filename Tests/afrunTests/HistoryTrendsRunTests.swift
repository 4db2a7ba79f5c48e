import FixtureServer
import Foundation
import Testing

/// `afrun history trends` over runs of real suites: one row per suite file, whatever the suites are named.
@Suite(.serialized) struct HistoryTrendsRunTests {
    @Test("two suite files with the same suite name are two trends, each shown with its file")
    func sameNameTwoFiles() async throws {
        try await withPlainFixture { folder, server in
            for file in ["v1/users.json", "v2/users.json"] {
                try folder.write(
                    file,
                    """
                    {"name": "Users", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                      {"name": "list", "request": {"url": "get"}, "expect": {"status": 200}}
                    ]}
                    """
                )
            }
            try folder.write(
                "other.json",
                """
                {"name": "Other", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "one", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let run = try await AfrunProcess.run(["v1", "v2", "other.json", "--db", "h.sqlite"], in: folder.url)
            #expect(run.status == 0, "\(run.all)")

            let suites = try await AfrunProcess.run(
                ["history", "trends", "--db", "h.sqlite", "--format", "csv"],
                in: folder.url
            )
            #expect(suites.status == 0, "\(suites.all)")
            let rows = suites.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").first ?? "" }
            #expect(rows == ["Other", "Users (v1/users.json)", "Users (v2/users.json)"], "\(suites.stdout)")

            let tests = try await AfrunProcess.run(
                ["history", "trends", "--db", "h.sqlite", "--by", "test", "--format", "json"],
                in: folder.url
            )
            #expect(tests.status == 0, "\(tests.all)")
            #expect(tests.stdout.contains(#""name" : "Users/list (v2/users.json)""#), "\(tests.stdout)")
            #expect(tests.stdout.contains(#""suiteFile" : "v1/users.json""#), "\(tests.stdout)")
        }
    }
}
