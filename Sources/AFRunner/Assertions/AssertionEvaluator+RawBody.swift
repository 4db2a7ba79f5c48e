import AFSession
import AFSuite
import JSONPath

extension AssertionEvaluator {
    /// `rawBody`'s `sha256` and `bytes`: the body as it came over the wire, before its `Content-Encoding` was
    /// undone, counted and hashed as it arrived (``HTTPRequest/measuresEncodedBody``), however long. They
    /// hold whether or not afrun could decode the body.
    func rawBody(_ expectation: RawBodyExpectation, _ context: ResponseContext) -> [AssertionResult] {
        let measured: (length: Int64, sha256: String)
        if let encoded = context.bodySummary.encoded {
            measured = (encoded.length, encoded.sha256Hex)
        } else if let plain = Self.uncodedBody(context) {
            measured = plain
        } else {
            let problem =
                "the body as sent was not measured (the request did not ask for it), and it was coded"
                + " or longer than the bytes kept"
            return Self.failedDigestAndLength(
                kind: "rawBody",
                sha256: expectation.sha256,
                bytes: expectation.bytes,
                message: problem
            )
        }
        var results: [AssertionResult] = []
        if let expected = expectation.sha256 {
            results.append(
                AssertionResult(
                    kind: "rawBody",
                    target: "sha256",
                    predicate: "equals",
                    expected: expected.lowercased(),
                    actual: measured.sha256,
                    passed: measured.sha256 == expected.lowercased(),
                    message: "rawBody sha256: expected \(expected.lowercased()), got \(measured.sha256)"
                )
            )
        }
        if let bytes = expectation.bytes {
            let n = JSONValue.number(JSONNumber(Int(measured.length)))
            for p in bytes.predicates {
                var result = Self.result(
                    kind: "rawBody",
                    target: "bytes",
                    predicate: p,
                    actual: n,
                    passed: PredicateEvaluator.holds(p, for: n)
                )
                result.message = "rawBody " + result.message
                results.append(result)
            }
        }
        return results
    }

    /// The length and digest of a body no coding touched, when a context was made without measuring the
    /// bytes as sent: then they are the body's own (nil when it was coded, or cut short and not hashed).
    private static func uncodedBody(_ context: ResponseContext) -> (length: Int64, sha256: String)? {
        guard context.response?.headers.values(for: "Content-Encoding").allSatisfy({ $0.isEmpty }) ?? true
        else { return nil }
        let summary = context.bodySummary
        if let digest = summary.sha256Hex { return (summary.length, digest) }
        guard !summary.isTruncated else { return nil }
        return (summary.length, OpenSSLDigest.sha256Hex(context.body))
    }

    /// Failed `body.sha256` and `body.bytes` results when the body could not be decoded: the decoded body's
    /// length and digest are not known.
    static func undecodedLengthAndDigest(_ expectation: BodyExpectation, problem: String) -> [AssertionResult] {
        failedDigestAndLength(kind: "body", sha256: expectation.sha256, bytes: expectation.bytes, message: problem)
    }

    /// One failed result for `sha256` (when expected) and one per `bytes` predicate, each saying `message`.
    static func failedDigestAndLength(
        kind: String,
        sha256: String?,
        bytes: PredicateSet?,
        message: String
    ) -> [AssertionResult] {
        var results: [AssertionResult] = []
        if let expected = sha256 {
            results.append(
                AssertionResult(
                    kind: kind,
                    target: "sha256",
                    predicate: "equals",
                    expected: expected.lowercased(),
                    actual: nil,
                    passed: false,
                    message: "\(kind) sha256: \(message)"
                )
            )
        }
        if let bytes {
            results += failedEach(kind: kind, target: "bytes", bytes, actual: nil, message: message)
        }
        return results
    }
}
