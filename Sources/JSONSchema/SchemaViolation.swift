import JSONPath

/// One reason an instance does not match a schema: a value, not a thrown error.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance, as a JSON Pointer (`""` for the whole document, `/items/3/price`).
    public let instanceLocation: String
    /// Where in the schema, as a URI fragment or absolute URI (`#/properties/price/type`).
    public let keywordLocation: String
    /// What is wrong (`expected number, got string`).
    public let message: String

    /// Creates a violation.
    public init(instanceLocation: String, keywordLocation: String, message: String) {
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.message = message
    }

    /// `/items/3/price: expected number, got string (at #/properties/items/items/properties/price/type)`;
    /// the root instance shows as `/`. Always one line: a line break in a member name the instance chose
    /// is written `\n` (`\r`), so violations listed one per line cannot be split or imitated by the data.
    public var description: String {
        let text = "\(instanceLocation.isEmpty ? "/" : instanceLocation): \(message) (at \(keywordLocation))"
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// The violation as a JSON object (`instanceLocation`, `keywordLocation`, `message`).
    public var json: JSONValue {
        .object(
            JSONObject([
                ("instanceLocation", .string(instanceLocation)),
                ("keywordLocation", .string(keywordLocation)),
                ("message", .string(message)),
            ])
        )
    }
}

/// The outcome of validating one instance.
public struct ValidationResult: Sendable, Hashable {
    /// The violations found, in evaluation order, at most the configured limit.
    public let violations: [SchemaViolation]
    /// Whether more violations existed than the limit let through.
    public let truncated: Bool
    /// Whether the instance matches the schema.
    public var isValid: Bool { violations.isEmpty }
}
