import FixtureServer
import Foundation
import TestSupport
import Testing

/// Where a secret is defined and sent, as one suite plus the command line's additions.
struct SecretPosition: Sendable, CustomTestStringConvertible {
    var name: String
    /// The suite's `variables` members (JSON text, no braces).
    var variables = ""
    /// The echo request's members after `url` (JSON text).
    var request: String
    /// The echo request's path under `anything/`.
    var path = "x"
    /// Tests before the echo tests (JSON text, each followed by a comma).
    var before = ""
    /// Extra `afrun run` arguments.
    var arguments: [String] = []
    /// Extra environment.
    var environment: [String: String] = [:]
    /// The user of a Basic credential carrying the secret.
    var basicUser: String?

    var testDescription: String { name }
}

@Suite(.serialized) struct SecretLeakTests {
    /// A secret whose forms all differ: `+ / = " space &` encode differently in each.
    static let secret = #"Zq9+tok/en=="x y&v"#
    static let literal = SecretFormsTable.literal(secret)
    static let variable = #""tok": {"value": \#(literal), "secret": true}"#
    /// The secret in every place a request has, by a variable defined elsewhere.
    static let everywhere =
        #""query": {"q": "{{tok}}"}, "headers": {"X-Custom": "{{tok}}"}, "json": {"field": "{{tok}}"}"#

    /// The `auth` positions also send the credential in the query: the echo shows it, so only its
    /// registration as a secret (never marked secret otherwise) keeps it out of the outputs.
    static let positions: [SecretPosition] = [
        SecretPosition(
            name: "URL path segment",
            variables: variable,
            request: #""method": "GET""#,
            path: "p/{{tok}}/end"
        ),
        SecretPosition(name: "query", variables: variable, request: #""query": {"q": "{{tok}}"}"#),
        SecretPosition(
            name: "form field",
            variables: variable,
            request: #""method": "POST", "form": {"field": "{{tok}}"}"#
        ),
        SecretPosition(
            name: "JSON body member",
            variables: variable,
            request: #""method": "POST", "json": {"field": "{{tok}}"}"#
        ),
        SecretPosition(
            name: "multipart field",
            variables: variable,
            request: #""method": "POST", "multipart": [{"name": "field", "value": "{{tok}}"}]"#
        ),
        SecretPosition(name: "header", variables: variable, request: #""headers": {"X-Custom": "{{tok}}"}"#),
        SecretPosition(
            name: "basicAuth",
            request: #""basicAuth": {"username": "user", "password": \#(literal)}"#,
            basicUser: "user"
        ),
        SecretPosition(
            name: "bearer",
            request: #""headers": {"Authorization": "Bearer \#(literal.dropFirst().dropLast())"}"#
        ),
        SecretPosition(
            name: "auth basic",
            request:
                #""auth": {"type": "basic", "username": "user", "password": \#(literal)}, "query": {"echo": \#(literal)}"#,
            basicUser: "user"
        ),
        SecretPosition(
            name: "auth digest",
            request:
                #""auth": {"type": "digest", "username": "user", "password": \#(literal)}, "query": {"echo": \#(literal)}"#,
            basicUser: "user"
        ),
        SecretPosition(
            name: "auth bearer",
            request: #""auth": {"type": "bearer", "token": \#(literal)}, "query": {"echo": \#(literal)}"#
        ),
        SecretPosition(
            name: "auth aws-sigv4",
            request:
                #""auth": {"type": "aws-sigv4", "key": "AKID", "secret": \#(literal), "region": "r", "service": "s"}, "query": {"echo": \#(literal)}"#
        ),
        SecretPosition(name: "cookie", request: #""headers": {"Cookie": "sid=\#(literal.dropFirst().dropLast())"}"#),
        SecretPosition(
            name: "secret capture",
            request: #""query": {"q": "{{tok}}"}, "headers": {"X-Custom": "{{tok}}"}"#,
            before: #"{"name": "capture it", "request": {"url": "response-headers", "query": {"X-Tok": \#(literal)}}, "#
                + #""expect": {"status": 200}, "capture": {"tok": {"header": "X-Tok", "secret": true}}},"#
        ),
        SecretPosition(name: "--secret", request: everywhere, arguments: ["--secret", "tok=\(secret)"]),
        SecretPosition(name: "vars-file secret", request: everywhere, arguments: ["--vars-file", "vars.json"]),
        SecretPosition(
            name: "env secret",
            variables: #""tok": {"env": "AFRUN_LEAK_TOKEN", "secret": true}"#,
            request: everywhere,
            environment: ["AFRUN_LEAK_TOKEN": secret]
        ),
    ]

    /// Every form of the secret, in every output, for every position: none may appear. One `-v` run writes the
    /// reports (JUnit, JSON, HTML), the GitHub annotations and summary and the history (`--history-detail all`); a default, a `-vv`
    /// and a `-q` run follow; then every `afrun history` command in every format reads the database.
    @Test(arguments: positions)
    func noFormOfASecretInAnyOutput(position: SecretPosition) async throws {
        try await withFixtureServer(Self.httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write("leak.json", Self.suite(position, base: server.httpURL.absoluteString))
            try folder.write("vars.json", "{\(Self.variable)}")
            let common = ["leak.json", "--db", "h.sqlite", "--history-detail", "all"] + position.arguments
            var outputs: [String: String] = [:]
            let verbose = try await AfrunProcess.run(
                common + ["-v", "--junit", "junit.xml", "--report-json", "report.json", "--html", "report.html"],
                in: folder.url,
                environment: position.environment.merging(
                    [
                        "GITHUB_ACTIONS": "true",
                        "GITHUB_STEP_SUMMARY": folder.url.appendingPathComponent("summary.md").path,
                    ]) { a, _ in a }
            )
            #expect(verbose.status == 1, "\(verbose.all)")
            outputs["-v and GitHub annotations"] = verbose.all
            outputs["default"] = try await AfrunProcess.run(common, in: folder.url, environment: position.environment)
                .all
            // Every request and response, the passing test's too.
            let trace = try await AfrunProcess.run(common + ["-vv"], in: folder.url, environment: position.environment)
            let lines = trace.stdout.split(separator: "\n")
            let passing = try #require(lines.firstIndex { $0.hasPrefix("PASS  Leak/echo passes") }, "\(trace.all)")
            #expect(lines[passing + 1].hasPrefix("  > "), "\(trace.all)")
            outputs["-vv"] = trace.all
            outputs["-q"] = try await AfrunProcess.run(
                common + ["-q"],
                in: folder.url,
                environment: position.environment
            ).all
            let page = try await AfrunProcess.run(
                ["history", "report", "--db", "h.sqlite", "--html", "history.html"],
                in: folder.url
            )
            #expect(page.status == 0, "\(page.all)")
            for file in ["junit.xml", "report.json", "summary.md", "report.html", "history.html"] {
                outputs[file] = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
            }
            outputs["history database"] = try await Self.dump(folder.url.appendingPathComponent("h.sqlite"))
            for command in Self.historyCommands {
                for format in ["table", "json", "csv"] {
                    let output = try await AfrunProcess.run(
                        ["history"] + command + ["--db", "h.sqlite", "--format", format],
                        in: folder.url
                    )
                    #expect(output.status == 0, "\(command) \(format): \(output.all)")
                    outputs["history \(command.joined(separator: " ")) --format \(format)"] = output.all
                }
            }
            // The echo came back and was masked: the check looks at real server data.
            let report = try #require(outputs["report.json"])
            #expect(report.contains("anything"), "\(report)")
            #expect(outputs["-v and GitHub annotations"]?.contains("***") == true)
            let forms = SecretFormsTable.forms(of: Self.secret, basicUser: position.basicUser)
            var leaks: [String] = []
            for (output, text) in outputs.sorted(by: { $0.key < $1.key }) {
                for (form, value) in forms.sorted(by: { $0.key < $1.key }) where text.contains(value) {
                    leaks.append("\(output): \(form)")
                }
            }
            #expect(leaks.isEmpty, "\(position.name): \(leaks)")
        }
    }

    static let historyCommands: [[String]] = [
        ["runs"], ["show", "latest"], ["test", "Leak/echo fails"], ["flaky"], ["slowest"], ["trends"],
        ["compare", "previous", "latest"],
    ]

    /// A suite with the position's variables, its tests before, and two echo tests: one passes, one fails with
    /// the whole echoed body as its actual value.
    static func suite(_ position: SecretPosition, base: String) -> String {
        let request = #"{"url": "anything/\#(position.path)", \#(position.request)}"#
        return #"""
            {"name": "Leak", "baseURL": "\#(base)", "variables": {\#(position.variables)}, "tests": [
              \#(position.before)
              {"name": "echo passes", "request": \#(request), "expect": {"status": 200}},
              {"name": "echo fails", "request": \#(request), "expect": {"status": 201, "json": [{"path": "$", "equals": "nope"}]}}
            ]}
            """#
    }

    /// Everything the history database holds, as SQL text.
    static func dump(_ database: URL) async throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path, ".dump"]
        return try await process.output().output
    }

    static func httpOnly() -> FixtureServer.Configuration {
        var c = FixtureServer.Configuration()
        c.tlsPort = nil
        c.tlsVariants = []
        return c
    }
}
