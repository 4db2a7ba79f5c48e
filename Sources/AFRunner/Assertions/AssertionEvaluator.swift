import AFSession
import AFSuite
import Foundation
import JSONPath

/// Evaluates a test's expectations on a response. Every expectation becomes an `AssertionResult`
/// value; nothing is thrown.
public struct AssertionEvaluator: Sendable {
    /// How long one regex evaluation (`matches`) may take before the assertion fails (`--regex-timeout`).
    public var regexLimit: Duration

    /// Creates an evaluator.
    /// - Parameter regexLimit: how long one regex evaluation may take.
    public init(regexLimit: Duration = BoundedRegex.defaultLimit) {
        self.regexLimit = regexLimit
    }

    /// Every assertion of `expect` on `context`, in suite order: status, content type, headers,
    /// JSON, XPath, body, rawBody, duration, captures, cookies, redirects, URL, TLS, certificate.
    public func evaluate(_ expect: Expectations, on context: ResponseContext) -> [AssertionResult] {
        var results: [AssertionResult] = []
        // One allocation for the usual handful instead of a growth step per appended group.
        results.reserveCapacity(expect.status.count + (expect.contentType == nil ? 0 : 1) + expect.json.count + 2)
        if let response = context.response {
            // Appended in place: a one-element array per group, then copying it over, was an
            // allocation per assertion group per test.
            status(expect.status, response.statusCode, into: &results)
            if let contentType = expect.contentType { results.append(self.contentType(contentType, response)) }
            for header in expect.headers { results += self.header(header, response) }
            if let problem = context.unreadableBodyProblem {
                for a in expect.json {
                    if a.schema != nil {
                        results.append(Self.unreadable(kind: "schema", target: a.path, problem: problem))
                    }
                    results += Self.unreadable(kind: "json", target: a.path, a.predicates, problem: problem)
                }
                for a in expect.xpath {
                    results += Self.unreadable(kind: "xpath", target: a.path, a.predicates, problem: problem)
                }
            } else {
                if !expect.json.isEmpty { json(expect.json, context: context, into: &results) }
                if !expect.xpath.isEmpty {
                    results += xpath(expect.xpath, namespaces: expect.xpathNamespaces, context: context)
                }
            }
            if let problem = context.unreadableBodyProblem {
                if expect.schema != nil {
                    results.append(Self.unreadable(kind: "schema", target: nil, problem: problem))
                }
                if expect.openapi != nil {
                    results.append(Self.unreadable(kind: "openapi", target: nil, problem: problem))
                }
            } else {
                if let schema = expect.schema { self.schema(schema, context: context, into: &results) }
                if let openapi = expect.openapi { openAPI(openapi, response, body: context.body, into: &results) }
            }
            if let body = expect.body { results += self.body(body, context) }
            if let raw = expect.rawBody { results += rawBody(raw, context) }
            if let metrics = context.metrics { results += duration(expect.duration, metrics) }
            for assertion in expect.captures { results += capture(assertion, context) }
            for assertion in expect.cookies { results += cookie(assertion, response, now: context.now) }
            if let redirects = expect.redirects { results += self.redirects(redirects, response) }
            if let url = expect.url { results += self.url(url, response) }
            if let version = expect.httpVersion { results += httpVersion(version, response) }
        }
        results += tls(expect.tls, context: context)
        if let certificate = expect.certificate { results += self.certificate(certificate, context: context) }
        return results
    }

    // MARK: status, content type, headers

    func status(_ matchers: [StatusMatcher], _ code: Int, into results: inout [AssertionResult]) {
        guard !matchers.isEmpty else { return }
        let passed = matchers.contains { $0.matches(code) }
        let expected =
            matchers.count == 1
            ? matchers[0].description : "one of " + matchers.map(\.description).joined(separator: ", ")
        results.append(
            AssertionResult(
                kind: "status",
                target: nil,
                predicate: matchers.count == 1 ? "equals" : "oneOf",
                expected: expected,
                actual: "\(code)",
                passed: passed,
                message: "status: expected \(expected), got \(code)"
            )
        )
    }

    func contentType(_ expectation: ContentTypeExpectation, _ response: HTTPResponse) -> AssertionResult {
        let value = response.headers["Content-Type"]
        let verdict = Self.contentTypeVerdict(expectation, value, response, regexLimit: regexLimit)
        let passed = verdict == .holds
        switch expectation {
        case .mediaType(let type):
            return AssertionResult(
                kind: "contentType",
                target: "Content-Type",
                predicate: "equals",
                expected: type,
                actual: value,
                passed: passed,
                message: "Content-Type: expected \(type), got \(value ?? "no Content-Type")"
            )
        case .matches(let pattern):
            return AssertionResult(
                kind: "contentType",
                target: "Content-Type",
                predicate: "matches",
                expected: "/\(pattern)/",
                actual: value,
                passed: passed,
                message: "Content-Type: expected to match /\(pattern)/, got \(value ?? "no Content-Type")"
                    + (verdict == .regexStopped ? Self.stoppedNote(regexLimit) : "")
            )
        }
    }

    /// Whether `response`'s `Content-Type` meets `expectation` (one rule for `contentType` and `allHold`).
    func contentTypeHolds(_ expectation: ContentTypeExpectation, _ response: HTTPResponse, regexLimit: Duration) -> Bool
    {
        Self.contentTypeVerdict(expectation, response.headers["Content-Type"], response, regexLimit: regexLimit)
            == .holds
    }

    static func contentTypeVerdict(
        _ expectation: ContentTypeExpectation,
        _ value: String?,
        _ response: HTTPResponse,
        regexLimit: Duration
    ) -> PredicateEvaluator.Verdict {
        switch expectation {
        case .mediaType(let type):
            let holds =
                asciiMediaTypesMatch(value, type)
                ?? (response.mimeType
                    == type.split(separator: ";").first.map { $0.trimmingHorizontalWhitespace().lowercased() })
            return holds ? .holds : .fails
        case .matches(let pattern):
            return PredicateEvaluator.verdict(
                .matches(pattern),
                for: value.map(JSONValue.string),
                regexLimit: regexLimit
            )
        }
    }

    func header(_ assertion: HeaderAssertion, _ response: HTTPResponse) -> [AssertionResult] {
        var actual = Self.headerValue(assertion.name, in: response)
        if !assertion.filters.isEmpty {
            switch FilterPipeline.apply(assertion.filters, to: actual, now: Date(), regexLimit: regexLimit) {
            case .success(let value): actual = value
            case .failure(let failure):
                return Self.filterFailed(kind: "header", target: assertion.name, assertion.predicates, failure)
            }
        }
        return assertion.predicates.predicates.map { predicate in
            let verdict = PredicateEvaluator.verdict(predicate, for: actual, regexLimit: regexLimit)
            return Self.result(
                kind: "header",
                target: assertion.name,
                predicate: predicate,
                actual: actual,
                verdict: verdict,
                limit: regexLimit
            )
        }
    }

    /// What header predicates see: nil when the header is absent, its value when it has one field, and
    /// the list of field values, in order, when it has several (`Set-Cookie`), so that `count`, `nth`,
    /// `all` and `any` see each field rather than one string joined with commas.
    static func headerValue(_ name: String, in response: HTTPResponse) -> JSONValue? {
        let values = response.headers.values(for: name)
        switch values.count {
        case 0: return nil
        case 1: return .string(values[0])
        default: return .array(values.map(JSONValue.string))
        }
    }

    // MARK: JSON

    /// JSONPath assertions over the response's parsed document (one parse per response, see
    /// `ResponseContext.jsonDocument`); only the nodes a query selects become `JSONValue`s.
    func json(_ assertions: [PathAssertion], context: ResponseContext, into results: inout [AssertionResult]) {
        let now = context.now
        let document: JSONDocument
        switch context.jsonDocument {
        case .success(let parsed): document = parsed
        case .failure(let error):
            for a in assertions {
                for p in a.predicates.predicates {
                    results.append(
                        AssertionResult(
                            kind: "json",
                            target: a.path,
                            predicate: p.keyword,
                            expected: Self.expectedText(p),
                            actual: nil,
                            passed: false,
                            message: "\(a.path): the body is not JSON (\(error.description))"
                        )
                    )
                }
            }
            return
        }
        for a in assertions {
            let query: JSONPathQuery
            do { query = try a.query ?? JSONPathQuery(a.path) } catch {
                results.append(
                    AssertionResult(
                        kind: "json",
                        target: a.path,
                        predicate: "valid",
                        expected: "a valid JSONPath",
                        actual: nil,
                        passed: false,
                        message: "\(a.path): invalid JSONPath: \(error)"
                    )
                )
                continue
            }
            let selected: [JSONValue]
            do throws(JSONPathRegexStopped) {
                if let schema = a.schema {
                    let evaluated = try query.evaluate(document, regexLimit: regexLimit)
                    self.schema(schema, nodes: evaluated, path: a.path, into: &results)
                    selected = evaluated.map(\.value)
                } else {
                    selected = try query.values(in: document, regexLimit: regexLimit)
                }
            } catch {
                results.append(Self.regexStoppedResult(path: a.path, error))
                continue
            }
            let nodes: [JSONValue]
            let singular: Bool
            switch Self.filtered(
                selected,
                singular: query.isSingular,
                filters: a.filters,
                now: now,
                regexLimit: regexLimit
            ) {
            case .success(let filtered):
                nodes = filtered.nodes
                singular = filtered.singular
            case .failure(let failure):
                results += Self.filterFailed(kind: "json", target: a.path, a.predicates, failure)
                continue
            }
            for p in a.predicates.predicates {
                let (passed, actual, stopped) = NodeListRules.evaluate(
                    p,
                    nodes: nodes,
                    singular: singular,
                    regexLimit: regexLimit
                )
                results.append(
                    Self.result(
                        kind: "json",
                        target: a.path,
                        predicate: p,
                        actual: actual,
                        passed: passed,
                        regexStopped: stopped ? regexLimit : nil
                    )
                )
            }
        }
    }

    // MARK: body, duration

    /// Text predicates see the kept body decoded by its declared charset (`charset`, from `Content-Type`);
    /// `sha256` and `bytes` see the whole raw body, however long.
    func body(_ expectation: BodyExpectation, _ context: ResponseContext) -> [AssertionResult] {
        var results: [AssertionResult] = []
        let data = context.body
        let summary = context.bodySummary
        let problem = context.unreadableBodyProblem
        if let problem {
            results += Self.unreadable(kind: "body", target: nil, expectation.predicates, problem: problem)
        }
        if let decoding = context.decodingProblem {
            // Not even the length and digest of the decoded body are known.
            return results + Self.undecodedLengthAndDigest(expectation, problem: decoding)
        }
        var text: JSONValue? = .string(problem == nil ? context.text : "")
        if problem == nil, !expectation.filters.isEmpty {
            switch FilterPipeline.apply(expectation.filters, to: text, now: context.now, regexLimit: regexLimit) {
            case .success(let value): text = value
            case .failure(let failure):
                results += Self.filterFailed(kind: "body", target: nil, expectation.predicates, failure)
                text = nil
            }
        }
        for p in expectation.predicates.predicates where problem == nil && text != nil {
            let verdict = PredicateEvaluator.verdict(p, for: text, regexLimit: regexLimit)
            results.append(
                Self.result(kind: "body", target: nil, predicate: p, actual: text, verdict: verdict, limit: regexLimit)
            )
        }
        if let expected = expectation.sha256 {
            // Hashed as the body arrived when the request asked for it; else the body is all here.
            let actual = summary.sha256Hex ?? OpenSSLDigest.sha256Hex(data)
            results.append(
                AssertionResult(
                    kind: "body",
                    target: "sha256",
                    predicate: "equals",
                    expected: expected.lowercased(),
                    actual: actual,
                    passed: actual == expected.lowercased(),
                    message: "body sha256: expected \(expected.lowercased()), got \(actual)"
                )
            )
        }
        if let bytes = expectation.bytes {
            let n = JSONValue.number(JSONNumber(Int(summary.length)))
            for p in bytes.predicates {
                results.append(
                    Self.result(
                        kind: "body",
                        target: "bytes",
                        predicate: p,
                        actual: n,
                        passed: PredicateEvaluator.holds(p, for: n)
                    )
                )
            }
        }
        return results
    }

    func duration(_ assertions: [DurationAssertion], _ metrics: TransferMetrics) -> [AssertionResult] {
        assertions.flatMap { a in
            let ms = Self.phase(a.phase, of: metrics)
            let actual = JSONValue.number(JSONNumber((ms * 10).rounded() / 10))
            return a.predicates.predicates.map { p in
                Self.result(
                    kind: "duration",
                    target: a.phase.rawValue,
                    predicate: p,
                    actual: actual,
                    passed: PredicateEvaluator.holds(p, for: actual)
                )
            }
        }
    }

    /// A phase's value in milliseconds.
    public static func phase(_ phase: TimingPhase, of m: TransferMetrics) -> Double {
        switch phase {
        case .totalMs: m.total.milliseconds
        case .dnsMs: m.dns.milliseconds
        case .connectMs: m.connect.milliseconds
        case .tlsMs: m.tlsHandshake.milliseconds
        case .ttfbMs: m.timeToFirstByte.milliseconds
        case .downloadMs: m.download.milliseconds
        }
    }

    /// Whether the media type of the `Content-Type` value `header` (before any `;`, spaces and tabs
    /// trimmed, any case) is `expected`'s, compared on ASCII bytes without building strings; nil when
    /// either side is not plain ASCII text starting with a media type (then the string comparison,
    /// which handles every case, decides).
    static func asciiMediaTypesMatch(_ header: String?, _ expected: String) -> Bool? {
        guard var header else { return nil }
        var expected = expected
        // On the contiguous bytes: the generic `Substring.UTF8View` steps (prefix, drop, zip) cost
        // about a microsecond per response.
        return header.withUTF8 { h in expected.withUTF8 { e in asciiMediaTypesMatch(h, e) } }
    }

    private static func asciiMediaTypesMatch(
        _ header: UnsafeBufferPointer<UInt8>,
        _ expected: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        /// The media type's byte range (before any `;`, spaces and tabs trimmed), or nil when the text is
        /// not all ASCII or the range is empty.
        func mediaType(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            var end = -1
            for (i, byte) in text.enumerated() {
                if byte >= 0x80 { return nil }
                if end < 0, byte == UInt8(ascii: ";") { end = i }
            }
            var upper = end < 0 ? text.count : end
            var lower = 0
            while lower < upper, text[lower] == 0x20 || text[lower] == 0x09 { lower += 1 }
            while upper > lower, text[upper - 1] == 0x20 || text[upper - 1] == 0x09 { upper -= 1 }
            return lower < upper ? lower..<upper : nil
        }
        guard let a = mediaType(header), let b = mediaType(expected) else { return nil }
        guard a.count == b.count else { return false }
        for k in 0..<a.count {
            let x = header[a.lowerBound + k]
            let y = expected[b.lowerBound + k]
            let lx = x >= 0x41 && x <= 0x5A ? x | 0x20 : x
            let ly = y >= 0x41 && y <= 0x5A ? y | 0x20 : y
            if lx != ly { return false }
        }
        return true
    }

    // MARK: building results

    /// An assertion result from a predicate's verdict (a stopped regex says so in the message).
    static func result(
        kind: String,
        target: String?,
        predicate: AFSuite.Predicate,
        actual: JSONValue?,
        verdict: PredicateEvaluator.Verdict,
        limit: Duration
    ) -> AssertionResult {
        result(
            kind: kind,
            target: target,
            predicate: predicate,
            actual: actual,
            passed: verdict == .holds,
            regexStopped: verdict == .regexStopped ? limit : nil
        )
    }

    /// What a failure message adds when a regex evaluation was stopped at `limit`.
    static func stoppedNote(_ limit: Duration) -> String {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return " (the regex was stopped after \(shown) s without an answer, --regex-timeout; nested"
            + " quantifiers such as `(a+)+` backtrack exponentially: rewrite the pattern, e.g. `a+$`)"
    }

    /// The failed result of a JSON assertion whose query's `match()`/`search()` ran out of time.
    static func regexStoppedResult(path: String, _ error: JSONPathRegexStopped) -> AssertionResult {
        AssertionResult(
            kind: "json",
            target: path,
            predicate: "valid",
            expected: "an answer within the regex time limit",
            actual: nil,
            passed: false,
            message: "\(path): \(error.description) (--regex-timeout); nested quantifiers such as `(a+)+`"
                + " backtrack exponentially: rewrite the pattern, e.g. `a+$`"
        )
    }

    /// An assertion result with the standard message: `target: expected X, got Y`.
    static func result(
        kind: String,
        target: String?,
        predicate: AFSuite.Predicate,
        actual: JSONValue?,
        passed: Bool,
        regexStopped: Duration? = nil
    ) -> AssertionResult {
        let expected = expectedText(predicate)
        let label = target ?? kind
        if !passed, regexStopped == nil, let element = failingElement(predicate, of: actual) {
            // `nth` and `all` fail on one element: show it and where it is, not the whole list.
            let text = element.value?.serialized()
            let place =
                element.value == nil
                ? " (there is no element \(element.index): \(element.count) in all)" : " at [\(element.index)]"
            return AssertionResult(
                kind: kind,
                target: target,
                predicate: predicate.keyword,
                expected: expected,
                actual: text,
                passed: false,
                message: "\(label): expected \(expected), got \(text.map(Self.shorten) ?? "nothing")\(place)"
            )
        }
        let actualText = actual.map { $0.serialized() }
        let message =
            "\(label): expected \(expected), got \(actualText.map(Self.shorten) ?? "nothing")"
            + (regexStopped.map(Self.stoppedNote) ?? "")
        return AssertionResult(
            kind: kind,
            target: target,
            predicate: predicate.keyword,
            expected: expected,
            actual: actualText,
            passed: passed,
            message: message
        )
    }

    /// The element a failed `nth` or `all` is about: the `nth` one (nil value when the list is shorter), or
    /// the first one `all` fails on. Nil for other predicates and for an absent value.
    static func failingElement(
        _ predicate: AFSuite.Predicate,
        of actual: JSONValue?
    ) -> (index: Int, value: JSONValue?, count: Int)? {
        guard let items = PredicateEvaluator.elements(of: actual) else { return nil }
        switch predicate {
        case .nth(let index, _):
            return (index, PredicateEvaluator.element(index, of: actual), items.count)
        case .all(let set):
            guard let i = items.firstIndex(where: { PredicateEvaluator.verdict(set, for: $0) != .holds }) else {
                return nil
            }
            return (i, items[i], items.count)
        default: return nil
        }
    }

    /// `42` for `equals 42`, the predicate's description otherwise.
    static func expectedText(_ predicate: AFSuite.Predicate) -> String {
        if case .equals(let v) = predicate { return v.serialized() }
        if case .exists(let b) = predicate { return b ? "to exist" : "not to exist" }
        return predicate.description
    }

    static func shorten(_ text: String) -> String {
        // No more bytes than the limit means no more characters either: no grapheme count then.
        text.utf8.count <= 200 || text.count <= 200 ? text : String(text.prefix(200)) + "…"
    }
}
