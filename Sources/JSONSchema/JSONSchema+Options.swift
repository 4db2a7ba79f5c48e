import JSONPath

extension JSONSchema {
    /// How a schema is compiled and applied.
    public struct Options: Sendable {
        /// Whether `format` is an assertion (a failed format makes the instance invalid) instead of
        /// an annotation. A metaschema that declares the format-assertion vocabulary turns it on too.
        public var formatAssertion: Bool
        /// Whether references to `http`/`https` documents may be passed to the loader.
        public var allowsRemoteReferences: Bool
        /// The most violations one validation reports.
        public var maxViolations: Int
        /// The dialect of a schema that declares no `$schema`.
        public var defaultDialect: Dialect

        /// Creates options: format as annotation, no remote references, up to 100 violations, 2020-12.
        public init(
            formatAssertion: Bool = false,
            allowsRemoteReferences: Bool = false,
            maxViolations: Int = 100,
            defaultDialect: Dialect = .draft202012
        ) {
            self.formatAssertion = formatAssertion
            self.allowsRemoteReferences = allowsRemoteReferences
            self.maxViolations = maxViolations
            self.defaultDialect = defaultDialect
        }
    }

    /// The JSON Schema drafts the validator implements.
    public enum Dialect: Sendable, Hashable {
        /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`).
        case draft202012
        /// Draft-07 (`http://json-schema.org/draft-07/schema#`).
        case draft07

        /// The dialect named by a `$schema` URI, or nil for one that is not a known draft.
        init?(metaschema uri: String) {
            var text = uri
            if text.hasSuffix("#") { text.removeLast() }
            switch text {
            case "https://json-schema.org/draft/2020-12/schema": self = .draft202012
            case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema": self = .draft07
            default: return nil
            }
        }
    }

    /// Reads a document the schema refers to: given an absolute URI without fragment (`file:///…`,
    /// `http://…`, `urn:…`), returns its JSON, or nil when there is no such document.
    public typealias Loader = @Sendable (_ uri: String) throws -> JSONValue?
}
