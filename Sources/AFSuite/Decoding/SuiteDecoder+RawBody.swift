extension SuiteDecoder {
    /// `rawBody`: `sha256` and `bytes` of the body as it came over the wire, written as `body`'s are.
    mutating func decodeRawBodyExpectation(_ node: SuiteNode) -> RawBodyExpectation? {
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "rawBody",
                    expected: "an object with `sha256` and/or `bytes`",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
        guard object(node, allowed: ["sha256", "bytes"], context: "`rawBody`") != nil else { return nil }
        var raw = RawBodyExpectation()
        if let sha = node.member("sha256") { raw.sha256 = decodeSHA256(sha) }
        if let bytes = node.member("bytes") { raw.bytes = decodeCount(bytes, key: "bytes") }
        if node.members.isEmpty {
            var d = SuiteDiagnostic(location: location(node), reason: .missingKey(key: "sha256", context: "`rawBody`"))
            d.fix = "give `sha256` (64 hexadecimal digits) or `bytes` (a count or predicates like {\"lt\": 1000})"
            diagnostics.append(.invalid(d))
            return nil
        }
        return raw
    }

    /// A SHA-256 written as 64 hexadecimal digits (kept lower case), or a template checked once rendered.
    mutating func decodeSHA256(_ node: SuiteNode) -> String? {
        guard let hex = string(node) else { return nil }
        if Template.mayHavePlaceholder(hex) {
            // A digest from a variable (`"{{digest}}"`) is checked once rendered, at run time.
            return record(hex, at: node) != nil ? hex : nil
        }
        let lower = hex.lowercased()
        guard lower.count == 64, lower.allSatisfy({ $0.isHexDigit }) else {
            report(.outOfRange(key: "sha256", value: "\"\(hex)\"", expected: "64 hexadecimal digits"), at: node)
            return nil
        }
        return lower
    }
}
