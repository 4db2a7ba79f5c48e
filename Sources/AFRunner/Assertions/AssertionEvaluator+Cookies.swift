import AFSession
import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// Assertions on a cookie the response sets (its last `Set-Cookie` field of that name), or else a redirect
    /// followed before it. A cookie none of them sets has no fields: their predicates see nothing.
    func cookie(_ assertion: CookieAssertion, _ response: HTTPResponse, now: Date) -> [AssertionResult] {
        let cookie = ResponseCookie.named(assertion.name, in: response)
        var results: [AssertionResult] = []
        if let exists = assertion.exists {
            let predicate = AFSuite.Predicate.exists(exists)
            results.append(
                Self.result(
                    kind: "cookie",
                    target: assertion.name,
                    predicate: predicate,
                    actual: cookie.map { .string($0.value) },
                    passed: (cookie != nil) == exists
                )
            )
        }
        for field in assertion.fields {
            let target = field.field == .value ? assertion.name : "\(assertion.name).\(field.field.rawValue)"
            var actual = cookie.flatMap { Self.value(of: field.field, in: $0) }
            if !field.filters.isEmpty {
                switch FilterPipeline.apply(field.filters, to: actual, now: now, regexLimit: regexLimit) {
                case .success(let value): actual = value
                case .failure(let failure):
                    results += Self.filterFailed(kind: "cookie", target: target, field.predicates, failure)
                    continue
                }
            }
            for predicate in field.predicates.predicates {
                results.append(
                    Self.result(
                        kind: "cookie",
                        target: target,
                        predicate: predicate,
                        actual: actual,
                        verdict: PredicateEvaluator.verdict(predicate, for: actual, regexLimit: regexLimit),
                        limit: regexLimit
                    )
                )
            }
        }
        return results
    }

    /// A field of `cookie`: strings as written; `secure` and `httpOnly` booleans (false when the flag is
    /// absent); `expires` as RFC 3339 text when it reads as a cookie date (else as written); `maxAge` a
    /// number when it is one. nil for an attribute the cookie does not have.
    static func value(of field: CookieAssertion.Field, in cookie: ResponseCookie) -> JSONValue? {
        switch field {
        case .value: return .string(cookie.value)
        case .path: return cookie.attribute("Path").map(JSONValue.string)
        case .domain: return cookie.attribute("Domain").map(JSONValue.string)
        case .sameSite: return cookie.attribute("SameSite").map(JSONValue.string)
        case .secure: return .bool(cookie.attribute("Secure") != nil)
        case .httpOnly: return .bool(cookie.attribute("HttpOnly") != nil)
        case .maxAge:
            guard let text = cookie.attribute("Max-Age") else { return nil }
            return Int(text).map { .number(JSONNumber($0)) } ?? .string(text)
        case .expires:
            guard let text = cookie.attribute("Expires") else { return nil }
            // RFC 9110's IMF-fixdate, or the Netscape form with dashes many servers still send.
            let date =
                DatePattern("http-date").date(from: text)
                ?? DatePattern("EEE, dd-MMM-yyyy HH:mm:ss 'GMT'").date(from: text)
            return .string(date.map { DatePattern("iso8601").string(from: $0) } ?? text)
        }
    }
}
