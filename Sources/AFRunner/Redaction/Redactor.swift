import AFSession
import Foundation
import Locking

/// The one boundary where secrets leave results: every string of a `TestResult` that comes from the wire or
/// from a suite's values passes through here before any sink, the terminal, a report or the database sees it.
///
/// A secret is a value with provenance: it is registered when it is defined (a suite variable with
/// `"secret": true`, `--secret`, a vars-file secret, a capture marked secret or taken from a sensitive name, a
/// `basicAuth` password, the value of a sensitive request header such as a bearer token), with every form
/// `SecretForms` derives, and hidden with `***` in headers, URLs, bodies, assertion values, captures and error
/// messages. Values under four characters are hidden only where they are a whole field (`SecretSet`).
/// Values of sensitive names (`SensitiveNames`) are hidden whatever they are.
///
/// Identities and afrun's own words are never changed: suite and test names, file paths, JSON paths, predicate
/// names. A run has one redactor with the run-wide secrets (`--secret`, `--vars-file`); each suite runs with
/// its own `scoped()` copy, so a suite's secrets mask that suite's results only.
public final class Redactor: Sendable {
    /// The replacement text.
    public static let mask = "***"

    /// The forms to hide; a suite's grow as its captures and requests define more.
    private let secrets: LockedValue<SecretSet>

    /// Creates a redactor that hides `secretValues` in every form.
    public init(secretValues: some Sequence<String> = []) {
        var set = SecretSet()
        for value in secretValues { set.insert(SecretForms.of(value)) }
        secrets = LockedValue(set)
    }

    private init(set: SecretSet) {
        secrets = LockedValue(set)
    }

    /// A new redactor that starts with this one's secrets and grows on its own: one suite's.
    public func scoped() -> Redactor {
        Redactor(set: secrets.withLock { $0 })
    }

    /// Adds values to hide from now on, in every form.
    public func addSecrets(_ values: some Sequence<String>) {
        var forms: Set<String> = []
        for value in values { forms.formUnion(SecretForms.of(value)) }
        add(forms: forms)
    }

    /// Adds a Basic credential: its password, `base64(user:password)` and the whole `Authorization` value.
    public func addBasicAuth(username: String, password: String) {
        add(forms: SecretForms.basicAuth(username: username, password: password))
    }

    /// Adds the value of a sensitive header sent with a request (a bearer token, an API key): the whole value
    /// and, after an authentication scheme (`Bearer x`, `Basic x`), the credential alone. Values under four
    /// characters (`Cookie: a=1`) are not learned: the header itself is hidden by its name, and hiding every
    /// whole `1` of the suite's results would hide more than a credential.
    public func addHeaderValue(_ value: String) {
        // The same header goes with every test of a suite: its forms are derived the first time only (marked
        // learned together with them, so no other test sees the mark before the forms).
        if secrets.withLock({ $0.learnedHeaderValues.contains(value) }) { return }
        func learned(_ text: String) -> Set<String> {
            text.count >= SecretSet.minimumSubstringLength ? SecretForms.of(text) : []
        }
        var forms = learned(value)
        if let space = value.firstIndex(of: " ") {
            let credential = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
            forms.formUnion(learned(credential))
            // A Basic credential made from a password that was not known before the request (a capture):
            // the password's own forms too.
            if value[..<space].lowercased() == "basic", let data = Data(base64Encoded: credential),
                let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
            {
                forms.formUnion(
                    SecretForms.basicAuth(
                        username: String(pair[..<colon]),
                        password: String(pair[pair.index(after: colon)...])
                    )
                )
            }
        }
        secrets.withLock {
            $0.insert(forms)
            $0.learnedHeaderValues.insert(value)
        }
    }

    private func add(forms: Set<String>) {
        guard !forms.isEmpty else { return }
        // Most calls add nothing new (the same header on every test): no write then.
        if secrets.withLock({ $0.all.isSuperset(of: forms) }) { return }
        secrets.withLock { _ = $0.insert(forms) }
    }

    /// Whether `text` is or holds a secret known now (in any of its forms): what masking would change.
    public func holdsSecret(_ text: String) -> Bool {
        let set = current
        return !set.isEmpty && (set.all.contains(text) || set.text(text) != text)
    }

    /// The forms hidden now.
    var current: SecretSet { secrets.withLock { $0 } }

    /// Text from the wire or the suite (a body, a message quoting server data): secret forms hidden, then the
    /// values of sensitive names (`"password": "…"`, `token=…`, `Authorization: …`).
    public func redact(_ text: String) -> String {
        Self.text(text, current)
    }

    static func text(_ text: String, _ set: SecretSet) -> String {
        SinkRedactor.text(set.text(text))
    }

    /// A header value: hidden whole when the name is sensitive, else secrets hidden.
    public func redactHeader(name: String, value: String) -> String {
        Self.header(name: name, value: value, current)
    }

    static func header(name: String, value: String, _ set: SecretSet) -> String {
        SinkRedactor.isSecretName(name) ? mask : SinkRedactor.text(set.field(value))
    }

    /// Redacts a list of header fields.
    public func redact(_ headers: [HeaderField]) -> [HeaderField] {
        Self.headers(headers, current)
    }

    static func headers(_ headers: [HeaderField], _ set: SecretSet) -> [HeaderField] {
        // Most lists need no change: copy only when one does.
        guard
            !set.isEmpty
                || headers.contains(where: { !isCommonPlainHeader($0.name) && SinkRedactor.isSecretName($0.name) })
        else { return headers }
        // A name built from a secret (`"X-{{key}}": …`) is masked too: names are from the suite, not afrun's words.
        return headers.map {
            HeaderField(name: set.text($0.name), value: header(name: $0.name, value: $0.value, set))
        }
    }

    /// A URL: its password and the values of sensitive query parameters hidden, then secret forms.
    public func redactURL(_ url: String) -> String {
        Self.url(url, current)
    }

    static func url(_ url: String, _ set: SecretSet) -> String {
        if set.isEmpty, SinkRedactor.urlIsPlain(url) { return url }
        return set.text(SinkRedactor.url(url))
    }

    /// Names of headers nearly every response carries and whose values are never hidden whole, as written by
    /// common servers: an exact comparison of a short string is cheaper than the sensitive-name scan, which then
    /// runs only for the other names. (A test checks that the scan says "not sensitive" for each of them.)
    static let commonPlainHeaders: [String] = [
        "Server", "Date", "Content-Type", "Content-Length", "Last-Modified", "Connection", "ETag", "Accept-Ranges",
        "Cache-Control", "Expires", "Vary", "Transfer-Encoding", "Keep-Alive", "Content-Encoding", "Location",
        "Accept", "User-Agent", "Host", "Age", "Via",
    ]

    /// Whether `name` is one of `commonPlainHeaders`, as written there.
    static func isCommonPlainHeader(_ name: String) -> Bool {
        commonPlainHeaders.contains(name)
    }
}
