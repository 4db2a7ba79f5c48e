import AFSession
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
        // Written in place (`r.request?.url = …`): copying a summary out and back retained and released every one
        // of its fields once more per result.
        if let message = r.error?.message {
            let redacted = Self.text(message, set)
            if redacted != message { r.error?.message = redacted }
        }
        // Written only when it changes: most URLs carry nothing to hide (and most are seen to at a glance).
        if let url = r.request?.url {
            let redacted = Self.url(url, set)
            if redacted != url { r.request?.url = redacted }
        }
        if let headers = r.request?.headers {
            let redacted = Self.headers(headers, set)
            if redacted != headers { r.request?.headers = redacted }
        }
        if let excerpt = r.request?.bodyExcerpt {
            let redacted = Self.text(excerpt, set)
            if redacted != excerpt { r.request?.bodyExcerpt = redacted }
        }
        if let headers = r.response?.headers {
            let redacted = Self.headers(headers, set)
            if redacted != headers { r.response?.headers = redacted }
        }
        if let excerpt = r.response?.bodyExcerpt {
            let redacted = Self.text(excerpt, set)
            if redacted != excerpt { r.response?.bodyExcerpt = redacted }
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
                !targetsSensitiveHeader($0) && !SinkRedactor.mayNeedText($0.expected)
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
        if targetsSensitiveHeader(a) {
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

    /// Whether an assertion's target is a sensitive header (its values are hidden whole).
    static func targetsSensitiveHeader(_ a: AssertionResult) -> Bool {
        a.kind == "header" && a.target.map(SinkRedactor.isSecretName) == true
    }
}
