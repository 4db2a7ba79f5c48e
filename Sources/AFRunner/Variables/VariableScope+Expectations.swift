import AFSuite
import JSONPath

extension VariableScope {
    /// `expect` with `{{variables}}` rendered in every string operand of its predicates, so that
    /// a test can assert on a value an earlier test captured (`"equals": "{{userId}}"`).
    /// A `status` template is rendered and parsed, a JSON path with `{{…}}` rendered and compiled. XPath,
    /// regexes and header names stay as written.
    /// - Throws: `RunnerError.undefinedVariable`.
    public func render(_ expect: Expectations) throws(RunnerError) -> Expectations {
        // Most expectations hold no `{{`: nothing to render, nothing to copy.
        guard Self.mayHavePlaceholders(expect) else { return expect }
        var out = expect
        out.status = try expect.status.map { (m: StatusMatcher) throws(RunnerError) -> StatusMatcher in
            guard case .template(let text) = m else { return m }
            let rendered = try render(text)
            guard let parsed = StatusMatcher(parsing: rendered) else {
                throw .invalidTemplate(
                    text,
                    "renders to `\(rendered)`, which is not a status (a code 100-599, \"2xx\" or \"200-299\")"
                )
            }
            return parsed
        }
        out.headers = try expect.headers.map { (h: HeaderAssertion) throws(RunnerError) -> HeaderAssertion in
            var h = h
            h.predicates = try render(h.predicates)
            return h
        }
        out.json = try expect.json.map { (a: PathAssertion) throws(RunnerError) -> PathAssertion in
            var a = a
            a.predicates = try render(a.predicates)
            if Template.mayHavePlaceholder(a.path) {
                let rendered = try renderPath(a.path)
                a.path = rendered.path
                a.query = rendered.query
            }
            return a
        }
        out.xpath = try expect.xpath.map { (a: PathAssertion) throws(RunnerError) -> PathAssertion in
            var a = a
            a.predicates = try render(a.predicates)
            return a
        }
        if var body = expect.body {
            body.predicates = try render(body.predicates)
            body.sha256 = try body.sha256.map { (s: String) throws(RunnerError) -> String in try render(s) }
            out.body = body
        }
        if var raw = expect.rawBody {
            raw.sha256 = try raw.sha256.map { (s: String) throws(RunnerError) -> String in try render(s) }
            out.rawBody = raw
        }
        out.captures = try expect.captures.map { (c: CaptureAssertion) throws(RunnerError) -> CaptureAssertion in
            var c = c
            c.predicates = try render(c.predicates)
            return c
        }
        out.cookies = try expect.cookies.map { (c: CookieAssertion) throws(RunnerError) -> CookieAssertion in
            var c = c
            c.fields = try c.fields.map {
                (f: CookieAssertion.FieldAssertion) throws(RunnerError) -> CookieAssertion.FieldAssertion in
                var f = f
                f.predicates = try render(f.predicates)
                return f
            }
            return c
        }
        out.url = try expect.url.map { (s: PredicateSet) throws(RunnerError) -> PredicateSet in try render(s) }
        if var redirects = expect.redirects {
            redirects.chain = try redirects.chain?.map {
                (hop: RedirectExpectation.Hop) throws(RunnerError) -> RedirectExpectation.Hop in
                var hop = hop
                hop.location = try hop.location.map { (s: PredicateSet) throws(RunnerError) -> PredicateSet in
                    try render(s)
                }
                return hop
            }
            out.redirects = redirects
        }
        if var certificate = expect.certificate {
            certificate.subject = try certificate.subject.map { (s: PredicateSet) throws(RunnerError) -> PredicateSet in
                try render(s)
            }
            certificate.issuer = try certificate.issuer.map { (s: PredicateSet) throws(RunnerError) -> PredicateSet in
                try render(s)
            }
            certificate.san = try certificate.san.map { (s: PredicateSet) throws(RunnerError) -> PredicateSet in
                try render(s)
            }
            certificate.pin = try certificate.pin.map { (s: PredicateSet) throws(RunnerError) -> PredicateSet in
                try render(s)
            }
            certificate.serialNumber = try certificate.serialNumber.map {
                (s: PredicateSet) throws(RunnerError) -> PredicateSet in try render(s)
            }
            out.certificate = certificate
        }
        return out
    }

    func render(_ set: PredicateSet) throws(RunnerError) -> PredicateSet {
        var predicates: [AFSuite.Predicate] = []
        for predicate in set.predicates {
            switch predicate {
            case .equals(let v): predicates.append(.equals(try render(v)))
            case .notEquals(let v): predicates.append(.notEquals(try render(v)))
            case .contains(let v): predicates.append(.contains(try render(v)))
            case .lessThan(let v): predicates.append(.lessThan(try render(v)))
            case .lessThanOrEqual(let v): predicates.append(.lessThanOrEqual(try render(v)))
            case .greaterThan(let v): predicates.append(.greaterThan(try render(v)))
            case .greaterThanOrEqual(let v): predicates.append(.greaterThanOrEqual(try render(v)))
            case .oneOf(let vs):
                predicates.append(
                    .oneOf(try vs.map { (v: JSONValue) throws(RunnerError) -> JSONValue in try render(v) })
                )
            case .count(let inner): predicates.append(.count(try render(inner)))
            case .not(let inner): predicates.append(.not(try render(inner)))
            case .all(let inner): predicates.append(.all(try render(inner)))
            case .any(let inner): predicates.append(.any(try render(inner)))
            case .nth(let index, let inner): predicates.append(.nth(index, try render(inner)))
            case .startsWith(let text): predicates.append(.startsWith(try render(text)))
            case .endsWith(let text): predicates.append(.endsWith(try render(text)))
            case .exists, .matches, .type, .format, .closeTo: predicates.append(predicate)
            }
        }
        return PredicateSet(predicates)
    }

    /// Whether any operand `render(_:)` would touch holds `{{`.
    static func mayHavePlaceholders(_ expect: Expectations) -> Bool {
        func inValue(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let s): return Template.mayHavePlaceholder(s)
            case .array(let items): return items.contains(where: inValue)
            case .object(let object):
                return object.contains { Template.mayHavePlaceholder($0.key) || inValue($0.value) }
            default: return false
            }
        }
        func inSet(_ set: PredicateSet) -> Bool {
            set.predicates.contains { predicate in
                switch predicate {
                case .equals(let v), .notEquals(let v), .contains(let v), .lessThan(let v), .lessThanOrEqual(let v),
                    .greaterThan(let v), .greaterThanOrEqual(let v):
                    return inValue(v)
                case .oneOf(let vs): return vs.contains(where: inValue)
                case .count(let inner), .not(let inner), .all(let inner), .any(let inner), .nth(_, let inner):
                    return inSet(inner)
                case .startsWith(let text), .endsWith(let text): return Template.mayHavePlaceholder(text)
                case .exists, .matches, .type, .format, .closeTo: return false
                }
            }
        }
        if expect.status.contains(where: { if case .template = $0 { true } else { false } }) { return true }
        if expect.headers.contains(where: { inSet($0.predicates) })
            || expect.captures.contains(where: { inSet($0.predicates) })
            || expect.cookies.contains(where: { $0.fields.contains { inSet($0.predicates) } })
            || expect.url.map(inSet) == true
            || expect.redirects?.chain?.contains(where: { $0.location.map(inSet) == true }) == true
        {
            return true
        }
        if expect.json.contains(where: { inSet($0.predicates) || Template.mayHavePlaceholder($0.path) })
            || expect.xpath.contains(where: { inSet($0.predicates) })
        {
            return true
        }
        if let body = expect.body, inSet(body.predicates) || body.sha256.map(Template.mayHavePlaceholder) == true {
            return true
        }
        if expect.rawBody?.sha256.map(Template.mayHavePlaceholder) == true { return true }
        if let c = expect.certificate,
            [c.subject, c.issuer, c.san, c.pin, c.serialNumber].contains(where: { $0.map(inSet) == true })
        {
            return true
        }
        return false
    }
}
