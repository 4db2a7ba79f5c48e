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
}
