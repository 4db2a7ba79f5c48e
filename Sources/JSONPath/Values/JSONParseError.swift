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
