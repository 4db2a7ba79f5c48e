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
    /// The `$ref`s that led to this place in a shared fragment, the suite's own first; empty in the suite file.
    /// Not encoded: reports carry the place itself.
    public var references: [SourceLocation] = []

    /// Creates a location.
    public init(file: String, line: Int, column: Int, pointer: String) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    private enum CodingKeys: String, CodingKey {
        case file, line, column, pointer
    }

    /// Decodes the four fields.
    /// - Parameter decoder: the decoder.
    /// - Throws: a `DecodingError` for a missing or mistyped field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column),
            pointer: try container.decode(String.self, forKey: .pointer)
        )
    }

    /// Encodes the four fields (the pointer as text).
    /// - Parameter encoder: the encoder.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(pointer, forKey: .pointer)
    }

    /// Equal when the file, line, column and pointer text are.
    public static func == (a: SourceLocation, b: SourceLocation) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column && a.pointer == b.pointer
    }

    /// Hashes the file, line and column (the pointer follows from them in one file).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
    }
}
