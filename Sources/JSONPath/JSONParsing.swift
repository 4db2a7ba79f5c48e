import Foundation

/// CONTRACT (skeleton): the JSONPath issue implements a fast RFC 8259 parser that keeps number
/// literals and member order, can record where each value and member name sits in the source,
/// and serializes values back to JSON text.
extension JSONValue {
    /// Parses a JSON document.
    public init(parsing data: Data) throws(JSONParseError) {
        throw JSONParseError(message: "not implemented", offset: 0, line: 1, column: 1)
    }

    /// Parses a JSON document and records the source location of every value and member name.
    public static func parseWithLocations(_ data: Data) throws(JSONParseError) -> (JSONValue, JSONSourceMap) {
        throw JSONParseError(message: "not implemented", offset: 0, line: 1, column: 1)
    }

    /// The value as JSON text; `sortedKeys` orders object members by name, `pretty` indents by two spaces.
    public func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String { "" }
}

/// A JSON syntax error with its place in the document.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public var message: String
    /// Byte offset from the start of the document.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    /// Creates an error.
    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

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
    public func keyLocation(of pointer: String) -> JSONSourceLocation? { keyLocations[pointer] ?? valueLocations[pointer] }
}
