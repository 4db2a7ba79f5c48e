import Foundation
import Testing

@testable import AFRunner

/// Forms of a secret, the short-value rule and the scope of a suite's secrets, as values.
@Suite struct SecretFormsTests {
    @Test func everyEncodingIsAForm() {
        let forms = SecretForms.of("tok+en/AB== x")
        for form in [
            "tok+en/AB== x", "tok%2Ben/AB%3D%3D%20x", "tok%2ben/AB%3d%3d%20x", "tok%2Ben%2FAB%3D%3D%20x",
            "tok%2Ben%2FAB%3D%3D+x",
            "tok%2ben%2fAB%3d%3d+x", #"tok+en\/AB== x"#,
        ] {
            #expect(forms.contains(form), "\(form)")
        }
        #expect(SecretForms.of(#"a"b\c"#).contains(#"a\"b\\c"#))
        let basic = SecretForms.basicAuth(username: "admin", password: "s3cret")
        #expect(basic.contains("YWRtaW46czNjcmV0"))
        #expect(basic.contains("Basic YWRtaW46czNjcmV0"))
    }

    @Test func echoServersFormsAreForms() {
        let forms = SecretForms.of("pä?s&w <d>😀")
        for form in [
            #"p\u00e4?s&w <d>\ud83d\ude00"#, #"p\u00E4?s&w <d>\uD83D\uDE00"#, #"pä?s\u0026w \u003cd\u003e😀"#,
            "p%C3%A4?s&w%20%3Cd%3E%F0%9F%98%80", "pä?s%26w%20<d>😀", "pä%3Fs&w%20<d>😀",
            "pÃ¤?s&w <d>\u{F0}\u{9F}\u{98}\u{80}", #"p\\u00e4?s&w <d>\\ud83d\\ude00"#,
        ] {
            #expect(forms.contains(form), "\(form)")
        }
        // Latin-1 bytes read as UTF-8, while enough is left to tell it apart.
        #expect(SecretForms.of("pässwörd").contains("p\u{FFFD}ssw\u{FFFD}rd"))
        #expect(!SecretForms.of("äöü-x").contains("\u{FFFD}\u{FFFD}\u{FFFD}-x"))
    }

    @Test(arguments: [
        ("teapot expected", "teapot expected"),
        ("a=p&b=1", "a=***&b=1"),
        ("sid=p; Path=/", "sid=***; Path=/"),
        (#"{"password":"p","pp":"p2"}"#, #"{"password":"***","pp":"p2"}"#),
        (#"{"p": 1}"#, #"{"p": 1}"#),
        ("--b\r\n\r\np\r\n--b--", "--b\r\n\r\n***\r\n--b--"),
        ("X-Token: p", "X-Token: ***"),
        ("got p", "got p"),
    ])
    func shortValuesOnlyAsWholeFields(text: String, expected: String) {
        #expect(Redactor(secretValues: ["p"]).current.text(text) == expected)
    }

    @Test func aShortValueIsAWholeFieldValue() {
        let set = Redactor(secretValues: ["pas"]).current
        #expect(set.field("pas") == "***")
        #expect(set.field("\"pas\"") == "\"***\"")
        #expect(set.field("passage") == "passage")
    }

    @Test func aSuitesSecretsStayInItsScope() {
        let run = Redactor(secretValues: ["run-wide-1"])
        let first = run.scoped()
        let second = run.scoped()
        first.addSecrets(["suite-only-2"])
        #expect(first.redact("run-wide-1 suite-only-2") == "*** ***")
        #expect(second.redact("run-wide-1 suite-only-2") == "*** suite-only-2")
        #expect(run.redact("suite-only-2") == "suite-only-2")
    }

    @Test func aBearerTokenAndABasicCredentialFromHeadersAreLearned() {
        let redactor = Redactor()
        redactor.addHeaderValue("Bearer tok-12345")
        redactor.addHeaderValue("Basic " + Data("user:pw-67890".utf8).base64EncodedString())
        #expect(
            redactor.redact(#"{"args": {"t": "tok-12345", "p": "pw-67890"}}"#) == #"{"args": {"t": "***", "p": "***"}}"#
        )
    }

    @Test func identitiesAndPathsAreNeverMasked() {
        let redactor = Redactor(secretValues: ["token", "p"])
        let result = TestResult(
            identity: TestIdentity(suiteFile: "token.json", suiteName: "token p", testName: "teapot token"),
            line: 1,
            status: .failed,
            assertions: [
                AssertionResult(
                    kind: "json",
                    target: "$.token",
                    predicate: "equals",
                    expected: "\"x\"",
                    actual: "\"token\"",
                    passed: false,
                    message: "$.token: expected \"x\", got \"token\""
                )
            ]
        )
        let redacted = redactor.redact(result)
        #expect(redacted.identity == result.identity)
        #expect(redacted.assertions[0].target == "$.token")
        #expect(redacted.assertions[0].message == "$.token: expected \"x\", got \"***\"")
    }

    @Test func credentialParametersInQuotedURLsAreHiddenInMessages() {
        let url = "\"https://h/cb?api_key=k-98765&access_token=t-43210&page=2\""
        let result = Redactor().redact(
            TestResult(
                identity: TestIdentity(suiteFile: "s.json", suiteName: "S", testName: "t"),
                line: 1,
                status: .failed,
                assertions: [
                    AssertionResult(
                        kind: "json",
                        target: "$.next",
                        predicate: "equals",
                        expected: "\"x\"",
                        actual: url,
                        passed: false,
                        message: "$.next: expected \"x\", got \(url)"
                    )
                ]
            )
        )
        let assertion = result.assertions[0]
        #expect(
            !assertion.message.contains("k-98765") && !assertion.message.contains("t-43210"),
            "\(assertion.message)"
        )
        #expect(assertion.message.hasPrefix("$.next: expected \"x\", got \"https://h/cb?api_key=***"))
        #expect(assertion.actual?.contains("page=2") == true)
    }
}
