import Foundation
import Testing

@testable import AFSuite

/// `{"$ref": "file.json#/pointer"}` where a test, a request, an expectation, `variables` or `defaults` stands:
/// the value is read from the other file, and a problem in it is reported there, with the chain of `$ref`s.
struct ReferenceDecodingTests {
    static let fragment = """
        {
          "vars": {"user": "ann"},
          "login": {"method": "POST", "url": "/post", "json": {"user": "{{user}}"}},
          "ok": {"status": 200},
          "test": {"name": "shared", "request": {"$ref": "#/login"}, "expect": {"$ref": "#/ok"}},
          "bad": {"name": "bad", "request": {"url": "/get", "mthod": "GET"}},
          "loopA": {"$ref": "#/loopB"},
          "loopB": {"$ref": "auth.json#/loopA"}
        }
        """

    /// Loads `suite` as `s/a.json` beside `s/_shared/auth.json` (``fragment``) through the folder walk.
    static func load(_ suite: String) throws -> SuiteLoader.Result {
        try withTemporaryFolder { folder in
            try folder.write(fragment, to: "s/_shared/auth.json")
            try folder.write(suite, to: "s/a.json")
            return SuiteLoader(environment: [:]).load(paths: [folder.appendingPathComponent("s").path])
        }
    }

    static func suite(tests: String, extra: String = "") -> String {
        #"{"baseURL": "http://localhost:1", \#(extra) "tests": [\#(tests)]}"#
    }

    static func diagnostics(_ result: SuiteLoader.Result) -> [SuiteDiagnostic] {
        result.errors.compactMap { if case .invalid(let d) = $0 { d } else { nil } }
    }

    @Test func testsRequestsExpectationsAndVariablesComeFromTheFragment() throws {
        let result = try Self.load(
            Self.suite(
                tests: #"""
                    {"$ref": "_shared/auth.json#/test"},
                    {"name": "own", "request": {"$ref": "_shared/auth.json#/login"},
                     "expect": {"$ref": "_shared/auth.json#/ok"}}
                    """#,
                extra: #""variables": {"$ref": "_shared/auth.json#/vars"},"#
            )
        )
        // The `_shared` folder is not read as a suite of its own.
        #expect(result.files.count == 1)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let suite = try #require(result.suites.first)
        #expect(suite.variables.map(\.name) == ["user"])
        #expect(suite.tests.map(\.name) == ["shared", "own"])
        #expect(suite.tests.allSatisfy { $0.request.method == "POST" && $0.request.url == "/post" })
        #expect(suite.tests.allSatisfy { $0.expect.status == [.code(200)] })
        // A test read from the fragment is placed there (results and annotations point at its text).
        #expect(suite.tests[0].location.file.hasSuffix("s/_shared/auth.json"))
        #expect(suite.tests[0].location.line == 5)
        #expect(suite.tests[0].location.references.map(\.line) == [1])
        #expect(suite.fragmentFiles.map(\.lastPathComponent) == ["auth.json"])
    }

    @Test func aProblemInTheFragmentIsReportedThereWithTheChain() throws {
        let text = Self.suite(tests: #"{"$ref": "_shared/auth.json#/bad"}"#)
        let result = try Self.load(text)
        let d = try #require(Self.diagnostics(result).first)
        guard case .unknownKey("mthod", "method", _) = d.reason else {
            Issue.record("\(d)")
            return
        }
        let place = try #require(position(of: "\"mthod\"", in: Self.fragment))
        #expect(d.location.file.hasSuffix("s/_shared/auth.json"))
        #expect((d.location.line, d.location.column) == place)
        #expect(d.location.pointer == "/bad/request/mthod")
        let via = try #require(d.location.references.first)
        #expect(via.file.hasSuffix("s/a.json"))
        let refPlace = try #require(position(of: "\"_shared", in: text))
        #expect((via.line, via.column) == refPlace)
        #expect(d.description.contains("referenced from: \(via)"))
        #expect(SuiteError.invalid(d).rendered().contains("= referenced from \(via)"))
    }

    @Test func aCycleIsAnErrorNamingEachStep() throws {
        let result = try Self.load(Self.suite(tests: #"{"$ref": "_shared/auth.json#/loopA"}"#))
        let d = try #require(Self.diagnostics(result).first)
        guard case .referenceCycle(let chain) = d.reason else {
            Issue.record("\(d)")
            return
        }
        #expect(chain.map { $0.split(separator: "#").last.map(String.init) } == ["/loopA", "/loopB", "/loopA"])
        #expect(d.location.file.hasSuffix("_shared/auth.json"))
        #expect(d.location.line == 8)
        #expect(d.location.references.count == 2)
    }

    @Test(arguments: [
        (#"{"$ref": "_shared/auth.json#/nope"}"#, "which"),
        (#"{"$ref": "_shared/missing.json#/x"}"#, "does not exist"),
        (#"{"$ref": "/dev/zero#/x"}"#, "character device"),
        (#"{"$ref": "_shared/auth.json#login"}"#, "not a JSON Pointer"),
        (#"{"$ref": "_shared/auth.json#/test", "name": "x"}"#, "unknown key"),
        (#"{"$ref": 3}"#, "expected a string"),
    ])
    func unusableReferencesAreReportedAtTheRef(ref: String, words: String) throws {
        let result = try Self.load(Self.suite(tests: ref))
        let d = try #require(Self.diagnostics(result).first)
        #expect(d.message.contains(words), "\(d)")
        #expect(d.location.file.hasSuffix("s/a.json"))
        #expect(d.location.line == 1)
        #expect(result.suites.isEmpty)
    }

    @Test func aVariableUndefinedWhereTheFragmentIsUsedIsReportedInTheFragment() throws {
        let result = try Self.load(Self.suite(tests: #"{"$ref": "_shared/auth.json#/test"}"#))
        let d = try #require(Self.diagnostics(result).first)
        #expect(d.reason == .undefinedVariable(name: "user", note: nil))
        #expect(d.location.file.hasSuffix("_shared/auth.json"))
        #expect(d.location.line == 3)
        // Through the test's `$ref`, then the request's own.
        #expect(d.location.references.map(\.line) == [1, 5])
    }

    @Test func aFragmentUsedTwiceWithOneProblemReportsItOnce() throws {
        let result = try Self.load(
            Self.suite(tests: #"{"$ref": "_shared/auth.json#/bad"}, {"$ref": "_shared/auth.json#/bad"}"#)
        )
        #expect(Self.diagnostics(result).filter { $0.code == "unknown-key" }.count == 1)
    }

    @Test func pathsAreShownAsTheWalkWouldFindThem() {
        #expect(SuiteDecoder.joinedPath("suites/flow/a.json", "../_shared/x.json") == "suites/_shared/x.json")
        #expect(SuiteDecoder.joinedPath("a.json", "./x.json") == "x.json")
        #expect(SuiteDecoder.joinedPath("a.json", "../x.json") == "../x.json")
        #expect(SuiteDecoder.joinedPath("s/a.json", "/abs/x.json") == "/abs/x.json")
    }
}
