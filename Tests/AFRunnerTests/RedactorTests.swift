import Foundation
import Testing

@testable import AFRunner

@Test func secretValuesAreReplacedEverywhere() {
    let redactor = Redactor(secretValues: ["s3cr3t-token"])
    #expect(redactor.redact("Bearer s3cr3t-token and s3cr3t-token") == "Bearer *** and ***")
    #expect(redactor.redact("nothing here") == "nothing here")
}

@Test func longerSecretsAreReplacedFirst() {
    let redactor = Redactor(secretValues: ["abc", "abcdef"])
    #expect(redactor.redact("x abcdef y") == "x *** y")
}

@Test(arguments: [
    "Authorization", "proxy-authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Vault-Token", "X-Session-Id",
    "Signature",
])
func sensitiveHeadersAreHidden(name: String) {
    #expect(Redactor().redactHeader(name: name, value: "Bearer abc") == "***")
}

@Test func ordinaryHeadersKeepTheirValueButNotSecrets() {
    let redactor = Redactor(secretValues: ["hunter2"])
    #expect(redactor.redactHeader(name: "Accept", value: "application/json") == "application/json")
    #expect(redactor.redactHeader(name: "X-Note", value: "pw=hunter2") == "pw=***")
}

@Test func credentialQueryParametersAreHidden() {
    let url = "https://h/a?user=alice&api_key=K1&access_token=T2&Password=p&page=2#frag"
    #expect(Redactor().redactURL(url) == "https://h/a?user=alice&api_key=***&access_token=***&Password=***&page=2#frag")
}

@Test func aWholeResultIsRedacted() throws {
    let redactor = Redactor(secretValues: ["TOPSECRET"])
    let result = TestResult(
        identity: TestIdentity(suiteFile: "s.json", suiteName: "S", testName: "t"),
        line: 1,
        status: .failed,
        assertions: [
            AssertionResult(
                kind: "json",
                target: "$.token",
                predicate: "equals",
                expected: "\"x\"",
                actual: "\"TOPSECRET\"",
                passed: false,
                message: "$.token: expected \"x\", got \"TOPSECRET\""
            )
        ],
        error: TestErrorInfo(kind: "transport", message: "failed for https://h/?token=abc"),
        request: RequestSummary(
            method: "GET",
            url: "https://h/x?key=zzz&q=TOPSECRET",
            headers: [
                HeaderField(name: "Authorization", value: "Bearer TOPSECRET"),
                HeaderField(name: "X-Trace", value: "TOPSECRET"),
            ],
            bodyExcerpt: "{\"pw\":\"TOPSECRET\"}"
        ),
        response: ResponseSummary(
            status: 200,
            httpVersion: "HTTP/1.1",
            headers: [HeaderField(name: "Set-Cookie", value: "sid=1")],
            bodyExcerpt: "echo TOPSECRET",
            bodyBytes: 14
        ),
        captures: ["sid": "s-1", "plain": "TOPSECRET"]
    )
    let redacted = redactor.redact(result, secretCaptures: ["sid"])
    let encoded = String(decoding: try JSONEncoder().encode(redacted), as: UTF8.self)
    #expect(!encoded.contains("TOPSECRET"))
    #expect(!encoded.contains("zzz"))
    #expect(!encoded.contains("token=abc"))
    #expect(!encoded.contains("sid=1"))
    #expect(!encoded.contains("s-1"))
    #expect(redacted.request?.url == "https://h/x?key=***&q=***")
    #expect(redacted.assertions.first?.message == "$.token: expected \"x\", got \"***\"")
}

@Test func sensitiveHeaderAssertionsHideBothSides() {
    let result = TestResult(
        identity: TestIdentity(suiteFile: "s.json", suiteName: "S", testName: "t"),
        line: 1,
        status: .failed,
        assertions: [
            AssertionResult(
                kind: "header",
                target: "Set-Cookie",
                predicate: "equals",
                expected: "\"a\"",
                actual: "\"session=xyz\"",
                passed: false,
                message: "Set-Cookie: expected \"a\", got \"session=xyz\""
            )
        ]
    )
    let redacted = Redactor().redact(result)
    #expect(redacted.assertions[0].actual == "***")
    #expect(!redacted.assertions[0].message.contains("xyz"))
}

@Test func aSecretCutByShorteningIsHiddenToo() {
    let redactor = Redactor(secretValues: ["SUPER-SECRET-VALUE"])
    #expect(redactor.redact("got \"Bearer SUPER-SE…") == "got \"Bearer ***…")
    #expect(redactor.redact("ends with SU…") == "ends with SU…")
    #expect(Redactor().redact("nothing SUPER-SE…") == "nothing SUPER-SE…")
}

@Test func urlsWithoutCredentialNamesStayAsTheyAre() {
    let redactor = Redactor()
    #expect(redactor.redactURL("http://h/item.json?i=1&b=%20") == "http://h/item.json?i=1&b=%20")
    #expect(redactor.redactURL("http://h/x?i=1&Api%4Bey=v") == "http://h/x?i=1&ApiKey=***")
    #expect(redactor.redactURL("http://h/x?MyToken=v#f") == "http://h/x?MyToken=***#f")
}

/// The names the redactor passes without the sensitive-name scan must be ones the scan passes too,
/// and a sensitive header among them is still hidden.
@Test func commonPlainHeadersAreNeverSensitive() {
    for name in Redactor.commonPlainHeaders {
        #expect(!SinkRedactor.isSecretName(name), "\(name)")
    }
    let fields = [
        HeaderField(name: "Content-Type", value: "text/plain"), HeaderField(name: "Authorization", value: "Bearer x"),
    ]
    #expect(Redactor.headers(fields, SecretSet()).map(\.value) == ["text/plain", "***"])
    let result = Redactor().redact(
        TestResult(
            identity: TestIdentity(suiteFile: "s.json", suiteName: "S", testName: "t"),
            line: 1,
            status: .passed,
            request: RequestSummary(
                method: "GET",
                url: "http://h/x?api_key=k",
                headers: [HeaderField(name: "X-Api-Key", value: "k")]
            ),
            response: ResponseSummary(
                status: 200,
                httpVersion: "HTTP/1.1",
                headers: fields,
                bodyExcerpt: "{}",
                bodyBytes: 2
            )
        )
    )
    #expect(result.request?.url == "http://h/x?api_key=***")
    #expect(result.request?.headers.map(\.value) == ["***"])
    #expect(result.response?.headers.map(\.value) == ["text/plain", "***"])
    #expect(result.response?.bodyExcerpt == "{}")
}

/// `urlIsPlain` lets both redactors skip a URL: it must say so only when neither could change it.
@Test(arguments: [
    ("http://127.0.0.1:8080/item.json?i=999", true),
    ("https://h/a/b", true),
    ("https://h/auth/login?page=2", true),
    ("", true),
    ("https://user:pw@h/x", false),
    ("https://h/x?access_token=1", false),
    ("https://h/x?KEY=1", false),
    ("https://h/x?sessionid=1", false),
    ("https://h/x?a=%41", false),
    ("https://h/x?naïve=1", false),
    ("https://h/x#f?token=1", false),
])
func urlIsPlainOnlyWhenNoRuleApplies(url: String, plain: Bool) {
    #expect(SinkRedactor.urlIsPlain(url) == plain)
    if plain {
        #expect(SinkRedactor.url(url) == url)
        #expect(Redactor().redactURL(url) == url)
    }
}
