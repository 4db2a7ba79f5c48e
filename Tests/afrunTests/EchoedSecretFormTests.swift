import FixtureServer
import Foundation
import TestSupport
import Testing

/// A secret as real servers write it back: escaped by their JSON writers, decoded into an IRI, read as the wrong
/// charset, and as afrun's own request URL holds it. The fixture server's `/base64/{value}` answers with any text
/// at all, so each test serves one form the way a server would; the forms are written out here by hand.
@Suite struct EchoedSecretFormTests {
    /// Non-ASCII, HTML characters and URL delimiters: each form differs from the others.
    static let secret = "pä?s&s=w+ö <d>"

    static let echoed: [(String, String)] = [
        // Python's json.dumps (ensure_ascii), as httpbin writes every echo.
        ("Python \\u escapes", #"{"args": {"q": "p\u00e4?s&s=w+\u00f6 <d>"}}"#),
        ("upper-case \\u escapes", #"{"q": "p\u00E4?s&s=w+\u00F6 <d>"}"#),
        // Go's encoding/json escapes <, > and & by default.
        ("Go HTML-safe escapes", #"{"q": "pä?s\u0026s=w+ö \u003cd\u003e"}"#),
        // Werkzeug's request.url: the query value decoded but for what would split it.
        ("IRI query value", #"{"url": "http://h/anything?q=p\u00e4?s%26s%3Dw%2B\u00f6%20<d>"}"#),
        // A UTF-8 header value read as ISO-8859-1 by the server (WSGI, Node), echoed back.
        ("UTF-8 read as Latin-1", "X-Echo: pÃ¤?s&s=w+Ã¶ <d>"),
        ("UTF-8 read as Latin-1, \\u escaped", #"{"X-Echo": "p\u00c3\u00a4?s&s=w+\u00c3\u00b6 <d>"}"#),
    ]

    @Test(arguments: echoed)
    func anEchoedFormIsMasked(name: String, body: String) async throws {
        let form = try #require(Self.form(in: body))
        try await withFixtureServer(Self.httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            let path = Data(body.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            try folder.write(
                "echo.json",
                Self.suite(base: server.httpURL.absoluteString, url: "base64/\(path)", expectBody: true)
            )
            let run = try await AfrunProcess.run(
                ["echo.json", "--no-history", "-v", "--report-json", "report.json"],
                in: folder.url
            )
            #expect(run.status == 1, "\(run.all)")
            // The served body reached the output, masked.
            #expect(run.stdout.contains("***"), "\(run.all)")
            let report = try String(contentsOf: folder.url.appendingPathComponent("report.json"), encoding: .utf8)
            // As printed, and quoted once more as a JSON string (the assertion's actual value).
            for shown in [form, form.replacingOccurrences(of: "\\", with: "\\\\")] {
                #expect(!run.all.contains(shown), "\(name): \(run.all)")
                #expect(!report.contains(shown), "\(name): \(report)")
            }
        }
    }

    /// `{{tok}}` in a URL: a URL parser encodes only what a URL cannot hold, and `?` begins the query.
    @Test func afrunsOwnRequestURLIsMasked() async throws {
        try await withFixtureServer(Self.httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write(
                "echo.json",
                Self.suite(base: server.httpURL.absoluteString, url: "anything/{{tok}}", expectBody: false)
            )
            let run = try await AfrunProcess.run(
                ["echo.json", "--no-history", "-v", "--report-json", "report.json"],
                in: folder.url
            )
            #expect(run.status == 1, "\(run.all)")
            let report = try String(contentsOf: folder.url.appendingPathComponent("report.json"), encoding: .utf8)
            #expect(run.stdout.contains("/anything/***"), "\(run.all)")
            let sent = "p%C3%A4?s&s=w+%C3%B6%20%3Cd%3E"
            #expect(!run.all.contains(sent), "\(run.all)")
            #expect(!report.contains(sent), "\(report)")
        }
    }

    /// The form a body holds: the text between the first `"q": "`, `"X-Echo": "`, `q=` or `X-Echo: ` and the end
    /// of its value.
    static func form(in body: String) -> String? {
        for start in [#""q": ""#, #""X-Echo": ""#, "?q=", "X-Echo: "] {
            guard let range = body.range(of: start) else { continue }
            let rest = body[range.upperBound...]
            return String(rest.prefix { $0 != "\"" })
        }
        return nil
    }

    static func suite(base: String, url: String, expectBody: Bool) -> String {
        let expect = expectBody ? #""body": {"equals": "nope"}"# : #""status": 299"#
        return #"""
            {"name": "Echo", "baseURL": "\#(base)",
             "variables": {"tok": {"value": "pä?s&s=w+ö <d>", "secret": true}},
             "tests": [{"name": "echo", "request": {"url": "\#(url)", "query": {"q": "{{tok}}"}},
                        "expect": {\#(expect)}}]}
            """#
    }

    static func httpOnly() -> FixtureServer.Configuration {
        var c = FixtureServer.Configuration()
        c.tlsPort = nil
        c.tlsVariants = []
        return c
    }
}
