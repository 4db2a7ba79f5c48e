import JSONPath

/// One test: a request, what its response must show, and what to capture for later tests.
public struct TestCase: Sendable {
    /// The test's name, unique within its suite.
    public var name: String
    /// Where the test starts in the suite file.
    public var location: SourceLocation
    /// The request to send.
    public var request: RequestSpec
    /// The expectations; every one must hold.
    public var expect: Expectations
    /// Values captured from the response, in file order, for later tests of the suite.
    public var captures: [CaptureSpec]
    /// Retry until the expectations hold (overrides the suite default).
    public var retry: RetrySpec?
    /// When set, the test is skipped with this reason.
    public var skip: String?
    /// The data row this copy of the test runs with (a test with `each` becomes one test per row).
    public var row: DataRow? = nil
    /// The test's tags: its suite's `tags`, then its own, without repeats (`--tag`, `--exclude-tag`).
    public var tags: [String] = []

    /// Creates a test.
    public init(
        name: String,
        location: SourceLocation,
        request: RequestSpec,
        expect: Expectations = Expectations(),
        captures: [CaptureSpec] = [],
        retry: RetrySpec? = nil,
        skip: String? = nil
    ) {
        self.name = name
        self.location = location
        self.request = request
        self.expect = expect
        self.captures = captures
        self.retry = retry
        self.skip = skip
    }
}

/// A request body; exactly one per request.
public enum BodySpec: Sendable, Hashable {
    /// `json`: sent as `application/json`; strings inside are templates.
    case json(JSONValue)
    /// `form`: an object sent as `application/x-www-form-urlencoded` with AF's rules.
    case form(JSONValue)
    /// `body`: text sent as is (a template).
    case text(String)
    /// `bodyFile`: a file path (a template), relative to the suite file, streamed.
    case file(String)
    /// `multipart`: `multipart/form-data` parts.
    case multipart([MultipartPartSpec])
    /// `xml`: text (a template) sent as `application/xml` unless the test sets a `Content-Type`.
    case xml(String)
    /// `graphql`: an operation sent as the JSON envelope `{"query", "variables", "operationName"}`.
    case graphql(GraphQLSpec)
    /// `bodyBase64`: bytes written as base64 (a template), decoded when the request is built.
    case base64(String)
}

/// One multipart part.
public struct MultipartPartSpec: Sendable, Hashable {
    /// What the part holds.
    public enum Content: Sendable, Hashable {
        /// A text value (a template).
        case value(String)
        /// A file (path relative to the suite), with an optional file name and content type.
        case file(path: String, filename: String?, contentType: String?)
    }
    /// The form field name.
    public var name: String
    /// The content.
    public var content: Content

    /// Creates a part.
    public init(name: String, content: Content) {
        self.name = name
        self.content = content
    }
}

/// A capture: a value taken from a response and stored as a variable for later tests.
public struct CaptureSpec: Sendable, Hashable {
    /// Where the value comes from.
    public enum Source: Sendable, Hashable {
        /// The first node of a JSONPath query on the body.
        case json(String)
        /// A response header.
        case header(String)
        /// A regex on the body; `group` selects a capture group (the whole match when 0).
        case regex(String, group: Int)
        /// The status code.
        case status
        /// A regex on a response header's value; `group` selects a capture group (0: the whole match).
        case headerRegex(String, pattern: String, group: Int)
        /// The first node (its string value) or the value of an XPath 1.0 expression on an XML or HTML body.
        case xpath(String)
        /// The value of a cookie the response sets (`Set-Cookie`).
        case cookie(String)
        /// The effective URL, after any redirects.
        case url
        /// How many redirects were followed.
        case redirects
        /// The whole body as text (decoded by its charset).
        case body
        /// The body's raw bytes, for filters such as `sha256`, `base64Encode` or `decode`.
        case bytes
    }
    /// The variable name.
    public var name: String
    /// Where the value comes from.
    public var source: Source
    /// Whether the captured value is secret.
    public var isSecret: Bool
    /// Filters applied to the value before it is stored (`"filters": ["trim"]`).
    public var filters: [ValueFilter] = []

    /// Creates a capture.
    public init(name: String, source: Source, isSecret: Bool = false) {
        self.name = name
        self.source = source
        self.isSecret = isSecret
    }
}

/// Retry a test until its expectations hold.
public struct RetrySpec: Sendable, Hashable {
    /// Further attempts after the first.
    public var count: Int
    /// Pause between attempts, in milliseconds.
    public var delayMs: Int

    /// Creates a retry policy.
    public init(count: Int, delayMs: Int = 0) {
        self.count = count
        self.delayMs = delayMs
    }
}

/// A suite's TLS policy, as written; paths are relative to the suite file.
public struct TLSSpec: Sendable, Hashable {
    /// `none`, `publicKey` or `certificate`.
    public var pinning: String?
    /// Certificate files or folders.
    public var pinnedCertificates: [String]?
    /// Pins in `sha256//…` form.
    public var pinnedPublicKeys: [String]?
    /// Whether invalid certificates are accepted.
    public var allowInvalidCertificates: Bool?
    /// Whether the host name is checked.
    public var validatesDomainName: Bool?
    /// A CA file in place of the system store.
    public var caFile: String?
    /// A client certificate for mTLS.
    public var clientCertificate: ClientCertificateSpec?

    /// Creates a spec.
    public init(
        pinning: String? = nil,
        pinnedCertificates: [String]? = nil,
        pinnedPublicKeys: [String]? = nil,
        allowInvalidCertificates: Bool? = nil,
        validatesDomainName: Bool? = nil,
        caFile: String? = nil,
        clientCertificate: ClientCertificateSpec? = nil
    ) {
        self.pinning = pinning
        self.pinnedCertificates = pinnedCertificates
        self.pinnedPublicKeys = pinnedPublicKeys
        self.allowInvalidCertificates = allowInvalidCertificates
        self.validatesDomainName = validatesDomainName
        self.caFile = caFile
        self.clientCertificate = clientCertificate
    }

    /// This spec with every field `other` sets taking precedence.
    public func merged(with other: TLSSpec?) -> TLSSpec {
        guard let other else { return self }
        return TLSSpec(
            pinning: other.pinning ?? pinning,
            pinnedCertificates: other.pinnedCertificates ?? pinnedCertificates,
            pinnedPublicKeys: other.pinnedPublicKeys ?? pinnedPublicKeys,
            allowInvalidCertificates: other.allowInvalidCertificates ?? allowInvalidCertificates,
            validatesDomainName: other.validatesDomainName ?? validatesDomainName,
            caFile: other.caFile ?? caFile,
            clientCertificate: other.clientCertificate ?? clientCertificate
        )
    }
}

/// A client certificate for mTLS; paths relative to the suite file.
public struct ClientCertificateSpec: Sendable, Hashable {
    /// The PEM certificate.
    public var certificate: String
    /// The PEM key.
    public var key: String
    /// The key's passphrase (a template; may name a secret variable).
    public var passphrase: String?

    /// Creates a spec.
    public init(certificate: String, key: String, passphrase: String? = nil) {
        self.certificate = certificate
        self.key = key
        self.passphrase = passphrase
    }
}
