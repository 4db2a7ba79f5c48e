import AFRunner
import Foundation
import Testing

/// The documented list of sensitive names is the code's list, and every output's rules use it.
@Suite struct SensitiveNamesTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    /// The backticked words of the line of runner.md that starts with `prefix`.
    static func documented(_ prefix: String) throws -> [String] {
        let text = try String(contentsOf: docs.appendingPathComponent("runner.md"), encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n").first { $0.hasPrefix(prefix) },
            "runner.md has no line \(prefix)"
        )
        return line.matches(of: /`([^`]+)`/).map { String($0.output.1) }
    }

    @Test func runnerDocsStateTheCodesList() throws {
        #expect(try Self.documented("- Sensitive names:") == SensitiveNames.exact)
        #expect(try Self.documented("- Any name containing:") == SensitiveNames.fragments)
        #expect(try Self.documented("- Not when the fragment lies only inside") == SensitiveNames.benignWords)
        #expect(try Self.documented("- Not these whole names") == SensitiveNames.benignNames)
    }

    @Test func historyDocsLinkToTheSameList() throws {
        let history = try String(contentsOf: Self.docs.appendingPathComponent("history.md"), encoding: .utf8)
        #expect(history.contains("runner.md#sensitive-names"))
    }

    @Test(
        arguments: SensitiveNames.exact + [
            "X-Api-Key", "Api-Key", "privateKey", "signature", "Set-Cookie", "Cookie", "access_token",
            "author_token", "authorSecret", "authorization", "Proxy-Authorization", "X-Auth", "oauth", "credentials",
            "authToken", "PHPSESSID", "JSESSIONID", "ASP.NET_SessionId", "connect.sid", "SID", "db.password",
        ]
    )
    func everyListedNameIsMaskedEverywhere(name: String) {
        #expect(SensitiveNames.contains(name))
        let redactor = Redactor()
        #expect(redactor.redactHeader(name: name, value: "v-1234") == "***")
        #expect(!redactor.redact(#"{"\#(name)": "v-1234"}"#).contains("v-1234"))
        #expect(!redactor.redactURL("https://h/x?\(name)=v-1234").contains("v-1234"))
        #expect(!redactor.redact("a=1&\(name)=v-1234").contains("v-1234"))
        #expect(!SinkRedactor.text(#"{"\#(name)": "v-1234"}"#).contains("v-1234"))
        #expect(!SinkRedactor.url("https://h/x?\(name)=v-1234").contains("v-1234"))
    }

    @Test(arguments: ["monkey", "design", "Content-Type", "keyboard", "X-Request-Id", "name"])
    func namesThatMerelyContainAWholeNameAreNotSensitive(name: String) {
        #expect(!SensitiveNames.contains(name))
        #expect(Redactor().redactHeader(name: name, value: "v-1234") == "v-1234")
    }

    /// A fragment inside a word that names no credential (`auth` in `author`) leaves the value visible in every
    /// output: the name of httpbin's `$.slideshow.author` is no secret, nor is CORS's allow-credentials flag.
    @Test(
        arguments: [
            "author", "Author", "postAuthor", "post_author", "authors", "authority", ":authority", "X-Authority",
            "Access-Control-Allow-Credentials",
        ]
    )
    func fragmentsInsidePlainWordsAreNotSensitive(name: String) {
        #expect(!SensitiveNames.contains(name))
        let redactor = Redactor()
        #expect(redactor.redactHeader(name: name, value: "Yours Truly") == "Yours Truly")
        #expect(redactor.redact(#"{"\#(name)": "Yours Truly"}"#).contains("Yours Truly"))
        #expect(
            SinkRedactor.text(#"{"\#(name)": "Yours Truly", "token": "t-1"}"#)
                == #"{"\#(name)": "Yours Truly", "token": "***"}"#
        )
        #expect(SinkRedactor.text("a=1&\(name)=plain&secret=s-1") == "a=1&\(name)=plain&secret=***")
        #expect(SinkRedactor.text("\(name): plain\nX-Token: t-1") == "\(name): plain\nX-Token: ***")
    }
}
