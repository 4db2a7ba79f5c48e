import AFSession
import Foundation

/// The one boundary where secrets leave results: every string of a `TestResult` passes through
/// here before any sink, the terminal, a report or the database sees it.
///
/// It hides three things with `***`: the values of secret variables (`"secret": true`, `--secret`,
/// captures marked secret) wherever they appear; the values of sensitive headers (see
/// `sensitiveHeaders`); and URL query parameters whose name looks like a credential
/// (contains `token`, `key`, `secret`, `password`, `passwd`, `auth` or `signature`).
public final class Redactor: Sendable {
    /// The replacement text.
    public static let mask = "***"
    /// Header names whose values are always hidden (compared case-insensitively).
    public static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
    ]
    /// Fragments that mark a query parameter name as a credential.
    public static let sensitiveQueryFragments = ["token", "key", "secret", "password", "passwd", "auth", "signature"]

    /// Secret values seen so far in the run; captures add to it as tests finish.
    private let secrets: LockedValue<[String]>

    /// Creates a redactor that hides `secretValues`.
    public init(secretValues: some Sequence<String> = []) {
        secrets = LockedValue(Self.ordered(Set(secretValues)))
    }

    /// Adds values to hide from now on.
    public func addSecrets(_ values: some Sequence<String>) {
        let new = values.filter { !$0.isEmpty }
        guard !new.isEmpty else { return }
        secrets.withLock { $0 = Self.ordered(Set($0).union(new)) }
    }

    /// Longest first, so that a secret containing another is replaced whole.
    private static func ordered(_ values: Set<String>) -> [String] {
        values.filter { !$0.isEmpty }.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// `text` with every secret value replaced by `***`.
    public func redact(_ text: String) -> String {
        let values = secrets.withLock { $0 }
        var out = text
        for value in values where out.contains(value) {
            out = out.replacingOccurrences(of: value, with: Self.mask)
        }
        return out
    }

    /// A header value: hidden whole when the name is sensitive, else secrets replaced.
    public func redactHeader(name: String, value: String) -> String {
        Self.sensitiveHeaders.contains(name.lowercased()) ? Self.mask : redact(value)
    }

    /// A URL with credential-like query parameters hidden, then secrets replaced.
    public func redactURL(_ url: String) -> String {
        guard let queryStart = url.firstIndex(of: "?") else { return redact(url) }
        let fragmentStart = url[queryStart...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: queryStart)..<fragmentStart]
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return String(pair) }
            let name = (String(parts[0]).removingPercentEncoding ?? String(parts[0])).lowercased()
            let sensitive = Self.sensitiveQueryFragments.contains { name.contains($0) }
            return sensitive ? "\(parts[0])=\(Self.mask)" : String(pair)
        }
        let rebuilt = String(url[..<queryStart]) + "?" + pairs.joined(separator: "&") + String(url[fragmentStart...])
        return redact(rebuilt)
    }

    /// Redacts a list of header fields.
    public func redact(_ headers: [HeaderField]) -> [HeaderField] {
        headers.map { HeaderField(name: $0.name, value: redactHeader(name: $0.name, value: $0.value)) }
    }

    /// A result with every string redacted; `secretCaptures` names captures whose value is hidden whole.
    public func redact(_ result: TestResult, secretCaptures: Set<String> = []) -> TestResult {
        var r = result
        r.identity.testName = redact(r.identity.testName)
        r.assertions = r.assertions.map { a in
            var a = a
            let headerTarget = a.kind == "header" && a.target.map { Self.sensitiveHeaders.contains($0.lowercased()) } == true
            a.expected = headerTarget ? Self.mask : redact(a.expected)
            a.actual = a.actual.map { headerTarget ? Self.mask : redact($0) }
            a.message = headerTarget ? "\(a.target ?? "header"): \(a.predicate) \(a.passed ? "held" : "failed") (value hidden)" : redact(a.message)
            a.target = a.target.map(redact)
            return a
        }
        if var error = r.error {
            error.message = redactURLsInText(error.message)
            r.error = error
        }
        r.skipReason = r.skipReason.map(redact)
        if var request = r.request {
            request.url = redactURL(request.url)
            request.headers = redact(request.headers)
            request.bodyExcerpt = request.bodyExcerpt.map(redact)
            r.request = request
        }
        if var response = r.response {
            response.headers = redact(response.headers)
            response.bodyExcerpt = redact(response.bodyExcerpt)
            r.response = response
        }
        r.captures = Dictionary(uniqueKeysWithValues: r.captures.map { name, value in
            (name, secretCaptures.contains(name) ? Self.mask : redact(value))
        })
        return r
    }

    /// Free text that may quote a URL (libcurl messages): URLs' credential parameters hidden too.
    public func redactURLsInText(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            word.contains("://") && word.contains("?") ? redactURL(String(word)) : String(word)
        }
        return redact(words.joined(separator: " "))
    }
}
