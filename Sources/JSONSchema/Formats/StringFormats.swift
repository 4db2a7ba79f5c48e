/// The validator's `format` checkers for callers outside a schema (the runner's `format` predicate),
/// so there is one definition of what a `uuid` or a `date-time` is.
public enum StringFormats {
    /// The format names `accepts(_:as:)` knows: JSON Schema's (`date-time`, `uuid`, `ipv6`…).
    public static var names: [String] { Format.allCases.map(\.rawValue) }

    /// Whether `text` is a valid value of the JSON Schema format `name`; nil when `name` is not one
    /// the validator checks.
    /// - Parameters:
    ///   - text: the string to check.
    ///   - name: a JSON Schema format name such as `date-time`.
    /// - Returns: whether it is valid, or nil for an unknown format.
    public static func accepts(_ text: String, as name: String) -> Bool? {
        Format(rawValue: name)?.accepts(text)
    }
}
