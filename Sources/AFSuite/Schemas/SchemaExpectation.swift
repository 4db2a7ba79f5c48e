import JSONPath
import JSONSchema

/// A JSON Schema a response body (or the nodes a JSONPath selects) must match: `"schema":
/// "_data/user.schema.json"` or an inline schema object. Compiled once when the suite loads.
public struct SchemaExpectation: Sendable, Hashable {
    /// The compiled schema.
    public let schema: JSONSchema
    /// The schema document as written (for equality).
    public let document: JSONValue
    /// The file as written in the suite, or nil for an inline schema.
    public let file: String?
    /// Where the `schema` key is written.
    public let location: SourceLocation?

    /// Creates an expectation.
    public init(schema: JSONSchema, document: JSONValue, file: String?, location: SourceLocation?) {
        self.schema = schema
        self.document = document
        self.file = file
        self.location = location
    }

    /// The schema's name in messages: its file, or `inline schema`.
    public var name: String { file ?? "inline schema" }

    /// Equal when written the same way at the same place (the compiled form follows from that).
    public static func == (a: SchemaExpectation, b: SchemaExpectation) -> Bool {
        a.file == b.file && a.document == b.document && a.location == b.location
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(document)
    }

    /// An immutable box, for the assertions that hold one rarely (``PathAssertion/schema``).
    final class Box: Sendable {
        let value: SchemaExpectation
        init(_ value: SchemaExpectation) { self.value = value }
    }
}
