extension SuiteDecoder {
    /// `xpathNamespaces`: prefixes (XML names without a colon; `_` for the default namespace) to URIs.
    mutating func decodeNamespaces(_ node: SuiteNode) -> [String: String] {
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "xpathNamespaces",
                    expected: "an object of prefixes to namespace URIs",
                    found: node.typeDescription
                ),
                at: node
            )
            return [:]
        }
        var out: [String: String] = [:]
        for (prefix, child) in node.members {
            guard Self.isPrefix(prefix) else {
                var d = SuiteDiagnostic(
                    location: location(child, key: true),
                    reason: .outOfRange(
                        key: "xpathNamespaces",
                        value: "\"\(prefix)\"",
                        expected: "a prefix: letters, digits, `_`, `-` and `.`, not starting with a digit, no colon"
                    )
                )
                d.fix =
                    "write the prefix as the XPath uses it (`soap` for `//soap:Body`, `_` for the default namespace)"
                diagnostics.append(.invalid(d))
                continue
            }
            guard let uri = string(child) else { continue }
            if uri.isEmpty {
                report(.outOfRange(key: prefix, value: "empty", expected: "a namespace URI"), at: child)
                continue
            }
            out[prefix] = uri
        }
        return out
    }

    /// Whether `text` is an XML NCName libxml2 accepts as a prefix (ASCII letters, digits, `_`, `-`, `.`;
    /// non-ASCII letters too).
    static func isPrefix(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}
