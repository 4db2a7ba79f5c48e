import AFSuite
import Testing

/// `Expectations` and `RequestSpec` keep the parts few tests write in one shared box; they must still
/// behave as values: a copy changes alone, and a part set back to its default reads as the default.
@Suite struct ExpectationExtrasTests {
    @Test func anExpectationsCopyChangesAlone() {
        var original = Expectations(status: [.code(200)])
        original.error = "timedOut"
        original.cookies = [CookieAssertion(name: "session")]
        var copy = original
        copy.error = nil
        copy.certificate = CertificateExpectation(expiresInDays: PredicateSet([.greaterThan(.string("30"))]))
        copy.httpVersion = PredicateSet([.equals(.string("2"))])
        copy.xpathNamespaces = ["_": "urn:books"]
        copy.tls = .rejected(reason: "pinMismatch")
        copy.cookies.append(CookieAssertion(name: "csrf"))
        #expect(original.error == "timedOut")
        #expect(original.certificate == nil)
        #expect(original.httpVersion == nil)
        #expect(original.xpathNamespaces.isEmpty)
        #expect(original.tls == .trusted)
        #expect(original.cookies.map(\.name) == ["session"])
        #expect(copy.error == nil)
        #expect(copy.certificate?.expiresInDays == PredicateSet([.greaterThan(.string("30"))]))
        #expect(copy.httpVersion == PredicateSet([.equals(.string("2"))]))
        #expect(copy.xpathNamespaces == ["_": "urn:books"])
        #expect(copy.tls == .rejected(reason: "pinMismatch"))
        #expect(copy.cookies.map(\.name) == ["session", "csrf"])
        #expect(copy.status == [.code(200)])
    }

    @Test func partsSetBackToTheirDefaultsReadAsDefaults() {
        var expect = Expectations()
        expect.url = PredicateSet([.contains(.string("/done"))])
        expect.duration = [DurationAssertion(phase: .totalMs, predicates: PredicateSet([.lessThan(.string("500"))]))]
        expect.url = nil
        expect.duration = []
        #expect(expect.url == nil)
        #expect(expect.duration.isEmpty)
        #expect(expect.redirects == nil && expect.openapi == nil && expect.schema == nil && expect.captures.isEmpty)
    }

    @Test func aRequestSpecCopyChangesAlone() {
        var original = RequestSpec(url: "users/1", timeout: 5)
        original.basicAuth = BasicAuthSpec(username: "ada", password: "{{pw}}")
        var copy = original
        copy.timeout = nil
        copy.followRedirects = false
        copy.maxBodyBytes = 1024
        copy.settings.httpVersion = .http2
        copy.basicAuth = nil
        copy.auth = .bearer(token: "{{token}}")
        #expect(original.timeout == 5)
        #expect(original.followRedirects == nil)
        #expect(original.maxBodyBytes == nil)
        #expect(original.settings == RequestSettings())
        #expect(original.basicAuth == BasicAuthSpec(username: "ada", password: "{{pw}}"))
        #expect(original.auth == nil)
        #expect(copy.timeout == nil)
        #expect(copy.followRedirects == false)
        #expect(copy.maxBodyBytes == 1024)
        #expect(copy.settings.httpVersion == .http2)
        #expect(copy.basicAuth == nil)
        #expect(copy.auth == .bearer(token: "{{token}}"))
        #expect(copy.url == "users/1")
    }
}
