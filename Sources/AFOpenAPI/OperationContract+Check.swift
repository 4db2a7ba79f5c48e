import Foundation
import JSONPath
import JSONSchema

extension OperationContract {
    /// The outcome of one check of a response against the operation.
    public struct Finding: Sendable, Hashable {
        /// `status`, `contentType`, `header`, or `body`.
        public var check: String
        /// What was checked (`Content-Type`, a header name), when not the whole response.
        public var target: String?
        /// Whether the response meets the documentation.
        public var passed: Bool
        /// What was found, or what is wrong (a body's violations one per line).
        public var message: String
    }

    /// Checks a response: its status is documented, its content type is one of that response's, its
    /// documented headers are present when required and match their schemas, its body matches the schema.
    /// - Parameters:
    ///   - status: the status code.
    ///   - header: the value of a header by name (case-insensitive), or nil.
    ///   - body: the body bytes.
    /// - Returns: one finding per check made.
    public func check(status: Int, header: (String) -> String?, body: Data) -> [Finding] {
        let key = String(status)
        let classKey = "\(status / 100)XX"
        guard
            let (documentedKey, response) = responses.first(where: { $0.key == key })
                ?? responses.first(where: { $0.key.uppercased() == classKey })
                ?? responses.first(where: { $0.key == "default" })
        else {
            return [
                Finding(
                    check: "status",
                    target: nil,
                    passed: false,
                    message: "status \(status) is not documented for \(name) (documented: "
                        + documentedStatuses.joined(separator: ", ") + ")"
                )
            ]
        }
        var findings = [
            Finding(
                check: "status",
                target: nil,
                passed: true,
                message: "status \(status) is documented as \(documentedKey)"
            )
        ]
        for (name, required, schema) in response.headers {
            guard let value = header(name) else {
                if required {
                    findings.append(
                        Finding(
                            check: "header",
                            target: name,
                            passed: false,
                            message: "required header \(name) is missing"
                        )
                    )
                }
                continue
            }
            guard let schema else { continue }
            // A header is text; a schema of numbers or booleans is checked against the value read as JSON.
            let asText = schema.validate(.string(value))
            let asJSON = (try? JSONValue(parsing: value)).map(schema.validate)
            let valid = asText.isValid || asJSON?.isValid == true
            findings.append(
                Finding(
                    check: "header",
                    target: name,
                    passed: valid,
                    message: valid
                        ? "\(name) matches its schema"
                        : "\(name): \"\(value)\" does not match its schema ("
                            + headerReasons(asText: asText, asJSON: asJSON, value: value) + ")"
                )
            )
        }
        guard !response.content.isEmpty else { return findings }
        let contentType = header("Content-Type")
        let mediaType = contentType.map(Self.mediaType)
        guard let mediaType, let match = Self.bestMatch(mediaType, in: response.content) else {
            findings.append(
                Finding(
                    check: "contentType",
                    target: "Content-Type",
                    passed: false,
                    message: "Content-Type \(contentType ?? "(none)") is not documented for \(name) \(documentedKey) "
                        + "(documented: \(response.content.map(\.mediaType).joined(separator: ", ")))"
                )
            )
            return findings
        }
        findings.append(
            Finding(
                check: "contentType",
                target: "Content-Type",
                passed: true,
                message: "Content-Type \(mediaType) is documented"
            )
        )
        guard let schema = match.schema else { return findings }
        guard mediaType.hasSuffix("json") else { return findings }
        let instance: JSONValue
        do {
            instance = try JSONValue(parsing: body)
        } catch {
            findings.append(
                Finding(
                    check: "body",
                    target: nil,
                    passed: false,
                    message: "the body is not JSON (\(error.description))"
                )
            )
            return findings
        }
        let result = schema.validate(instance)
        findings.append(
            Finding(
                check: "body",
                target: nil,
                passed: result.isValid,
                message: result.isValid
                    ? "the body matches the \(documentedKey) \(mediaType) schema of \(name)"
                    : "the body does not match the \(documentedKey) \(mediaType) schema of \(name):\n  "
                        + result.violations.map(describe).joined(separator: "\n  ")
            )
        )
        return findings
    }

    /// Why a header's value failed its schema: read as text, and as the number or boolean it spells
    /// (`as text: expected integer, got string; as JSON 156: 156 is greater than the maximum 10 (at …)`).
    private func headerReasons(asText: ValidationResult, asJSON: ValidationResult?, value: String) -> String {
        var reasons: [String] = []
        if let first = asText.violations.first { reasons.append("as text: " + describe(first)) }
        if let first = asJSON?.violations.first { reasons.append("as JSON \(value): " + describe(first)) }
        return reasons.joined(separator: "; ")
    }

    /// A violation with the document's name in place of its internal URI.
    private func describe(_ violation: SchemaViolation) -> String {
        let prefix = OpenAPIContract.documentURI + "#"
        guard violation.keywordLocation.hasPrefix(prefix) else { return violation.description }
        return SchemaViolation(
            instanceLocation: violation.instanceLocation,
            keywordLocation: documentName + "#" + violation.keywordLocation.dropFirst(prefix.count),
            message: violation.message
        ).description
    }

    /// `application/json; charset=utf-8` → `application/json`.
    static func mediaType(_ value: String) -> String {
        (value.split(separator: ";").first.map(String.init) ?? value).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The documented media type a response's type falls under: exact, then `type/*`, then `*/*`.
    static func bestMatch(
        _ mediaType: String,
        in content: [(mediaType: String, schema: JSONSchema?)]
    ) -> (
        mediaType: String, schema: JSONSchema?
    )? {
        let family = (mediaType.split(separator: "/").first.map(String.init) ?? "") + "/*"
        return content.first { $0.mediaType == mediaType } ?? content.first { $0.mediaType == family }
            ?? content.first { $0.mediaType == "*/*" }
    }
}
