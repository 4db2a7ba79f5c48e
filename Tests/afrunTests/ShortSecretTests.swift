import FixtureServer
import Foundation
import Testing

/// Short passwords mask only whole field values: names, messages and history identities stay as written.
@Suite(.serialized) struct ShortSecretTests {
    /// A suite whose names and messages are full of `p` and `pas`; `password` nil sends no credential.
    static func suite(base: String, name: String = "Teapot passes", password: String?) -> String {
        let auth = password.map { #", "defaults": {"basicAuth": {"username": "user", "password": "\#($0)"}}"# } ?? ""
        return #"""
            {"name": "\#(name)", "baseURL": "\#(base)"\#(auth), "tests": [
              {"name": "418 teapot", "request": {"url": "status/418"}, "expect": {"status": 200}},
              {"name": "expected pass", "request": {"url": "json"}, "expect": {"status": 200,
                "json": [{"path": "$.library.name", "equals": "passport app"}, {"path": "$.library.open", "equals": false}]}},
              {"name": "header p", "request": {"url": "response-headers", "query": {"X-Pas": "passage"}},
                "expect": {"headers": {"X-Pas": {"equals": "pasta"}}}}
            ]}
            """#
    }

    /// Test and suite names and afrun's messages, from the terminal, JUnit and the JSON report.
    static func identities(_ folder: SuiteFolder, _ output: AfrunProcess.Output) throws -> [String] {
        let terminal = output.stdout.split(separator: "\n").filter {
            $0.contains("FAIL") || $0.contains("PASS") || $0.contains("✗")
        }
        .map { $0.replacing(/\ [\d.]+ms/, with: "") }
        let junit = try String(contentsOf: folder.url.appendingPathComponent("junit.xml"), encoding: .utf8)
        let attributes = junit.matches(of: /(?:name|classname|message)="[^"]*"/).map { String($0.output) }
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("report.json")))
                as? [String: Any]
        )
        let suites = try #require(report["suites"] as? [[String: Any]])
        let results = suites.flatMap { ($0["results"] as? [[String: Any]]) ?? [] }
        let names = results.flatMap { result -> [String] in
            let identity = result["identity"] as? [String: Any] ?? result
            let messages = (result["assertions"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            return [identity["suiteName"] as? String ?? "", identity["testName"] as? String ?? ""] + messages
        }
        return terminal.map(String.init) + attributes + names.sorted()
    }

    @Test("a 1- and a 3-character password leave names and messages byte-identical", arguments: ["p", "pas"])
    func shortPasswordsMaskNoName(password: String) async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let base = server.httpURL.absoluteString
            var seen: [[String]] = []
            for password in [nil, password] {
                let folder = try SuiteFolder()
                defer { folder.remove() }
                try folder.write("s.json", Self.suite(base: base, password: password))
                let output = try await AfrunProcess.run(
                    ["s.json", "--no-history", "--jobs", "1", "--junit", "junit.xml", "--report-json", "report.json"],
                    in: folder.url
                )
                #expect(output.status == 1, "\(output.all)")
                seen.append(try Self.identities(folder, output))
            }
            #expect(seen[0].count > 10, "\(seen[0])")
            #expect(seen[0].contains { $0.contains("418 teapot") })
            #expect(seen[0] == seen[1])
        }
    }

    @Test(
        "a test's history identity is the same with and without a suite holding a short password",
        arguments: ["p", "pas"]
    )
    func historyIdentityIgnoresOtherSuites(password: String) async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let base = server.httpURL.absoluteString
            var identities: [[String]] = []
            for loadsSecretSuite in [false, true] {
                let folder = try SuiteFolder()
                defer { folder.remove() }
                try folder.write("plain.json", Self.suite(base: base, name: "Plain pipeline", password: nil))
                if loadsSecretSuite {
                    try folder.write("secret.json", Self.suite(base: base, name: "Secret", password: password))
                }
                let run = try await AfrunProcess.run([".", "--db", "h.sqlite", "--jobs", "1"], in: folder.url)
                #expect(run.status == 1, "\(run.all)")
                let show = try await AfrunProcess.run(
                    ["history", "show", "latest", "--db", "h.sqlite", "--format", "csv"],
                    in: folder.url
                )
                #expect(show.status == 0, "\(show.all)")
                let header = show.stdout.split(separator: "\n").first.map(String.init) ?? ""
                let rows = show.stdout.split(separator: "\n").dropFirst().filter {
                    $0.contains("plain.json") || $0.contains("Plain pipeline")
                }
                // suite file, suite and test name: the columns before the status.
                identities.append(
                    [header] + rows.map { $0.split(separator: ",").prefix(3).joined(separator: ",") }.sorted()
                )
            }
            #expect(identities[0].count == 4, "\(identities[0])")
            #expect(identities[0] == identities[1])
        }
    }
}
