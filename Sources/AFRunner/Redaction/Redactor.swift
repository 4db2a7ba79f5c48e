import AFSession
import Foundation
import Locking

/// The one boundary where secrets leave results: every string of a `TestResult` passes through
/// here before any sink, the terminal, a report or the database sees it.
///
/// It hides three things with `***`: the values of secret variables (`"secret": true`, `--secret`,
/// captures marked secret) wherever they appear; the values of sensitive headers (see
/// `SinkRedactor.isSecretName`); and URL query parameters whose name looks like a credential
/// (contains `token`, `key`, `secret`, `password`, `passwd`, `auth` or `signature`).
public final class Redactor: Sendable {
    /// The replacement text.
    public static let mask = "***"
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
        Self.redact(text, values: secrets.withLock { $0 })
    }

    /// `text` with each of `values` (longest first) replaced by `***`.
    static func redact(_ text: String, values: [String]) -> String {
        guard !values.isEmpty else { return text }
        var out = text
        for value in values where out.contains(value) {
            out = out.replacingOccurrences(of: value, with: Self.mask)
        }
        // A message shortened to 200 characters can end inside a secret (`Bearer SUPER-SE…`):
        // a secret's start (three characters or more) right before the ellipsis is hidden too.
        if out.contains("…") {
            for value in values {
                for length in stride(from: value.count - 1, through: 3, by: -1) {
                    let cut = value.prefix(length) + "…"
                    if out.contains(cut) { out = out.replacingOccurrences(of: cut, with: Self.mask + "…") }
                }
            }
        }
        return out
    }

    /// A header value: hidden whole when the name is sensitive, else secrets replaced.
    public func redactHeader(name: String, value: String) -> String {
        Self.redactHeader(name: name, value: value, values: secrets.withLock { $0 })
    }

    static func redactHeader(name: String, value: String, values: [String]) -> String {
        isSensitiveHeader(name) ? Self.mask : redact(value, values: values)
    }

    /// Whether a header's value is hidden whole: the sinks' name rule (`SinkRedactor.isSecretName`: the
    /// well-known credential headers and any name with a secret fragment), so the terminal, the reports and
    /// the database hide the same headers.
    static func isSensitiveHeader(_ name: String) -> Bool {
        SinkRedactor.isSecretName(name)
    }

    /// A URL with credential-like query parameters hidden, then secrets replaced.
    public func redactURL(_ url: String) -> String {
        Self.redactURL(url, values: secrets.withLock { $0 })
    }

    static func redactURL(_ url: String, values: [String]) -> String {
        // Searched on UTF-8 (`?` and `#` are ASCII): no grapheme breaking per result.
        guard let queryStart = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return redact(url, values: values) }
        let fragmentStart = url.utf8[queryStart...].firstIndex(of: UInt8(ascii: "#")) ?? url.endIndex
        let query = url[url.index(after: queryStart)..<fragmentStart]
        // Nothing that could name a credential (no fragment anywhere, nothing percent-encoded or
        // non-ASCII that could decode or lowercase into one): the URL stays as it is.
        guard mayNameCredential(query) else { return redact(url, values: values) }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return String(pair) }
            let name = (String(parts[0]).removingPercentEncoding ?? String(parts[0])).lowercased()
            let sensitive = Self.sensitiveQueryFragments.contains { name.contains($0) }
            return sensitive ? "\(parts[0])=\(Self.mask)" : String(pair)
        }
        let rebuilt = String(url[..<queryStart]) + "?" + pairs.joined(separator: "&") + String(url[fragmentStart...])
        return redact(rebuilt, values: values)
    }

    /// Whether some parameter name of `query` might contain a credential fragment.
    static func mayNameCredential(_ query: Substring) -> Bool {
        var query = query
        return query.withUTF8 { bytes -> Bool in
            if bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) { return true }
            func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
            return credentialFragmentBytes.contains { fragment in
                guard bytes.count >= fragment.count else { return false }
                return (0...(bytes.count - fragment.count)).contains { start in
                    (0..<fragment.count).allSatisfy { lower(bytes[start + $0]) == fragment[$0] }
                }
            }
        }
    }

    /// `sensitiveQueryFragments` as bytes.
    private static let credentialFragmentBytes = sensitiveQueryFragments.map { Array($0.utf8) }

    /// Redacts a list of header fields.
    public func redact(_ headers: [HeaderField]) -> [HeaderField] {
        Self.redact(headers, values: secrets.withLock { $0 })
    }

    static func redact(_ headers: [HeaderField], values: [String]) -> [HeaderField] {
        // Most lists need no change: copy only when one does.
        guard mayRedact(headers, values: values) else { return headers }
        return headers.map { HeaderField(name: $0.name, value: redactHeader(name: $0.name, value: $0.value, values: values)) }
    }

    /// Whether redacting `headers` could change one: there are secret values, or a name is sensitive.
    static func mayRedact(_ headers: [HeaderField], values: [String]) -> Bool {
        !values.isEmpty || headers.contains { !isCommonPlainHeader($0.name) && isSensitiveHeader($0.name) }
    }

    /// Names of headers nearly every response carries and whose values are never hidden whole,
    /// as written by common servers: an exact comparison of a short string is cheaper than the
    /// sensitive-name scan, which then runs only for the other names. (A test checks that the
    /// scan says "not sensitive" for each of them, so the outcome is the same.)
    static let commonPlainHeaders: [String] = [
        "Server", "Date", "Content-Type", "Content-Length", "Last-Modified", "Connection", "ETag", "Accept-Ranges",
        "Cache-Control", "Expires", "Vary", "Transfer-Encoding", "Keep-Alive", "Content-Encoding", "Location",
        "Accept", "User-Agent", "Host", "Age", "Via",
    ]

    /// Whether `name` is one of `commonPlainHeaders`, as written there.
    static func isCommonPlainHeader(_ name: String) -> Bool {
        commonPlainHeaders.contains(name)
    }

    /// A result with every string redacted; `secretCaptures` names captures whose value is hidden whole.
    public func redact(_ result: consuming TestResult, secretCaptures: Set<String> = []) -> TestResult {
        // One look at the secrets for the whole result (they only grow; a result is redacted with
        // the ones known when it finished).
        let values = secrets.withLock { $0 }
        func redact(_ text: String) -> String { Self.redact(text, values: values) }
        var r = consume result
        if !values.isEmpty { r.identity.testName = redact(r.identity.testName) }
        if !values.isEmpty || r.assertions.contains(where: Self.targetsSensitiveHeader) {
            r.assertions = r.assertions.map { a in
                var a = a
                let headerTarget = Self.targetsSensitiveHeader(a)
                a.expected = headerTarget ? Self.mask : redact(a.expected)
                a.actual = a.actual.map { headerTarget ? Self.mask : redact($0) }
                a.message = headerTarget ? "\(a.target ?? "header"): \(a.predicate) \(a.passed ? "held" : "failed") (value hidden)" : redact(a.message)
                a.target = a.target.map(redact)
                return a
            }
        }
        // Written in place (`r.request?.url = …`): copying a summary out and back retained and released
        // every one of its fields once more per result.
        if let message = r.error?.message { r.error?.message = redactURLsInText(message) }
        if let reason = r.skipReason { r.skipReason = redact(reason) }
        // Written only when it changes: most URLs carry nothing to hide (and most are seen to at a glance).
        if let url = r.request?.url, !(values.isEmpty && SinkRedactor.urlIsPlain(url)) {
            let redacted = Self.redactURL(url, values: values)
            if redacted != url { r.request?.url = redacted }
        }
        if let headers = r.request?.headers, Self.mayRedact(headers, values: values) {
            r.request?.headers = Self.redact(headers, values: values)
        }
        if let excerpt = r.request?.bodyExcerpt { r.request?.bodyExcerpt = redact(excerpt) }
        if let headers = r.response?.headers, Self.mayRedact(headers, values: values) {
            r.response?.headers = Self.redact(headers, values: values)
        }
        if !values.isEmpty, let excerpt = r.response?.bodyExcerpt { r.response?.bodyExcerpt = redact(excerpt) }
        if !r.captures.isEmpty {
            r.captures = Dictionary(uniqueKeysWithValues: r.captures.map { name, value in
                (name, secretCaptures.contains(name) ? Self.mask : redact(value))
            })
        }
        return r
    }

    /// Whether an assertion's target is a sensitive header (its values are hidden whole).
    static func targetsSensitiveHeader(_ a: AssertionResult) -> Bool {
        a.kind == "header" && a.target.map(isSensitiveHeader) == true
    }

    /// Free text that may quote a URL (libcurl messages): URLs' credential parameters hidden too.
    public func redactURLsInText(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            word.contains("://") && word.contains("?") ? redactURL(String(word)) : String(word)
        }
        return redact(words.joined(separator: " "))
    }
}
