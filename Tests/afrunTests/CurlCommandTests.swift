import FixtureServer
import Foundation
import TestSupport
import Testing

/// The repository's root, for its fixture files.
enum ExampleRoot {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// `afrun curl`: the printed commands, run by /usr/bin/curl, reach the fixture server as afrun's own requests
/// do; quoting survives hostile text; secrets are masked unless `--show-secrets`.
@Suite(.serialized) struct CurlCommandTests {
    /// Text a shell would expand or split if it were not quoted right.
    static let hostile = #"it's "q" $(touch pwned) `touch pwned` \ %s ${HOME}"#
    static let suite = #"""
        {"name": "Replay", "baseURL": "BASE", "tests": [
          {"name": "post json", "request": {"method": "POST", "url": "anything/replay",
            "query": {"tag": ["a b", "c&d"]},
            "headers": {"X-Quote": HOSTILE, "X-Empty": "", "X-Many": ["1", "2"]},
            "json": {"text": HOSTILE, "n": 5}}},
          {"name": "put text", "request": {"method": "PUT", "url": "anything/text", "body": "line1\nline2\u001b end %d"}},
          {"name": "no agent", "request": {"url": "anything/plain", "headers": {"User-Agent": null}}},
          {"name": "delete", "request": {"method": "DELETE", "url": "anything/gone", "http": "1.1"}}
        ]}
        """#

    static func folder(_ server: FixtureServer, suite text: String = suite) throws -> SuiteFolder {
        let folder = try SuiteFolder()
        let literal = String(
            decoding: try JSONSerialization.data(withJSONObject: hostile, options: .fragmentsAllowed),
            as: UTF8.self
        )
        try folder.write(
            "replay.json",
            text.replacingOccurrences(of: "BASE", with: server.httpURL.absoluteString)
                .replacingOccurrences(of: "HOSTILE", with: literal)
        )
        return folder
    }

    /// Runs `script` with `/bin/sh` in `folder`; returns its standard output.
    static func shell(_ script: String, in folder: URL) async throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        return try await process.output()
    }

    /// A request head as compared: method, target and headers (names lower-cased, in order).
    static func head(_ r: RecordedRequest) -> String {
        ([r.method + " " + r.uri] + r.headers.map { "\($0.name.lowercased()): \($0.value)" }).joined(separator: "\n")
    }

    @Test func theCommandsSendWhatAfrunSends() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try Self.folder(server)
            defer { folder.remove() }
            let run = try await AfrunProcess.run(["run", "replay.json", "--no-history"], in: folder.url)
            #expect(run.status == 0, "\(run.all)")
            let sent = server.recordedRequests.map(Self.head)
            #expect(sent.count == 4)
            server.clearRecordedRequests()

            let export = try await AfrunProcess.run(["curl", "replay.json"], in: folder.url)
            #expect(export.status == 0, "\(export.all)")
            let commands = export.stdout.components(separatedBy: "\n\n").filter { $0.contains("curl ") }
            #expect(commands.count == 4, "\(export.stdout)")
            var echoes: [[String: Any]] = []
            for command in commands {
                let (status, output) = try await Self.shell(command, in: folder.url)
                #expect(status == 0, "\(command)")
                echoes.append(try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]))
            }
            #expect(server.recordedRequests.map(Self.head) == sent)
            // Nothing the shell could run was run.
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pwned").path))
            // The bodies arrived byte for byte.
            let json = try #require(echoes[0]["json"] as? [String: Any])
            #expect(json["text"] as? String == Self.hostile)
            #expect(json["n"] as? Int == 5)
            #expect(echoes[1]["data"] as? String == "line1\nline2\u{1b} end %d")
        }
    }

    @Test func secretsAreMaskedUnlessShown() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let secret = "Zq9tokenValue42"
            let folder = try Self.folder(
                server,
                suite: #"""
                    {"name": "S", "baseURL": "BASE", "variables": {"tok": {"value": "\#(secret)", "secret": true},
                     "pin": {"value": "p", "secret": true}},
                     "tests": [{"name": "t", "request": {"url": "anything/{{tok}}", "query": {"q": "{{tok}}"},
                       "headers": {"X-Tok": "{{tok}}"}, "basicAuth": {"username": "u", "password": "pw-\#(secret)"},
                       "json": {"token": "{{tok}}"}}},
                      {"name": "row", "each": [{"pin": "RowSecret123"}],
                       "request": {"url": "anything/r", "headers": {"X-Pin": "{{pin}}"}}}]}
                    """#
            )
            defer { folder.remove() }
            let masked = try await AfrunProcess.run(["curl", "replay.json"], in: folder.url)
            #expect(masked.status == 0, "\(masked.all)")
            #expect(!masked.all.contains(secret), "\(masked.all)")
            // A data row's value for a name marked secret is masked too.
            #expect(!masked.all.contains("RowSecret123"), "\(masked.all)")
            #expect(masked.stdout.contains("***"))
            let shown = try await AfrunProcess.run(["curl", "replay.json", "--show-secrets"], in: folder.url)
            #expect(shown.stdout.contains("X-Tok: \(secret)"), "\(shown.stdout)")
        }
    }

    /// A multipart body becomes curl's form arguments: the command sends the same fields and files (a value is
    /// never read as a file, a path with `;` and `"` survives), and a secret value is masked unless shown.
    @Test func multipartIsExportedAsCurlForms() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try Self.folder(
                server,
                suite: #"""
                    {"name": "M", "baseURL": "BASE", "variables": {"tok": {"value": "FormSecret-42", "secret": true}},
                     "tests": [{"name": "upload", "request": {"method": "POST", "url": "anything/upload",
                       "multipart": [{"name": "note", "value": HOSTILE}, {"name": "at", "value": "@replay.json;type=x"},
                                     {"name": "tok", "value": "{{tok}}"},
                                     {"name": "doc", "file": "_data/a;b \"c\".txt", "filename": "f \"1\".txt",
                                      "contentType": "text/plain"}]},
                       "expect": {"json": [{"path": "$.form.note", "equals": HOSTILE},
                                           {"path": "$.form.at", "equals": "@replay.json;type=x"},
                                           {"path": "$.form.tok", "equals": "{{tok}}"},
                                           {"path": "$.files.doc", "equals": "file text\n"}]}}]}
                    """#
            )
            defer { folder.remove() }
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent("_data"),
                withIntermediateDirectories: true
            )
            try folder.write("_data/a;b \"c\".txt", "file text\n")
            let run = try await AfrunProcess.run(["run", "replay.json", "--no-history"], in: folder.url)
            #expect(run.status == 0, "\(run.all)")

            let masked = try await AfrunProcess.run(["curl", "replay.json"], in: folder.url)
            #expect(masked.status == 0, "\(masked.all)")
            #expect(!masked.stdout.contains("FormSecret-42"), "\(masked.stdout)")
            #expect(masked.stdout.contains("--form-string 'tok=***'"), "\(masked.stdout)")
            #expect(!masked.stdout.contains("multipart/form-data; boundary"), "\(masked.stdout)")

            let shown = try await AfrunProcess.run(["curl", "replay.json", "--show-secrets"], in: folder.url)
            let command = try #require(shown.stdout.components(separatedBy: "\n\n").first { $0.contains("curl ") })
            let (status, output) = try await Self.shell(command + " 2>/dev/null", in: folder.url)
            #expect(status == 0, "\(command)")
            let echo = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let form = try #require(echo["form"] as? [String: Any], "\(output)")
            #expect(form["note"] as? String == Self.hostile)
            #expect(form["at"] as? String == "@replay.json;type=x")
            #expect(form["tok"] as? String == "FormSecret-42")
            #expect((echo["files"] as? [String: Any])?["doc"] as? String == "file text\n", "\(output)")
        }
    }

    /// Credentials libcurl answers with become curl's own flags: the exported command authenticates as the run
    /// does (digest answers the server's challenge), with the password masked unless shown.
    @Test func authenticationIsExportedAsCurlFlags() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try Self.folder(
                server,
                suite: #"""
                    {"name": "S", "baseURL": "BASE", "variables": {"pw": {"value": "Digest-Pw-77", "secret": true}},
                     "tests": [
                      {"name": "digest", "request": {"url": "digest-auth/auth/ada/Digest-Pw-77",
                       "auth": {"type": "digest", "username": "ada", "password": "{{pw}}"}}, "expect": {"status": 200}},
                      {"name": "bearer", "request": {"url": "bearer", "auth": {"type": "bearer", "token": "{{pw}}"}},
                       "expect": {"status": 200}}]}
                    """#
            )
            defer { folder.remove() }
            let run = try await AfrunProcess.run(["run", "replay.json", "--no-history"], in: folder.url)
            #expect(run.status == 0, "\(run.all)")
            let masked = try await AfrunProcess.run(["curl", "replay.json"], in: folder.url)
            #expect(masked.stdout.contains("--digest -u 'ada:***'"), "\(masked.stdout)")
            #expect(masked.stdout.contains("--oauth2-bearer '***'"), "\(masked.stdout)")
            #expect(!masked.all.contains("Digest-Pw-77"), "\(masked.all)")
            let shown = try await AfrunProcess.run(["curl", "replay.json", "--show-secrets"], in: folder.url)
            let commands = shown.stdout.components(separatedBy: "\n\n").filter { $0.contains("curl ") }
            #expect(commands.count == 2, "\(shown.stdout)")
            for command in commands {
                let (status, output) = try await Self.shell(
                    command + " --fail -s -o /dev/null -w '%{http_code}'",
                    in: folder.url
                )
                #expect(status == 0 && output == "200", "\(command): \(output)")
            }
        }
    }

    @Test func aCaptureBecomesAShellVariableNamingItsTest() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try Self.folder(
                server,
                suite: #"""
                    {"name": "C", "baseURL": "BASE", "tests": [
                      {"name": "create", "request": {"method": "POST", "url": "anything/c", "json": {"id": 7}},
                       "capture": {"user.id": {"json": "$.json.id"}}},
                      {"name": "read", "request": {"url": "anything/users/{{user.id}}"}}]}
                    """#
            )
            defer { folder.remove() }
            let export = try await AfrunProcess.run(["curl", "replay.json", "--filter", "read"], in: folder.url)
            #expect(export.status == 0, "\(export.all)")
            #expect(export.stdout.contains("# user_id=…  (captured as `user.id` by 'create' when the suite runs)"))
            #expect(!export.stdout.contains("# C/create"))
            let command = try #require(export.stdout.components(separatedBy: "\n\n").first)
            let (status, output) = try await Self.shell("user_id=42\n" + command, in: folder.url)
            #expect(status == 0)
            #expect(output.contains(#""url":"\#(server.httpURL.absoluteString)/anything/users/42""#), "\(output)")
        }
    }

    @Test func aCAFileAndAllowInvalidCertificatesReachCurl() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let ca = ExampleRoot.root.appendingPathComponent("fixtures/tls/root-ca.pem").path
            let folder = try Self.folder(
                server,
                suite: #"""
                    {"name": "T", "tests": [
                      {"name": "ca", "request": {"url": "\#(server.httpsURL.absoluteString)/get",
                                                 "tls": {"caFile": "\#(ca)"}}},
                      {"name": "insecure", "request": {"url": "\#(server.url(for: .expired).absoluteString)/get",
                                                       "tls": {"allowInvalidCertificates": true}}}]}
                    """#
            )
            defer { folder.remove() }
            let export = try await AfrunProcess.run(["curl", "replay.json"], in: folder.url)
            #expect(export.status == 0, "\(export.all)")
            let commands = export.stdout.components(separatedBy: "\n\n").filter { $0.contains("curl ") }
            #expect(commands.count == 2)
            #expect(commands.first?.contains("--cacert '\(ca)'") == true, "\(export.stdout)")
            #expect(commands.last?.contains("--insecure") == true)
            for command in commands {
                let (status, output) = try await Self.shell(command, in: folder.url)
                #expect(status == 0, "\(command)")
                #expect(output.contains("\"url\""), "\(output)")
            }
        }
    }

    @Test func nothingSelectedExitsFour() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try Self.folder(server)
            defer { folder.remove() }
            let export = try await AfrunProcess.run(["curl", "replay.json", "--filter", "nothing"], in: folder.url)
            #expect(export.status == 4, "\(export.all)")
        }
    }
}
