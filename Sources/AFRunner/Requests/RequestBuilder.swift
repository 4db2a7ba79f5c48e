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
    }

    /// Builds the request for `test` with the variables of `scope`.
    /// - Throws: `RunnerError` for an undefined variable, a bad URL, an unreadable file.
    public func request(for test: TestCase, scope: VariableScope) throws(RunnerError) -> HTTPRequest {
        let spec = test.request
        let method = HTTPMethod(rawValue: spec.method)
        let reference = try scope.render(spec.url)
        try Self.rejectLineBreaks(in: reference, field: "the URL", template: spec.url, scope: scope)
        var url: URL
        if let fixedBase, suite.baseURL == fixedBase.text {
            url = try URLResolver.resolve(reference, base: fixedBase.url, baseText: fixedBase.absolute)
        } else {
            let base = try suite.baseURL.map(scope.render)
            if let base, let template = suite.baseURL {
                try Self.rejectLineBreaks(in: base, field: "the baseURL", template: template, scope: scope)
            }
            url = try URLResolver.resolve(reference, against: base)
        }

        // Suite level, then the test's: basicAuth sets Authorization, a header written beside it wins.
        var headers = HTTPHeaders()
        for header in suite.defaults.headers { headers[header.name] = try render(header, scope: scope) }
        if let auth = spec.basicAuth ?? suite.defaults.basicAuth {
            headers["Authorization"] = HTTPRequestSerializer.basicAuthorization(
                username: try scope.render(auth.username),
                password: try scope.render(auth.password)
            )
        }
        for header in spec.headers { headers[header.name] = try render(header, scope: scope) }

        if let query = spec.query {
            url = try Self.appendingQuery(try scope.render(query), to: url, method: method)
        }
        var request = HTTPRequest(url: url, method: method, headers: headers)
        if let body = spec.body {
            try encode(body, into: &request, scope: scope)
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
        return request
    }

    /// Whether an assertion or a capture of `test` reads the body's content (JSON, XPath, text
    /// predicates, JSON and regex captures), rather than only its length and digest.
    static func readsWholeBody(_ test: TestCase) -> Bool {
        let expect = test.expect
        if !expect.json.isEmpty || !expect.xpath.isEmpty || expect.body?.predicates.predicates.isEmpty == false {
            return true
        }
        return test.captures.contains {
            switch $0.source {
            case .json, .regex: true
            case .status, .header: false
            }
        }
    }

    /// A header's value, rendered and checked for line breaks (its name is a suite literal, checked by the loader).
    private func render(_ header: HeaderSpec, scope: VariableScope) throws(RunnerError) -> String {
        try Self.rejectLineBreaks(in: header.name, field: "a header name", template: "", scope: scope)
        let value = try scope.render(header.value)
        try Self.rejectLineBreaks(in: value, field: "header '\(header.name)'", template: header.value, scope: scope)
        return value
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
