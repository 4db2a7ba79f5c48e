import FixtureServer
import Foundation
import Testing

/// `--cookie-jar FILE`: one run's cookies reach the next run, through a Netscape cookie file curl can read.
@Suite(.serialized) struct CookieJarFlagTests {
    @Test("--cookie-jar writes the run's cookies; the next run sends them")
    func cookiesSurviveBetweenRuns() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "login.json",
                """
                {"name": "Login", "baseURL": "\(base)", "tests": [
                  {"name": "set", "request": {"url": "cookies/set", "query": {"session": "s-42"}}, "expect": {"status": 200}}
                ]}
                """
            )
            try folder.write(
                "use.json",
                """
                {"name": "Use", "baseURL": "\(base)", "tests": [
                  {"name": "sent", "request": {"url": "cookies"},
                   "expect": {"json": [{"path": "$.cookies.session", "equals": "s-42"}]}}
                ]}
                """
            )
            let without = try await AfrunProcess.run(["use.json", "--no-history"], in: folder.url)
            #expect(without.status == 1, "\(without.all)")
            let login = try await AfrunProcess.run(
                ["login.json", "--no-history", "--cookie-jar", "jar.txt"],
                in: folder.url
            )
            #expect(login.status == 0, "\(login.all)")
            let jar = try String(contentsOf: folder.url.appendingPathComponent("jar.txt"), encoding: .utf8)
            #expect(jar.hasPrefix("# Netscape HTTP Cookie File"), "\(jar)")
            #expect(jar.contains("\tsession\ts-42"), "\(jar)")
            let use = try await AfrunProcess.run(
                ["use.json", "--no-history", "--cookie-jar", "jar.txt"],
                in: folder.url
            )
            #expect(use.status == 0, "\(use.all)")
        }
    }

    @Test("--cookie-jar in a missing folder is a usage error naming it")
    func missingFolderIsAUsageError() async throws {
        try await withPlainFixture { folder, _ in
            try folder.write("s.json", #"{"name": "S", "tests": []}"#)
            let output = try await AfrunProcess.run(
                ["s.json", "--no-history", "--cookie-jar", "nope/jar.txt"],
                in: folder.url
            )
            #expect(output.status == 64, "\(output.all)")
            #expect(output.stderr.contains("--cookie-jar nope/jar.txt"), "\(output.stderr)")
        }
    }

    @Test("a --cookie-jar that is not a cookie file is named and left as it was")
    func aFileOtherThanCookiesIsNotOverwritten() async throws {
        try await withPlainFixture { folder, server in
            let suite = """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "set", "request": {"url": "cookies/set", "query": {"k": "v"}}, "expect": {"status": 200}}
                ]}
                """
            try folder.write("s.json", suite)
            try folder.write("other.json", suite)
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--cookie-jar", "other.json"],
                in: folder.url
            )
            #expect(output.status == 2, "\(output.all)")
            #expect(output.stderr.contains("other.json: not a Netscape cookie file"), "\(output.stderr)")
            #expect(!output.stderr.contains("Usage:"), "\(output.stderr)")
            let after = try String(contentsOf: folder.url.appendingPathComponent("other.json"), encoding: .utf8)
            #expect(after == suite)
        }
    }
}
