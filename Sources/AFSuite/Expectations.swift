import JSONPath

/// Everything a test's response must show. Empty parts are not checked.
///
/// The parts most tests write (status, content type, headers, JSONPath, body) are stored in the value; the
/// rest live in one shared box that a test without them does not allocate, so a suite of 100,000 simple
/// tests costs a few hundred bytes a test (docs/performance.md). Reading and writing look the same either way.
public struct Expectations: Sendable {
    /// Accepted statuses (any one must match); empty means not checked.
    public var status: [StatusMatcher]
    /// The media type.
    public var contentType: ContentTypeExpectation?
    /// Header assertions, by name.
    public var headers: [HeaderAssertion]
    /// JSONPath assertions on the body.
    public var json: [PathAssertion]
    /// Assertions on the body as text or bytes.
    public var body: BodyExpectation?
    /// The parts few tests write, or nil when the test writes none of them.
    private var rare: ExpectationExtras.Box?

    /// XPath assertions on an XML or HTML body.
    public var xpath: [PathAssertion] {
        get { rare?.value.xpath ?? [] }
        set { if newValue != xpath { update { $0.xpath = newValue } } }
    }
    /// Assertions on the body as it came over the wire, before its `Content-Encoding` was undone
    /// (`"rawBody"`).
    public var rawBody: RawBodyExpectation? {
        get { rare?.value.rawBody }
        set { if newValue != rawBody { update { $0.rawBody = newValue } } }
    }
    /// Limits on timing phases.
    public var duration: [DurationAssertion] {
        get { rare?.value.duration ?? [] }
        set { if newValue != duration { update { $0.duration = newValue } } }
    }
    /// Whether the server must be trusted or rejected by the TLS policy.
    public var tls: TLSExpectation {
        get { rare?.value.tls ?? .trusted }
        set { if newValue != tls { update { $0.tls = newValue } } }
    }
    /// Assertions on the leaf certificate.
    public var certificate: CertificateExpectation? {
        get { rare?.value.certificate }
        set { if newValue != certificate { update { $0.certificate = newValue } } }
    }
    /// A JSON Schema the body must match (`"schema"`).
    public var schema: SchemaExpectation? {
        get { rare?.value.schema }
        set { if newValue != schema { update { $0.schema = newValue } } }
    }
    /// An OpenAPI operation the response must conform to (`"openapi"`, or `defaults.openapi`).
    public var openapi: OpenAPIExpectation? {
        get { rare?.value.openapi }
        set {
            // Not `Equatable` (it holds a compiled document): only a nil written over nil is skipped.
            guard newValue != nil || rare?.value.openapi != nil else { return }
            update { $0.openapi = newValue }
        }
    }
    /// Assertions on captured values (`"captures"`): the test's own, taken before its expectations, or
    /// earlier tests'.
    public var captures: [CaptureAssertion] {
        get { rare?.value.captures ?? [] }
        set { if newValue != captures { update { $0.captures = newValue } } }
    }
    /// Assertions on the cookies the response sets (`"cookies"`).
    public var cookies: [CookieAssertion] {
        get { rare?.value.cookies ?? [] }
        set { if newValue != cookies { update { $0.cookies = newValue } } }
    }
    /// Assertions on the redirects followed (`"redirects"`).
    public var redirects: RedirectExpectation? {
        get { rare?.value.redirects }
        set { if newValue != redirects { update { $0.redirects = newValue } } }
    }
    /// Predicates on the effective URL, after any redirects (`"url"`).
    public var url: PredicateSet? {
        get { rare?.value.url }
        set { if newValue != url { update { $0.url = newValue } } }
    }
    /// XPath namespace prefixes and their URIs, from `defaults.xpathNamespaces` and the test's own (`_` names
    /// the default namespace: `//_:book`), for `xpath` assertions and captures.
    public var xpathNamespaces: [String: String] {
        get { rare?.value.xpathNamespaces ?? [:] }
        set { if newValue != xpathNamespaces { update { $0.xpathNamespaces = newValue } } }
    }
    /// Predicates on the HTTP version of the response (`"httpVersion": "2"`): `1.0`, `1.1`, `2` or `3`.
    public var httpVersion: PredicateSet? {
        get { rare?.value.httpVersion }
        set { if newValue != httpVersion { update { $0.httpVersion = newValue } } }
    }
    /// The transport error the test expects instead of a response (`"error": "timedOut"`): that error
    /// passes the test, and the other expectations are not evaluated.
    public var error: String? {
        get { rare?.value.error }
        set { if newValue != error { update { $0.error = newValue } } }
    }

    /// Creates expectations.
    public init(
        status: [StatusMatcher] = [],
        contentType: ContentTypeExpectation? = nil,
        headers: [HeaderAssertion] = [],
        json: [PathAssertion] = [],
        xpath: [PathAssertion] = [],
        body: BodyExpectation? = nil,
        duration: [DurationAssertion] = [],
        tls: TLSExpectation = .trusted,
        certificate: CertificateExpectation? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.json = json
        self.body = body
        self.xpath = xpath
        self.duration = duration
        self.tls = tls
        self.certificate = certificate
    }

    /// Whether the test writes any of the rarely written parts (XPath, `rawBody`, durations, TLS, certificate,
    /// schema, OpenAPI, captures, cookies, redirects, URL, XPath namespaces, HTTP version, expected error):
    /// they are kept in one box, so a part added to it later is counted here too.
    public var hasRareParts: Bool { rare != nil }

    /// Changes the rarely written parts (a setter calls it only for a new value); a test left with every
    /// default keeps no box. A closure, not a key path: applying a key path is a runtime call, and every
    /// decoded test writes these parts.
    private mutating func update(_ change: (inout ExpectationExtras) -> Void) {
        var extras = rare?.value ?? ExpectationExtras()
        change(&extras)
        rare = extras.isEmpty ? nil : ExpectationExtras.Box(extras)
    }
}

/// A status expectation: `200`, `"2xx"`, `"200-299"`.
public enum StatusMatcher: Sendable, Hashable, CustomStringConvertible {
    /// One code.
    case code(Int)
    /// A class: 2 for `2xx`.
    case statusClass(Int)
    /// An inclusive range.
    case range(ClosedRange<Int>)
    /// A template (`"{{code}}"`) that renders to one of the forms above; the runner renders it before
    /// comparing (unrendered, it matches nothing).
    case template(String)

    /// Parses `"200"`, `"2xx"` (also `"2XX"`), `"200-299"`; nil for anything else. Codes are 100–599.
    /// - Parameter text: the status as written (or rendered).
    public init?(parsing text: String) {
        let s = text.trimmingWhitespace()
        let chars = Array(s)
        if chars.count == 3, let d = chars[0].wholeNumberValue, (1...5).contains(d),
            chars[1...].allSatisfy({ $0 == "x" || $0 == "X" })
        {
            self = .statusClass(d)
            return
        }
        if let code = Int(s), (100...599).contains(code) {
            self = .code(code)
            return
        }
        let bounds = s.split(separator: "-", omittingEmptySubsequences: false)
        if bounds.count == 2, let lo = Int(bounds[0].trimmingWhitespace()),
            let hi = Int(bounds[1].trimmingWhitespace()),
            (100...599).contains(lo), (100...599).contains(hi), lo <= hi
        {
            self = .range(lo...hi)
            return
        }
        return nil
    }

    /// Whether `status` matches.
    public func matches(_ status: Int) -> Bool {
        switch self {
        case .code(let code): status == code
        case .statusClass(let c): status / 100 == c
        case .range(let r): r.contains(status)
        case .template: false
        }
    }

    /// As written in a suite: `200`, `2xx`, `200-299`, `{{code}}`.
    public var description: String {
        switch self {
        case .code(let code): "\(code)"
        case .statusClass(let c): "\(c)xx"
        case .range(let r): "\(r.lowerBound)-\(r.upperBound)"
        case .template(let text): text
        }
    }
}

/// A content-type expectation.
public enum ContentTypeExpectation: Sendable, Hashable {
    /// The media type, compared without parameters and case-insensitively.
    case mediaType(String)
    /// A regex on the whole `Content-Type` value.
    case matches(String)
}

/// Predicates on a header's value.
public struct HeaderAssertion: Sendable, Hashable {
    /// The header name.
    public var name: String
    /// Filters applied to the value before the predicates.
    public var filters: [ValueFilter] = []
    /// The predicates; all must hold.
    public var predicates: PredicateSet
    /// Where it is written.
    public var location: SourceLocation?

    /// Creates an assertion.
    public init(name: String, predicates: PredicateSet, location: SourceLocation? = nil) {
        self.name = name
        self.predicates = predicates
        self.location = location
    }
}

/// Predicates on the nodes a JSONPath or XPath expression selects.
public struct PathAssertion: Sendable, Hashable {
    /// The expression.
    public var path: String
    /// The predicates; all must hold.
    public var predicates: PredicateSet
    /// Where it is written.
    public var location: SourceLocation?
    /// The JSONPath query compiled when the suite loaded (nil for XPath), so a run does not
    /// parse the same expression once per test.
    public var query: JSONPathQuery?
    /// A JSON Schema every selected node must match (`{"path": …, "schema": …}`).
    public var schema: SchemaExpectation? {
        get { schemaBox?.value }
        set { schemaBox = newValue.map(SchemaExpectation.Box.init) }
    }
    /// `schema`, boxed: few assertions have one, and inline it would triple every assertion's size.
    private var schemaBox: SchemaExpectation.Box?
    /// Filters applied to the selected value (the node of a singular path, else the node list) before the
    /// predicates.
    public var filters: [ValueFilter] = []

    /// Creates an assertion.
    /// - Parameters:
    ///   - path: the expression.
    ///   - predicates: the predicates; all must hold.
    ///   - location: where it is written.
    ///   - query: `path` compiled as JSONPath, when it is one.
    public init(path: String, predicates: PredicateSet, location: SourceLocation? = nil, query: JSONPathQuery? = nil) {
        self.path = path
        self.predicates = predicates
        self.location = location
        self.query = query
    }

    /// Equal when every part is (the schemas as ``SchemaExpectation`` compares them).
    public static func == (a: PathAssertion, b: PathAssertion) -> Bool {
        a.path == b.path && a.predicates == b.predicates && a.location == b.location && a.query == b.query
            && a.schema == b.schema && a.filters == b.filters
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(predicates)
        hasher.combine(location)
        hasher.combine(query)
        hasher.combine(schema)
        hasher.combine(filters)
    }
}

/// Assertions on the body.
public struct BodyExpectation: Sendable, Hashable {
    /// Predicates on the body as text (`equals`, `contains`, `matches`…).
    public var predicates: PredicateSet
    /// The expected SHA-256 of the body, hex (a template such as `{{digest}}` until the runner renders it).
    public var sha256: String?
    /// Predicates on the body's length in bytes.
    public var bytes: PredicateSet?
    /// Filters applied to the body text before its predicates.
    public var filters: [ValueFilter] = []

    /// Creates a body expectation.
    public init(predicates: PredicateSet = PredicateSet(), sha256: String? = nil, bytes: PredicateSet? = nil) {
        self.predicates = predicates
        self.sha256 = sha256
        self.bytes = bytes
    }
}

/// Assertions on the body as it came over the wire (`"rawBody"`), before its `Content-Encoding` (gzip,
/// deflate, br, zstd) was undone; with no `Content-Encoding`, the same bytes as the body.
public struct RawBodyExpectation: Sendable, Hashable {
    /// The expected SHA-256 of the bytes as sent, hex (a template such as `{{digest}}` until the runner
    /// renders it).
    public var sha256: String?
    /// Predicates on the number of bytes sent.
    public var bytes: PredicateSet?

    /// Creates a raw-body expectation.
    public init(sha256: String? = nil, bytes: PredicateSet? = nil) {
        self.sha256 = sha256
        self.bytes = bytes
    }
}

/// The timing phases a suite can limit, by their suite key.
public enum TimingPhase: String, Sendable, Hashable, CaseIterable, Codable {
    /// Whole transfer.
    case totalMs
    /// DNS lookup.
    case dnsMs
    /// TCP connect.
    case connectMs
    /// TLS handshake.
    case tlsMs
    /// Time to first byte (from the start).
    case ttfbMs
    /// Body download.
    case downloadMs
}

/// Limits on one timing phase, in milliseconds.
public struct DurationAssertion: Sendable, Hashable {
    /// The phase.
    public var phase: TimingPhase
    /// The predicates (typically `lt`, `lte`).
    public var predicates: PredicateSet

    /// Creates an assertion.
    public init(phase: TimingPhase, predicates: PredicateSet) {
        self.phase = phase
        self.predicates = predicates
    }
}

/// Whether the server must pass or fail the TLS policy.
public enum TLSExpectation: Sendable, Hashable {
    /// The server must be trusted; a rejection is a test error (the default).
    case trusted
    /// The policy must refuse the server before the request is sent; `reason` (a
    /// `TrustFailureReason` name such as `pinMismatch`) must match when given.
    case rejected(reason: String?)
}

/// Assertions on the server's leaf certificate.
public struct CertificateExpectation: Sendable, Hashable {
    /// Predicates on the subject (RFC 2253 text).
    public var subject: PredicateSet?
    /// Predicates on the issuer.
    public var issuer: PredicateSet?
    /// Predicates on the SAN list (an array of `DNS:…` / `IP:…` strings).
    public var san: PredicateSet?
    /// Predicates on the days left until expiry.
    public var expiresInDays: PredicateSet?
    /// Predicates on the SPKI pin (`sha256//…`).
    public var pin: PredicateSet?
    /// Predicates on the start of validity (`notBefore`), as RFC 3339 text.
    public var startDate: PredicateSet?
    /// Predicates on the end of validity (`notAfter`), as RFC 3339 text.
    public var expiryDate: PredicateSet?
    /// Predicates on the serial number, upper-case hex (`1000`).
    public var serialNumber: PredicateSet?

    /// Creates a certificate expectation.
    public init(
        subject: PredicateSet? = nil,
        issuer: PredicateSet? = nil,
        san: PredicateSet? = nil,
        expiresInDays: PredicateSet? = nil,
        pin: PredicateSet? = nil
    ) {
        self.subject = subject
        self.issuer = issuer
        self.san = san
        self.expiresInDays = expiresInDays
        self.pin = pin
    }
}
