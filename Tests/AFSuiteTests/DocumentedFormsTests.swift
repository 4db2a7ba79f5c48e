import Testing

@testable import AFSuite

/// Forms docs/suite-format.md documents that the decoder used to refuse.
struct DocumentedFormsTests {
    @Test func sha256MayBeATemplate() throws {
        let json = #"""
            {"baseURL": "http://h", "variables": {"digest": "abc"},
             "tests": [{"name": "t", "request": {"url": "/u"}, "expect": {"body": {"sha256": "{{digest}}"}}}]}
            """#
        let suite = try load(json).get()
        #expect(suite.tests[0].expect.body?.sha256 == "{{digest}}")
    }

    @Test func undefinedSha256TemplateIsReported() throws {
        let codes = diagnostics(
            suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"body": {"sha256": "{{nope}}"}}}"#)
        )
        #expect(codes.count == 1)
        #expect(codes.first?.message.contains("undefined variable `nope`") == true)
    }

    @Test func certificateSANAsAPlainArrayMeansEquals() throws {
        let json = suite(
            #"{"name": "t", "request": {"url": "https://h/u"}, "expect": {"certificate": {"san": ["DNS:localhost", "IP:127.0.0.1"]}}}"#
        )
        let suite = try load(json).get()
        let san = try #require(suite.tests[0].expect.certificate?.san)
        #expect(san.predicates == [.equals(.array([.string("DNS:localhost"), .string("IP:127.0.0.1")]))])
    }

    @Test func statusFromADataRowTemplate() throws {
        let json = suite(
            #"""
            {"name": "get {{path}}", "each": [{"path": "a", "code": "200"}, {"path": "b", "code": "4xx"}],
               "request": {"url": "/{{path}}"}, "expect": {"status": "{{code}}"}}
            """#
        )
        let suite = try load(json).get()
        #expect(suite.tests.map(\.expect.status) == [[.template("{{code}}")], [.template("{{code}}")]])
    }

    @Test func statusTemplateIsCheckedLikeOthers() throws {
        let undefined = diagnostics(
            suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"status": "{{code}}"}}"#)
        )
        #expect(undefined.map(\.description).joined().contains("undefined variable `code`"))
        let literal = diagnostics(suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"status": "20x"}}"#))
        #expect(literal.first?.description.contains("not a status expectation") == true)
    }

    @Test func statusMatcherParses() {
        #expect(StatusMatcher(parsing: " 2XX ") == .statusClass(2))
        #expect(StatusMatcher(parsing: "201") == .code(201))
        #expect(StatusMatcher(parsing: "200-204") == .range(200...204))
        #expect(StatusMatcher(parsing: "600") == nil)
    }
}
