import AFSession
import AFSuite
import Foundation

extension Redactor {
    /// A result with every value from the wire or the suite redacted; its identity (suite, test, file, line),
    /// JSON paths, predicate names and skip reason are left as they are.
    /// - Parameters:
    ///   - result: the finished result.
    ///   - secretCaptures: captures whose value is hidden whole (marked secret, or taken from a sensitive name).
    public func redact(_ result: consuming TestResult, secretCaptures: Set<String> = []) -> TestResult {
        // One look at the secrets for the whole result (a result is redacted with the ones known when it finished).
        let set = current
        var r = consume result
        if !r.assertions.isEmpty { r.assertions = Self.assertions(r.assertions, set) }
        if let message = r.error?.message { r.error?.message = Self.text(message, set) }
        if var request = r.request {
            request.url = Self.url(request.url, set)
            request.headers = Self.headers(request.headers, set)
            request.bodyExcerpt = request.bodyExcerpt.map { Self.text($0, set) }
            r.request = request
        }
        if var response = r.response {
            response.headers = Self.headers(response.headers, set)
            response.bodyExcerpt = Self.text(response.bodyExcerpt, set)
            r.response = response
        }
        if !r.captures.isEmpty {
            r.captures = Dictionary(
                uniqueKeysWithValues: r.captures.map { name, value in
                    (
                        name,
                        secretCaptures.contains(name) || SinkRedactor.isSecretName(name)
                            ? Self.mask : SinkRedactor.text(set.field(value))
                    )
                }
            )
        }
        return r
    }

    /// Assertions with their expected and actual values redacted, and their messages rebuilt from the redacted
    /// values (the rest of a message is afrun's words and the target's path, never masked); the same array when
    /// nothing can change.
    static func assertions(_ list: [AssertionResult], _ set: SecretSet) -> [AssertionResult] {
        if set.isEmpty,
            list.allSatisfy({
                !targetsSensitiveName($0) && !SinkRedactor.mayNeedText($0.expected)
                    && $0.actual.map(SinkRedactor.mayNeedText) != true && !SinkRedactor.mayNeedText($0.message)
            })
        {
            return list
        }
        return list.map { assertion($0, set) }
    }

    /// One assertion, redacted.
    static func assertion(_ a: AssertionResult, _ set: SecretSet) -> AssertionResult {
        var out = a
        if targetsSensitiveName(a) {
            out.expected = mask
            out.actual = a.actual.map { _ in mask }
            out.message = "\(a.target ?? "header"): \(a.predicate) \(a.passed ? "held" : "failed") (value hidden)"
            return out
        }
        out.expected = SinkRedactor.text(set.field(a.expected))
        out.actual = a.actual.map { SinkRedactor.text(set.field($0)) }
        guard
            out.expected != a.expected || out.actual != a.actual || SinkRedactor.mayNeedText(a.message) || !set.isEmpty
        else { return out }
        let label = a.target ?? a.kind
        let standard = "\(label): expected \(a.expected), got \(a.actual.map(AssertionEvaluator.shorten) ?? "nothing")"
        if a.message == standard {
            // The standard message is the label and the two values: rebuilt from the redacted values, so nothing
            // of afrun's own text can be masked.
            out.message =
                "\(label): expected \(out.expected), got \(out.actual.map(AssertionEvaluator.shorten) ?? "nothing")"
        } else {
            out.message = text(a.message, set)
        }
        return out
    }

    /// Whether an assertion's target is a sensitive header or the value of a cookie with a sensitive name
    /// (`session`, `auth_token`): its values are hidden whole, as the `Set-Cookie` field that carried them is.
    /// A cookie's attributes (`session.path`) are no secret.
    static func targetsSensitiveName(_ a: AssertionResult) -> Bool {
        guard let target = a.target else { return false }
        switch a.kind {
        case "header":
            return SinkRedactor.isSecretName(target)
        case "cookie":
            let isAttribute = CookieAssertion.Field.allCases.contains {
                $0 != .value && target.hasSuffix("." + $0.rawValue)
            }
            return !isAttribute && SinkRedactor.isSecretName(target)
        default:
            return false
        }
    }
}
