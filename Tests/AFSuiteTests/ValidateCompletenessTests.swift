import Foundation
import Testing

@testable import AFSuite

/// `validate` catches at load time what used to fail only at run time, reports each mistake once and all
/// of them in one pass, and names the real cause.
struct ValidateCompletenessTests {
    /// Every diagnostic of a suite that must not load, as (code, line, column, message).
    private func problems(_ json: String) -> [SuiteDiagnostic] {
        diagnostics(json).compactMap { if case .invalid(let d) = $0 { d } else { nil } }
    }

    private func test(expect: String) -> String {
        suite(#"{"name": "t", "request": {"url": "/u"}, "expect": "# + expect + "}")
    }

    /// Invalid XPath is found by compiling it, with the place of the mistake inside the string.
    static let badXPath: [(expression: String, offset: Int)] = [
        ("//slide[", 8), ("count(", 6), ("//a[@x='1]", 10), ("foo(1)", 6), ("$x", 2), ("p:a", 3),
    ]

    @Test(arguments: badXPath)
    func invalidXPathIsReportedWithItsColumn(expression: String, offset: Int) throws {
        let json = test(expect: #"{"xpath": [{"path": "\#(expression)", "exists": true}]}"#)
        let found = problems(json)
        let d = try #require(found.first { $0.code == "invalid-xpath" }, "\(found)")
        let start = try #require(position(of: "\"\(expression)\"", in: json))
        #expect(d.location.line == start.line)
        // The caret points at the string, or into it where libxml2 stopped (a syntax error).
        #expect(d.location.column >= start.column && d.location.column <= start.column + 1 + offset, "\(d)")
        #expect(d.message.contains("invalid XPath `\(expression)`"))
        #expect(d.fix?.contains("XPath 1.0") == true)
        #expect(found.count == 1)
    }

    @Test func misspeltRequiredKeyIsReportedOnceAsUnknownWithTheKeyItMeans() throws {
        let json = suite(
            #"{"name": "t", "request": {"url": "/u", "basicAuth": {"user": "u", "password": "p"}}}"#
        )
        let found = problems(json)
        #expect(found.map(\.code) == ["unknown-key"], "\(found)")
        let d = try #require(found.first)
        #expect(d.message == "unknown key `user` in `basicAuth`")
        #expect(d.fix == "did you mean `username`?")
        #expect(d.location.pointer == "/tests/0/request/basicAuth/user")
    }

    @Test func misspeltCaptureIsReportedOnceNotAgainWhereItsNamesAreUsed() throws {
        let json = suite(
            #"{"name": "a", "request": {"url": "/u"}, "captures": {"id": {"path": "$.id"}}},"#
                + #"{"name": "b", "request": {"url": "/u/{{id}}"}}"#
        )
        let found = problems(json)
        #expect(found.map(\.code) == ["unknown-key"], "\(found)")
        #expect(found.first?.fix == "did you mean `capture`?")
    }

    @Test func unrelatedUnknownKeyLeavesTheRequiredKeyMissing() throws {
        let found = problems(
            suite(#"{"name": "t", "request": {"url": "/u", "basicAuth": {"login": "u", "password": "p"}}}"#)
        )
        #expect(Set(found.map(\.code)) == ["unknown-key", "missing-key"], "\(found)")
        #expect(found.contains { $0.message == "missing `username` in `basicAuth`" }, "\(found)")
    }

    @Test func validXPathLoads() throws {
        let json = test(
            expect: #"{"xpath": [{"path": "count(//li)", "equals": 3}, {"path": "//a/@href", "exists": true}]}"#
        )
        #expect(problems(json).isEmpty)
    }

    @Test func namespacePrefixesNeedDeclaring() {
        #expect(XPathSyntax.problem(in: "//soap:Body")?.message == "undefined namespace prefix")
        #expect(
            XPathSyntax.problem(in: "//soap:Body", namespaces: ["soap": "http://schemas.xmlsoap.org/soap/envelope/"])
                == nil
        )
    }

    /// Templates in expectation operands are checked as a request's are, at their column.
    static let badTemplates: [(expect: String, marker: String, code: String)] = [
        (#"{"json": [{"path": "$.a", "equals": "{{bad name}}"}]}"#, "{{bad name}}", "invalid-template"),
        (#"{"json": [{"path": "$.a", "contains": "x{{unclosed"}]}"#, "{{unclosed", "invalid-template"),
        (#"{"headers": {"X": "{{}}"}}"#, "{{}}", "invalid-template"),
        (#"{"headers": {"X": {"oneOf": ["a", "{{nope}}"]}}}"#, "{{nope}}", "undefined-variable"),
        (#"{"body": {"equals": "{{missing}}"}}"#, "{{missing}}", "undefined-variable"),
        (#"{"certificate": {"subject": "CN={{who}}"}}"#, "{{who}}", "undefined-variable"),
    ]

    @Test(arguments: badTemplates)
    func templatesInExpectationsAreChecked(expect: String, marker: String, code: String) throws {
        let json = test(expect: expect)
        let found = problems(json)
        let d = try #require(found.first { $0.code == code }, "\(found)")
        let at = try #require(position(of: marker, in: json))
        #expect((d.location.line, d.location.column) == (at.line, at.column), "\(d)")
        #expect(found.count == 1, "\(found)")
    }

    @Test func duplicateNameIsReportedWhenOneDuplicateHasAnotherError() throws {
        let json = suite(
            #"""
            {"name": "same", "request": {"url": "/a"}},
              {"name": "same", "request": {"method": "GET"}}
            """#
        )
        // The second test has no `url`, so it decodes to nothing: its name still counts.
        let codes = problems(json).map(\.code)
        #expect(codes.sorted() == ["duplicate-test", "missing-key"], "\(codes)")
    }

    @Test func misspeltPredicateIsReportedOnce() throws {
        for expect in [
            #"{"json": [{"path": "$.a", "equal": 1}]}"#, #"{"headers": {"X": {"equal": "1"}}}"#,
            #"{"body": {"contain": "x"}}"#,
        ] {
            let found = problems(test(expect: expect))
            #expect(found.map(\.code) == ["unknown-key"], "\(expect): \(found)")
        }
    }

    @Test func malformedPinIsNotAlsoMissing() throws {
        let request =
            #"{"name": "t", "request": {"url": "https://h/u", "tls": {"pinning": "publicKey", "pinnedPublicKeys": ["sha256//short"]}}}"#
        #expect(problems(suite(request)).map(\.code) == ["out-of-range"])
        let defaults = #"""
            {"baseURL": "https://h", "defaults": {"tls": {"pinning": "publicKey", "pinnedPublicKeys": "sha256//x"}},
             "tests": [{"name": "t", "request": {"url": "/u"}}]}
            """#
        #expect(problems(defaults).map(\.code) == ["out-of-range"])
    }

    @Test func hugeIntegerIsOutOfRangeNotNotAnInteger() throws {
        for literal in ["99999999999999999999999999999", "3000000000", "1e400"] {
            let json = suite(#"{"name": "t", "request": {"url": "/u"}, "retry": {"count": \#(literal)}}"#)
            let d = try #require(problems(json).first)
            #expect(d.code == "out-of-range", "\(d)")
            #expect(d.message.contains("`count` is \(literal)"), "\(d.message)")
            #expect(!d.message.contains("not an integer"))
        }
        let fraction = try #require(
            problems(suite(#"{"name": "t", "request": {"url": "/u"}, "retry": {"count": 1.5}}"#)).first
        )
        #expect(fraction.message.contains("not an integer"))
    }

    /// Only http and https are sent, with or without a `baseURL`.
    static let otherSchemes = ["file:///etc/passwd", "ftp://example.com/x", "FILE:/etc/hosts", "gopher://h/"]

    @Test(arguments: otherSchemes)
    func otherSchemesAreRejected(url: String) throws {
        for base in [#""baseURL": "http://h", "#, ""] {
            let json = #"{\#(base)"tests": [{"name": "t", "request": {"url": "\#(url)"}}]}"#
            let found = problems(json)
            let d = try #require(found.first, "\(json)")
            #expect(found.count == 1)
            #expect(d.code == "unsupported-scheme")
            #expect(d.message.contains("only http and https"))
            #expect(d.message.contains("`\(url.prefix { $0 != ":" }.lowercased())` scheme"))
        }
        let base = try #require(problems(#"{"baseURL": "\#(url)", "tests": []}"#).first)
        #expect(base.code == "unsupported-scheme")
    }

    @Test func hostAndPortIsNotAScheme() throws {
        let found = problems(#"{"tests": [{"name": "t", "request": {"url": "localhost:8080/x"}}]}"#)
        #expect(found.map(\.code) == ["invalid-url"])
    }

    @Test func schemaFromAPipeIsNamedAsOne() throws {
        try withTemporaryFolder { folder in
            let fifo = folder.appendingPathComponent("schema.json")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            // Not opened: a read would wait for ever for a writer.
            #expect {
                try SchemaFileLoader.read(fifo.path)
            } throws: { error in
                (error as? SchemaFileLoader.Failure)?.reason.contains("not a regular file (a pipe or a device)") == true
            }
        }
    }

    @Test func fifoAndDevicesAreNotRegularFiles() throws {
        try withTemporaryFolder { folder in
            let fifo = folder.appendingPathComponent("pipe.json")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("zero.json"),
                withDestinationURL: URL(fileURLWithPath: "/dev/zero")
            )
            // Walking the folder and naming the files both stop at the file type: nothing is opened (a read
            // of the FIFO would block this test for ever, one of /dev/zero would never end).
            for paths in [[folder.path], [fifo.path, folder.appendingPathComponent("zero.json").path]] {
                let result = SuiteLoader(environment: [:]).load(paths: paths)
                let reasons = result.errors.compactMap {
                    if case .unreadable(_, let reason) = $0 { reason } else { nil }
                }
                #expect(reasons.count == 2, "\(result.errors)")
                #expect(reasons.contains("not a regular file: it is a FIFO (named pipe)"))
                #expect(reasons.contains("not a regular file: it is a character device"))
            }
        }
    }

    @Test func dataFileThatIsAFIFOIsNotRead() throws {
        try withTemporaryFolder { folder in
            #expect(mkfifo(folder.appendingPathComponent("rows.json").path, 0o600) == 0)
            let json = suite(#"{"name": "t", "each": "rows.json", "request": {"url": "/u"}}"#)
            let found = diagnostics(json, folder: folder).compactMap { if case .invalid(let d) = $0 { d } else { nil } }
            #expect(found.map(\.code) == ["invalid-data"])
            #expect(found.first?.message.contains("not a regular file") == true)
        }
    }
}
