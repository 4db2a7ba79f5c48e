import JSONPath

extension SuiteDecoder {
    static let expectKeys = [
        "status", "contentType", "headers", "json", "xpath", "body", "rawBody", "duration", "tls", "certificate",
        "schema",
        "openapi", "captures", "cookies", "redirects", "url", "error", "httpVersion",
    ]
    /// The error kinds a result reports for a transfer that failed, which `expect.error` can name.
    static let transportErrorKinds = [
        "cannotConnect", "unreachable", "dnsFailure", "timedOut", "tlsFailure", "tlsRejected", "connectionLost",
        "invalidResponse", "tooManyRedirects", "transport",
    ]
    static let tlsRejectionReasons = [
        "expired", "notYetValid", "hostMismatch", "untrustedRoot", "selfSigned", "pinMismatch", "policyRefused",
    ]

    static let misplacedInExpect = ["capture": "the test", "method": "`request`"]

    mutating func decodeExpectations(_ node: SuiteNode) -> Expectations? {
        guard
            let node = object(
                node,
                allowed: Self.expectKeys,
                context: "`expect`",
                misplaced: Self.misplacedInExpect
            )
        else { return nil }
        var e = Expectations()
        if let status = node.member("status") { e.status = decodeStatus(status) }
        if let ct = node.member("contentType") {
            switch ct.value {
            case .string(let s): e.contentType = .mediaType(s)
            case .object:
                if let o = object(ct, allowed: ["matches"], context: "`contentType`"),
                    let m = require("matches", in: o, context: "`contentType`").flatMap({ regex($0) })
                {
                    e.contentType = .matches(m)
                }
            default:
                report(
                    .wrongType(
                        key: "contentType",
                        expected: "a media type string or {\"matches\": regex}",
                        found: ct.typeDescription
                    ),
                    at: ct
                )
            }
        }
        if let headers = node.member("headers") { e.headers = decodeHeaderAssertions(headers) }
        if let json = node.member("json") { e.json = decodePathAssertions(json, key: "json") }
        if let xpath = node.member("xpath") { e.xpath = decodePathAssertions(xpath, key: "xpath") }
        if let body = node.member("body") { e.body = decodeBodyExpectation(body) }
        if let raw = node.member("rawBody") { e.rawBody = decodeRawBodyExpectation(raw) }
        if let duration = node.member("duration") { e.duration = decodeDuration(duration) }
        if let tls = node.member("tls") { e.tls = decodeTLSExpectation(tls) ?? .trusted }
        if let certificate = node.member("certificate") { e.certificate = decodeCertificate(certificate) }
        if let schema = node.member("schema") { e.schema = decodeSchema(schema) }
        if let openapi = node.member("openapi") { e.openapi = decodeOpenAPI(openapi) }
        if let captures = node.member("captures") { e.captures = decodeCaptureAssertions(captures) }
        if let cookies = node.member("cookies") { e.cookies = decodeCookieAssertions(cookies) }
        if let redirects = node.member("redirects") { e.redirects = decodeRedirects(redirects) }
        if let url = node.member("url") { e.url = plainOrPredicates(url, context: "`url`") }
        if let error = node.member("error") { e.error = name(error, allowed: Self.transportErrorKinds) }
        if let version = node.member("httpVersion") { e.httpVersion = decodeHTTPVersion(version) }
        return e
    }

    mutating func decodeStatus(_ node: SuiteNode) -> [StatusMatcher] {
        switch node.value {
        case .array:
            if node.elements.isEmpty { report(.invalidStatus("[]"), at: node) }
            return node.elements.compactMap { e -> StatusMatcher? in
                if case .array = e.value {
                    report(.invalidStatus("nested array"), at: e)
                    return nil
                }
                return decodeStatus(e).first
            }
        case .number(let n):
            guard let code = n.int64Value, (100...599).contains(code) else {
                report(.invalidStatus(n.literal), at: node)
                return []
            }
            return [.code(Int(code))]
        case .string(let s):
            if let matcher = StatusMatcher(parsing: s) { return [matcher] }
            // `"{{code}}"` (from `each` rows or variables): parsed once rendered, at run time.
            if Template.mayHavePlaceholder(s) {
                guard let template = record(s, at: node) else { return [] }
                if !template.isLiteral { return [.template(s)] }
            }
            if let reversed = Self.reversedStatusRange(s) {
                var diagnostic = SuiteDiagnostic(location: location(node), reason: .invalidStatus(s))
                diagnostic.fix = "the range is written high to low: write `\(reversed)`"
                diagnostics.append(.invalid(diagnostic))
            } else {
                report(.invalidStatus(s), at: node)
            }
            return []
        default:
            report(
                .wrongType(
                    key: "status",
                    expected: "an integer, a string like \"2xx\" or \"200-299\", or an array",
                    found: node.typeDescription
                ),
                at: node
            )
            return []
        }
    }

    mutating func decodeHeaderAssertions(_ node: SuiteNode) -> [HeaderAssertion] {
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "headers",
                    expected: "an object of header names to predicates",
                    found: node.typeDescription
                ),
                at: node
            )
            return []
        }
        // A loop, not `compactMap`: a closure that mutates `self` worked on a copy of the whole decoder.
        var out: [HeaderAssertion] = []
        for (name, child) in node.members {
            let location = place(child, key: true)
            switch child.value {
            case .string, .number, .bool:
                // A plain value is the one the header must equal (`"Content-Length": 42` equals "42").
                recordTemplates(in: child)
                out.append(
                    HeaderAssertion(name: name, predicates: PredicateSet([.equals(child.value)]), location: location)
                )
                continue
            case .null, .array:
                report(
                    .wrongType(
                        key: name,
                        expected:
                            "the value the header equals (a string, number or boolean) or an object of predicates"
                            + " (`{\"matches\": \"^max-age\"}`; several fields: `{\"equals\": [\"a\", \"b\"]}`)",
                        found: child.typeDescription
                    ),
                    at: child
                )
                continue
            case .object: break
            }
            guard let set = decodePredicates(child, context: "header `\(name)`", extraKeys: ["filters"]) else {
                continue
            }
            var assertion = HeaderAssertion(name: name, predicates: set, location: location)
            if let filtersNode = child.member("filters") {
                // A string, or the list of field values when the header comes in several fields.
                guard let filters = decodeFilters(filtersNode) else { continue }
                assertion.filters = filters
            }
            out.append(assertion)
        }
        return out
    }

    mutating func decodePathAssertions(_ node: SuiteNode, key: String) -> [PathAssertion] {
        guard case .array = node.value else {
            report(
                .wrongType(key: key, expected: "an array of {\"path\": …, <predicates>}", found: node.typeDescription),
                at: node
            )
            return []
        }
        // Literals for the usual keys: built by interpolation, the text cost an allocation per test.
        let context =
            key == "json" ? "a `json` assertion" : key == "xpath" ? "a `xpath` assertion" : "a `\(key)` assertion"
        // A loop, not `compactMap`: a closure that mutates `self` worked on a copy of the whole decoder
        // (its arrays retained and released once per assertion, on every decoding thread).
        let elements = node.elements
        var out: [PathAssertion] = []
        out.reserveCapacity(elements.count)
        for element in elements {
            guard case .object = element.value else {
                report(
                    .wrongType(key: "\(key)[\(element.key)]", expected: "an object", found: element.typeDescription),
                    at: element
                )
                continue
            }
            guard let pathNode = require("path", in: element, context: context) else { continue }
            let path: String?
            var query: JSONPathQuery?
            if key == "json", case .string(let text) = pathNode.value, Template.mayHavePlaceholder(text) {
                path = templatedJSONPath(pathNode, text)
            } else if key == "json" {
                query = jsonQuery(pathNode)
                path = query?.expression
            } else {
                path = xpathExpression(pathNode)
            }
            let schemaNode = key == "json" ? element.member("schema") : nil
            let set =
                schemaNode == nil
                ? decodePredicates(element, context: context, extraKeys: ["path", "filters"])
                : decodeSchemaPredicates(element, context: context)
            let schema = schemaNode.flatMap { decodeSchema($0) }
            guard let path, let set, schemaNode == nil || schema != nil else { continue }
            var assertion = PathAssertion(path: path, predicates: set, location: place(element), query: query)
            assertion.schema = schema
            if let filtersNode = element.member("filters"), schemaNode == nil {
                guard let filters = decodeFilters(filtersNode) else { continue }
                assertion.filters = filters
            }
            out.append(assertion)
        }
        return out
    }

    /// An XPath 1.0 expression, its syntax checked by libxml2 (the problem reported inside the string).
    mutating func xpathExpression(_ node: SuiteNode) -> String? {
        guard let expression = string(node) else { return nil }
        if expression.trimmingWhitespace().isEmpty {
            report(
                .outOfRange(key: keyName(node), value: "empty", expected: "an XPath expression such as `//title`"),
                at: node
            )
            return nil
        }
        if let problem = XPathSyntax.problem(in: expression, namespaces: namespaces) {
            let place = problem.offset.map { location(inString: node, characterOffset: $0) } ?? location(node)
            var diagnostic = SuiteDiagnostic(
                location: place,
                reason: .invalidXPath(expression: expression, message: problem.message, position: problem.offset)
            )
            let text = expression.trimmingWhitespace()
            // `$.a`, `$[0]` and `$` are JSONPath; `$name` is an XPath variable.
            if text == "$" || text.hasPrefix("$.") || text.hasPrefix("$[") {
                diagnostic.fix =
                    "`\(expression)` is a JSONPath: for a JSON body write it under `json` instead of `xpath`"
            }
            diagnostics.append(.invalid(diagnostic))
            return nil
        }
        return expression
    }

    /// `httpVersion`: `"1.0"`, `"1.1"`, `"2"` or `"3"`, or predicates on that text.
    mutating func decodeHTTPVersion(_ node: SuiteNode) -> PredicateSet? {
        if case .string = node.value {
            return name(node, allowed: Self.httpVersions).map { PredicateSet([.equals(.string($0))]) }
        }
        if case .number(let n) = node.value {
            var d = SuiteDiagnostic(
                location: location(node),
                reason: .wrongType(key: "httpVersion", expected: "a string", found: "a number")
            )
            d.fix = "write the version as a string: `\"httpVersion\": \"\(n.literal)\"`"
            diagnostics.append(.invalid(d))
            return nil
        }
        return decodePredicates(node, context: "`httpVersion`")
    }

    static let httpVersions = ["1.0", "1.1", "2", "3"]

    mutating func decodeBodyExpectation(_ node: SuiteNode) -> BodyExpectation? {
        guard case .object = node.value else {
            report(.wrongType(key: "body", expected: "an object of predicates", found: node.typeDescription), at: node)
            return nil
        }
        var body = BodyExpectation()
        if let sha = node.member("sha256") { body.sha256 = decodeSHA256(sha) }
        if let bytes = node.member("bytes") { body.bytes = decodeCount(bytes, key: "bytes") }
        if let filtersNode = node.member("filters") { body.filters = decodeFilters(filtersNode, start: .string) ?? [] }
        let extra = ["sha256", "bytes", "filters"]
        if node.members.contains(where: { Self.predicateKeys.contains($0.key) }) {
            body.predicates = decodePredicates(node, context: "`body`", extraKeys: extra) ?? PredicateSet()
        } else if object(node, allowed: Self.predicateKeys + extra, context: "`body`") != nil,
            node.member("sha256") == nil, node.member("bytes") == nil,
            // A misspelt predicate is reported once, as the unknown key.
            !node.members.contains(where: { !(Self.predicateKeys + extra).contains($0.key) })
        {
            report(.emptyPredicate(context: "`body`"), at: node)
        }
        return body
    }

    mutating func decodeDuration(_ node: SuiteNode) -> [DurationAssertion] {
        let phases = TimingPhase.allCases.map(\.rawValue)
        guard let node = object(node, allowed: phases, context: "`duration`") else { return [] }
        return node.members.compactMap { key, child in
            guard let phase = TimingPhase(rawValue: key) else { return nil }
            if case .number(let n) = child.value {
                var d = SuiteDiagnostic(
                    location: location(child),
                    reason: .wrongType(key: key, expected: "a predicate object", found: "a number")
                )
                d.fix = "write `{\"lt\": \(n.literal)}` for an upper limit"
                diagnostics.append(.invalid(d))
                return nil
            }
            guard let set = decodePredicates(child, context: "`\(key)`") else { return nil }
            return DurationAssertion(phase: phase, predicates: set)
        }
    }

    mutating func decodeTLSExpectation(_ node: SuiteNode) -> TLSExpectation? {
        switch node.value {
        case .string(let s):
            if s == "trusted" { return .trusted }
            if s == "rejected" { return .rejected(reason: nil) }
            let suggestion = EditDistance.suggestion(for: s, among: ["trusted", "rejected"])
            report(
                .unknownName(key: "tls", value: s, allowed: ["trusted", "rejected"], suggestion: suggestion),
                at: node
            )
            return nil
        case .object:
            guard let o = object(node, allowed: ["rejected"], context: "`expect.tls`"),
                let reasonNode = require("rejected", in: o, context: "`expect.tls`"),
                let reason = name(reasonNode, allowed: Self.tlsRejectionReasons)
            else { return nil }
            return .rejected(reason: reason)
        default:
            report(
                .wrongType(
                    key: "tls",
                    expected: "\"trusted\", \"rejected\" or {\"rejected\": reason}",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
    }

    mutating func decodeCertificate(_ node: SuiteNode) -> CertificateExpectation? {
        let keys = ["subject", "issuer", "san", "expiresInDays", "pin", "startDate", "expiryDate", "serialNumber"]
        guard let node = object(node, allowed: keys, context: "`certificate`") else { return nil }
        func field(_ decoder: inout SuiteDecoder, _ key: String) -> PredicateSet? {
            guard let child = node.member(key) else { return nil }
            switch child.value {
            case .string, .number, .bool:
                decoder.recordTemplates(in: child)
                return PredicateSet([.equals(child.value)])
            case .array where key == "san":
                // The SAN list is an array: a plain array is the whole list, in order (`equals`).
                decoder.recordTemplates(in: child)
                return PredicateSet([.equals(child.value)])
            default: return decoder.decodePredicates(child, context: "`certificate.\(key)`")
            }
        }
        var expectation = CertificateExpectation(
            subject: field(&self, "subject"),
            issuer: field(&self, "issuer"),
            san: field(&self, "san"),
            expiresInDays: field(&self, "expiresInDays"),
            pin: field(&self, "pin")
        )
        expectation.startDate = field(&self, "startDate")
        expectation.expiryDate = field(&self, "expiryDate")
        expectation.serialNumber = field(&self, "serialNumber")
        return expectation
    }

    /// `"200-299"` for `"299-200"`: a status range written high to low, when it is one; nil otherwise.
    static func reversedStatusRange(_ text: String) -> String? {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let high = Int(bounds[0].trimmingWhitespace()),
            let low = Int(bounds[1].trimmingWhitespace()), low < high,
            StatusMatcher(parsing: "\(low)-\(high)") != nil
        else { return nil }
        return "\(low)-\(high)"
    }
}
