import FixtureServer
import Foundation
import Testing

/// An errored transfer that got as far as a response head: what the history and the terminal say about it.
@Suite(.serialized) struct HistoryErroredResultTests {
    /// One test whose server sends a head announcing 1,024 bytes, then closes: libcurl measured a connect and
    /// a first byte, and fails with `CURLE_PARTIAL_FILE` (18).
    static func suite(_ base: String) -> String {
        """
        {"name": "Cut", "baseURL": "\(base)", "tests": [
          {"name": "short", "request": {"url": "fault/close-after-headers"}, "expect": {"status": 200}}
        ]}
        """
    }

    @Test("history show keeps an errored result's curl code and measured phases, in JSON, table and CSV")
    func historyShowsCurlCodeAndPhases() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server.httpURL.absoluteString))
            let run = try await AfrunProcess.run(["s.json", "--db", "h.sqlite"], in: folder.url)
            #expect(run.status == 1, "\(run.all)")

            let json = try await AfrunProcess.run(
                ["history", "show", "--db", "h.sqlite", "--format", "json"],
                in: folder.url
            )
            #expect(json.status == 0, "\(json.all)")
            let shown = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let result = try #require((shown["results"] as? [[String: Any]])?.first)
            #expect(result["status"] as? String == "error")
            #expect(result["curlCode"] as? Int == 18, "\(json.stdout)")
            let timings = try #require(result["timings"] as? [String: Any], "\(json.stdout)")
            #expect((timings["ttfbMs"] as? Double ?? 0) > 0, "\(timings)")
            #expect((timings["totalMs"] as? Double ?? 0) > 0, "\(timings)")

            let csv = try await AfrunProcess.run(
                ["history", "show", "--db", "h.sqlite", "--format", "csv"],
                in: folder.url
            )
            let lines = csv.stdout.split(separator: "\n")
            #expect(lines.first == "test,location,status,attempts,http,curl,duration_ms,messages", "\(csv.stdout)")
            #expect(lines.dropFirst().first?.hasPrefix("Cut/short,s.json:2,error,1,,18,") == true, "\(csv.stdout)")
        }
    }

    @Test("run -v prints an errored test's curl code and the phases libcurl measured")
    func verboseShowsCurlCodeAndPhases() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server.httpURL.absoluteString))
            let run = try await AfrunProcess.run(["s.json", "--no-history", "-v"], in: folder.url)
            #expect(run.status == 1, "\(run.all)")
            let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("curl code") }, "\(run.all)")
            #expect(line.contains("curl code 18; measured:"), "\(line)")
            #expect(line.contains("ttfb ") && line.contains("total "), "\(line)")
        }
    }
}
