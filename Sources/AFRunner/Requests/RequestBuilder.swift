import AFSession
import AFSuite
import Foundation
import JSONPath

/// Turns a test's `RequestSpec` into the `HTTPRequest` the session sends: variables rendered,
/// URL resolved, suite default headers under the test's, query and body encoded.
public struct RequestBuilder: Sendable {
    /// The suite (base URL, defaults, folder for relative paths).
    public var suite: Suite
    /// The timeout when neither the test nor the suite sets one, in seconds.
    public var defaultTimeout: Double
    /// The most body bytes kept when neither the test nor the suite sets `maxBodyBytes` (`--max-body`).
    public var defaultMaxBodyBytes: Int
    /// A base URL without placeholders, prepared once (its text, and the URL), rather than parsed
    /// for every test; used only while `suite.baseURL` is still that text.
    private let fixedBase: (text: String, url: URL?, absolute: String?)?
    /// What the suite's setup tests capture (`waitsForSetup(_:phase:scope:)`).
    let setupCaptures: Set<String>

    /// Creates a builder for one suite.
    public init(suite: Suite, defaultTimeout: Double = 30, defaultMaxBodyBytes: Int = RunOptions.defaultMaxBodyBytes) {
        self.suite = suite
        self.defaultTimeout = defaultTimeout
        self.defaultMaxBodyBytes = defaultMaxBodyBytes
        fixedBase = suite.baseURL.flatMap { text in
            guard !Template.mayHavePlaceholder(text) else { return nil }
            let url = URLResolver.preparedBase(text)
            return (text, url, url?.absoluteString)
        }
        setupCaptures = Self.setupCaptureNames(of: suite)
    }

    /// Builds the request for `test` with the variables of `scope`.
    /// - Parameters:
    ///   - test: the test.
    ///   - scope: its variables.
    ///   - phase: where the test stands: a setup test goes without the defaults that name a capture of a setup test
    ///     not run yet (`waitsForSetup(_:phase:scope:)`).
    /// - Throws: `RunnerError` for an undefined variable, a bad URL, an unreadable file.
    public func request(
        for test: TestCase,
        scope: VariableScope,
        phase: TestPhase = .test
    ) throws(RunnerError) -> HTTPRequest {
        let spec = test.request
        let method = HTTPMethod(rawValue: spec.method)
        let reference = try scope.render(spec.url)
        try Self.rejectLineBreaks(in: reference, field: "the URL", template: spec.url, scope: scope)
        var url = try resolve(reference, scope: scope)

        // afrun's User-Agent, then the suite level, then the test's: basicAuth sets Authorization and `auth`
        // replaces a default one, a header written in the test wins over both; a header written `null` is
        // not sent.
        var headers: HTTPHeaders = ["User-Agent": Self.userAgent]
        for header in suite.defaults.headers
        where !waitsForSetup([header.name] + header.allValues, phase: phase, scope: scope) {
            try apply(header, to: &headers, scope: scope)
        }
        var authentication: HTTPAuthentication?
        switch authChoice(for: spec, phase: phase, scope: scope) {
        case .basicHeader(let auth):
            headers["Authorization"] = HTTPRequestSerializer.basicAuthorization(
                username: try scope.render(auth.username),
                password: try scope.render(auth.password)
            )
        case .auth(let auth):
            headers["Authorization"] = nil
            authentication = try self.authentication(auth, scope: scope)
        case nil: break
        }
        for header in spec.headers { try apply(header, to: &headers, scope: scope) }
        // The test's own `Authorization` wins over every `auth`, `"Authorization": null` too: that is how one
        // test (a login) goes out without the suite's credentials.
        if headers["Authorization"] != nil || spec.headers.contains(where: { $0.name.lowercased() == "authorization" })
        {
            authentication = nil
        }

        let settings = suite.defaults.settings.merged(with: spec.settings)
        let layout = settings.queryFormat ?? .brackets
        if let query = spec.query {
            let rendered = try scope.render(query)
            if layout == .brackets {
                url = try Self.appendingQuery(rendered, to: url, method: method)
            } else {
                url = try QueryLayout.appending(
                    QueryLayout.string(from: rendered.parameterValue, format: layout),
                    to: url
                )
            }
        }
        var request = HTTPRequest(url: url, method: method, headers: headers)
        request.authentication = authentication
        if let body = spec.body {
            try encode(body, into: &request, scope: scope, layout: layout)
        }
        request.httpVersion = settings.httpVersion.map(Self.preference)
        request.maxRedirects = settings.maxRedirects ?? RequestSettings.defaultMaxRedirects
        request.sendsCredentialsAcrossHosts = settings.redirectCredentials == .always
        if let proxy = settings.proxy {
            let rendered = try scope.render(proxy)
            try Self.rejectLineBreaks(in: rendered, field: "the proxy", template: proxy, scope: scope)
            request.proxy = rendered
        }
        let seconds = spec.timeout ?? suite.defaults.timeout ?? defaultTimeout
        request.timeout = .milliseconds(Int64(seconds * 1_000))
        request.followsRedirects = spec.followRedirects ?? suite.defaults.followRedirects
        // Past this the body is counted and hashed but not kept: a response of any size leaves memory
        // flat. A test that reads no more of the body than its length, digest and the result's excerpt
        // keeps only the excerpt.
        let limit = spec.maxBodyBytes ?? suite.defaults.maxBodyBytes ?? defaultMaxBodyBytes
        request.maxBodyBytes = Self.readsWholeBody(test) ? limit : min(limit, ResultSummaries.excerptLimit)
        request.digestsBody = test.expect.body?.sha256 != nil
        // Only a test that asks about the bytes as sent has libcurl leave them coded (the session then
        // decodes them itself, as they arrive, for every other assertion).
        request.measuresEncodedBody = test.expect.rawBody != nil
        return request
    }

    /// `reference` made absolute: the `baseURL` is rendered only for a relative reference, so a setup test with an
    /// absolute URL runs before the capture a templated `baseURL` names.
    func resolve(_ reference: String, scope: VariableScope) throws(RunnerError) -> URL {
        if let fixedBase, suite.baseURL == fixedBase.text {
            return try URLResolver.resolve(reference, base: fixedBase.url, baseText: fixedBase.absolute)
        }
        guard let template = suite.baseURL, !URLResolver.isAbsoluteHTTP(reference) else {
            return try URLResolver.resolve(reference, against: nil)
        }
        let base = try scope.render(template)
        try Self.rejectLineBreaks(in: base, field: "the baseURL", template: template, scope: scope)
        return try URLResolver.resolve(reference, against: base)
    }

    /// Whether an assertion or a capture of `test` reads the body's content (JSON, XPath, a JSON
    /// Schema, an OpenAPI contract, text predicates, JSON, regex, XPath, body and bytes captures),
    /// rather than only its length and digest.
    static func readsWholeBody(_ test: TestCase) -> Bool {
        let expect = test.expect
        if !expect.json.isEmpty || !expect.xpath.isEmpty || expect.body?.predicates.predicates.isEmpty == false {
            return true
        }
        if expect.schema != nil || expect.openapi != nil { return true }
        return test.captures.contains {
            switch $0.source {
            case .json, .regex, .xpath, .body, .bytes: true
            case .status, .header, .headerRegex, .cookie, .url, .redirects: false
            }
        }
    }

    /// The `User-Agent` every request sends unless its suite or test sets another or writes `null`: servers
    /// such as GitHub's API refuse requests without one (curl, Hurl and Newman send theirs too).
    public static let userAgent = "afrun/\(Versions.afrun)"

    /// Sets `header` over `headers`: its fields replace every field of that name (one per value of an
    /// array), and a removal leaves none.
    private func apply(_ header: HeaderSpec, to headers: inout HTTPHeaders, scope: VariableScope) throws(RunnerError) {
        let name = try scope.render(header.name)
        try Self.rejectLineBreaks(in: name, field: "a header name", template: header.name, scope: scope)
        // A rendered name with `:` or a space would put part of the value into the name's place.
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
            throw .request("header name '\(name)' (from '\(header.name)') is not an HTTP field name")
        }
        headers[name] = nil
        for template in header.allValues {
            let value = try scope.render(template)
            try Self.rejectLineBreaks(in: value, field: "header '\(name)'", template: template, scope: scope)
            headers.add(name: name, value: value)
        }
    }

    /// The session's name for a suite's `http` version.
    static func preference(_ version: RequestSettings.HTTPVersion) -> HTTPVersionPreference {
        switch version {
        case .http1_0: .http1_0
        case .http1_1: .http1_1
        case .http2: .http2
        case .http2PriorKnowledge: .http2PriorKnowledge
        }
    }

    /// Whether `byte` may appear in an HTTP field name (RFC 9110 `tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// `url` with `query` (an object) appended using AFNetworking's query-string rules.
    static func appendingQuery(_ query: JSONValue, to url: URL, method: HTTPMethod) throws(RunnerError) -> URL {
        var serializer = HTTPRequestSerializer()
        serializer.methodsEncodingParametersInURI = [method]
        do {
            return try serializer.request(method: method, url: url, parameters: query.parameterValue, headers: [:]).url
        } catch {
            throw .request("query: \(error)")
        }
    }

    /// A path from the suite (relative to the suite's folder), rendered.
    func fileURL(_ path: String, scope: VariableScope) throws(RunnerError) -> URL {
        let rendered = try scope.render(path)
        let url = Suite.resolve(rendered, in: suite.directory)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw .unreadableFile(path: rendered, reason: "no readable file at \(url.path)")
        }
        return url
    }
}

extension JSONValue {
    /// The value as a request parameter (AFNetworking's property-list values).
    public var parameterValue: ParameterValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n):
            if let i = n.int64Value, !n.literal.contains("."), !n.literal.lowercased().contains("e") {
                return .int(Int(i))
            }
            return .double(n.doubleValue)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.parameterValue))
        case .object(let object):
            return .dictionary(
                Dictionary(object.members.map { ($0.key, $0.value.parameterValue) }, uniquingKeysWith: { _, b in b })
            )
        }
    }
}
