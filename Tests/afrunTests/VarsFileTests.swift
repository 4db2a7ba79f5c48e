import FixtureServer
import Foundation
import Testing

/// `--vars-file`: variables per environment from a JSON object or name=value lines, secrets kept
/// out of every output, `--var` stronger than files, bad files named with the place and the fix.
@Suite(.serialized) struct VarsFileTests {
    /// A suite echoing three variables back through the fixture server's /anything.
    static func echoSuite(_ base: String) -> String {
        """
        {"name": "Env", "baseURL": "\(base)", "tests": [
          {"name": "echo", "request": {"url": "anything", "query": {"user": "{{user}}", "limit": "{{limit}}"},
            "headers": {"X-Token": "{{token}}"}},
           "expect": {"status": 200, "json": [{"path": "$.args.user", "equals": "{{expectedUser}}"},
                                              {"path": "$.args.limit", "equals": "10"},
                                              {"path": "$.headers['X-Token']", "equals": "never-this"}]}}
        ]}
        """
    }

    @Test("a JSON vars file feeds templates, and its secrets never reach the output")
    func jsonFile() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.echoSuite(server.httpURL.absoluteString))
            try folder.write(
                "staging.vars.json",
                """
                {"user": "alice", "expectedUser": "alice", "limit": 10,
                 "token": {"value": "FILE-SECRET-TOKEN", "secret": true}}
                """
            )
            // `.vars.json` files are suites to the loader's eyes only when under the suite paths;
            // the run names s.json alone.
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "-v", "--vars-file", "staging.vars.json"],
                in: folder.url
            )
            #expect(output.status == 1, "only the X-Token assertion fails: \(output.all)")
            #expect(output.stdout.contains("0 passed, 1 failed"), "\(output.stdout)")
            #expect(!output.all.contains("FILE-SECRET-TOKEN"), "\(output.all)")
            #expect(output.stdout.contains("***"), "\(output.stdout)")
            #expect(!output.stdout.contains("$.args.user"), "user and limit came from the file: \(output.stdout)")
        }
    }

    @Test("name=value lines; --var wins over the file; later files win over earlier ones")
    func linesAndPrecedence() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.echoSuite(server.httpURL.absoluteString))
            try folder.write("a.env", "# staging\nuser=alice\nlimit=99\n\ntoken=t\nexpectedUser=bob\n")
            try folder.write("b.env", "limit=10\n")
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--vars-file", "a.env", "--vars-file", "b.env", "--var", "user=bob"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            #expect(!output.stdout.contains("$.args.user"), "--var user=bob beat the file: \(output.stdout)")
            #expect(!output.stdout.contains("$.args.limit"), "b.env's limit beat a.env's: \(output.stdout)")
            #expect(output.stdout.contains("X-Token"), "\(output.stdout)")
        }
    }

    @Test("a name marked secret in a file stays secret when --var gives its value")
    func secretStaysSecret() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.echoSuite(server.httpURL.absoluteString))
            try folder.write(
                "v.json",
                #"{"user": "a", "expectedUser": "a", "limit": 10, "token": {"value": "x", "secret": true}}"#
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "-v", "--vars-file", "v.json", "--var", "token=OVERRIDDEN-SECRET"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            #expect(!output.all.contains("OVERRIDDEN-SECRET"), "\(output.all)")
            #expect(output.stdout.contains("***"), "\(output.stdout)")
        }
    }

    @Test(
        ".env conventions: a byte order mark, export, spaces around =, quoted values, Windows line ends",
        arguments: ["\n", "\r\n"]
    )
    func dotEnvConventions(lineEnd: String) async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.echoSuite(server.httpURL.absoluteString))
            try folder.write(
                "v.env",
                ["\u{FEFF}# env", "export user = \"al ice\"", "expectedUser='al ice'", "limit= 10 ", "token=t", ""]
                    .joined(separator: lineEnd)
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--vars-file", "v.env"],
                in: folder.url
            )
            #expect(output.status == 1, "only X-Token fails: \(output.all)")
            #expect(!output.stdout.contains("$.args.user"), "\(output.stdout)")
            #expect(!output.stdout.contains("$.args.limit"), "\(output.stdout)")
            #expect(output.stdout.contains("X-Token"), "\(output.stdout)")
        }
    }

    @Test("a UTF-16 file (PowerShell's default) is named as such, with the fix")
    func utf16File() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        // A byte order mark, then UTF-16 little-endian text.
        let bytes = Data([0xFF, 0xFE]) + "a=1\r\n".data(using: .utf16LittleEndian)!
        try bytes.write(to: folder.url.appendingPathComponent("wide.env"))
        let output = try await AfrunProcess.run(
            ["run", "s.json", "--no-history", "--vars-file", "wide.env"],
            in: folder.url
        )
        #expect(output.status == 64, "\(output.all)")
        #expect(
            output.stderr.contains(
                "wide.env: not UTF-8 text (UTF-16, as PowerShell writes by default: save it as UTF-8)"
            )
        )
    }

    @Test("validate knows the file's names: no undefined-variable error")
    func validateUsesTheFile() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("s.json", Self.echoSuite("http://127.0.0.1:9/"))
        try folder.write("v.env", "user=a\nlimit=1\ntoken=t\nexpectedUser=a\n")
        let without = try await AfrunProcess.run(["validate", "s.json"], in: folder.url)
        #expect(without.status == 2, "\(without.all)")
        let with = try await AfrunProcess.run(["validate", "s.json", "--vars-file", "v.env"], in: folder.url)
        #expect(with.status == 0, "\(with.all)")
    }

    @Test(
        "a bad vars file is a usage error naming the file, the place and the fix",
        arguments: [
            ("missing.env", nil, "--vars-file missing.env: cannot read the file"),
            ("bad.json", "{\"a\": 1,\n \"b\": }", "bad.json:2:7: invalid JSON:"),
            ("array.json", "\n [{\"a\": 1}]", "array.json:2: a JSON array: write a JSON object of variables"),
            ("list.json", "{\"a\": [1, 2]}", "list.json: variable `a` is an array: write a string, number or boolean"),
            ("odd.json", "{\"a\": {\"value\": \"x\", \"secrett\": true}}", "odd.json: variable `a`: write a string"),
            ("lines.env", "a=1\nno equals sign here\n", "lines.env:2: expected name=value"),
            ("crlf.env", "a=1\r\nno equals sign here\r\n", "crlf.env:2: expected name=value"),
            ("crlf.json", "\r\n\r\n [1]", "crlf.json:3: a JSON array"),
            (
                "twice.json", "{\"pw\": \"x\",\n \"pw\": \"y\"}",
                "twice.json:2:2: `pw` is written twice (first on line 1)"
            ),
        ] as [(String, String?, String)]
    )
    func badFiles(name: String, content: String?, message: String) async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        if let content { try folder.write(name, content) }
        let output = try await AfrunProcess.run(["run", "s.json", "--no-history", "--vars-file", name], in: folder.url)
        #expect(output.status == 64, "\(output.all)")
        #expect(output.stderr.contains("error: " + message), "\(output.stderr)")
        #expect(!output.stderr.contains("Usage:"), "a file's problem is not a command line one: \(output.stderr)")
        #expect(!output.stderr.contains("no equals sign here"), "a line is not echoed: it may hold a secret")
    }

    @Test("validate and curl say what is wrong with a vars file, a binary one too, without the usage lines")
    func badFileInEveryCommand() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        try Data([0x1F, 0x8B, 0x08, 0x00, 0xFF, 0x3D, 0x0A]).write(to: folder.url.appendingPathComponent("v.env.gz"))
        for command in ["validate", "curl"] {
            let output = try await AfrunProcess.run([command, "s.json", "--vars-file", "v.env.gz"], in: folder.url)
            #expect(output.status == 64, "\(command): \(output.all)")
            #expect(
                output.stderr == "error: v.env.gz: not UTF-8 text: write a JSON object of variables "
                    + "({\"name\": \"value\"}) or name=value lines\n",
                "\(command): \(output.stderr)"
            )
        }
    }
}
