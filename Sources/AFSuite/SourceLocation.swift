/// A place in a suite file, for diagnostics and for CI annotations.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The suite file's path as the user gave it (or relative to the working directory).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// The RFC 6901 JSON pointer of the value, e.g. `/tests/2/expect/status`.
    public var pointer: String

    /// Creates a location.
    public init(file: String, line: Int, column: Int, pointer: String) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
