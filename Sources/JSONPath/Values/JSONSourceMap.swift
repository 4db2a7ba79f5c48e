/// A place in a JSON source.
public struct JSONSourceLocation: Sendable, Hashable {
    /// Byte offset.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}

/// Where each value of a parsed document came from, keyed by RFC 6901 JSON pointer
/// (`""` is the root, `/tests/0/name` a member of an element).
public struct JSONSourceMap: Sendable {
    /// Locations of values.
    public var valueLocations: [String: JSONSourceLocation]
    /// Locations of member names (for "unknown key" errors).
    public var keyLocations: [String: JSONSourceLocation]

    /// Creates a map.
    public init(valueLocations: [String: JSONSourceLocation] = [:], keyLocations: [String: JSONSourceLocation] = [:]) {
        self.valueLocations = valueLocations
        self.keyLocations = keyLocations
    }

    /// Where the value at `pointer` starts.
    public func location(of pointer: String) -> JSONSourceLocation? { valueLocations[pointer] }
    /// Where the member name of the value at `pointer` starts (falls back to the value).
    public func keyLocation(of pointer: String) -> JSONSourceLocation? {
        keyLocations[pointer] ?? valueLocations[pointer]
    }

    /// Escapes one reference token for a JSON pointer (`~` → `~0`, `/` → `~1`, RFC 6901 §3).
    /// - Parameter token: a member name or array index as text.
    /// - Returns: the token as it appears in a pointer.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
