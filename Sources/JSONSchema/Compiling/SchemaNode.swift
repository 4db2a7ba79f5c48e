import Foundation
import JSONPath

/// One compiled (sub)schema: its keywords in a form the evaluator reads without looking anything
/// up; other schemas are referred to by their index in ``JSONSchema``'s node table.
struct SchemaNode: Sendable {
    /// `true` or `false` as a schema; nil for an object schema.
    var constant: Bool?
    /// Where the schema sits (`#/properties/a`, or an absolute URI for another resource), the
    /// prefix of every keyword location it reports.
    var location: String
    /// The schema resource it belongs to (an index into ``JSONSchema``'s resource table), for
    /// `$dynamicRef`'s dynamic scope.
    var resource: Int

    var types: TypeSet?
    var enumValues: [JSONValue]?
    var constValue: JSONValue?
    var ref: Int?
    var dynamicRef: DynamicReference?

    var minimum: JSONNumber?
    var maximum: JSONNumber?
    var exclusiveMinimum: JSONNumber?
    var exclusiveMaximum: JSONNumber?
    var multipleOf: JSONNumber?

    var minLength: Int?
    var maxLength: Int?
    var pattern: CompiledPattern?
    var format: Format?

    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false
    var prefixItems: [Int] = []
    var items: Int?
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    var unevaluatedItems: Int?

    var properties: [(name: String, node: Int)] = []
    var patternProperties: [(pattern: CompiledPattern, node: Int)] = []
    var additionalProperties: Int?
    var propertyNames: Int?
    var required: [String] = []
    var dependentRequired: [(name: String, required: [String])] = []
    var dependentSchemas: [(name: String, node: Int)] = []
    var minProperties: Int?
    var maxProperties: Int?
    var unevaluatedProperties: Int?

    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var ifNode: Int?
    var thenNode: Int?
    var elseNode: Int?

    /// Whether this schema or one it applies in place uses `unevaluatedProperties`/`Items`, so
    /// evaluation must collect which members and items were evaluated.
    var needsAnnotations = false

    init(location: String, resource: Int, constant: Bool? = nil) {
        self.location = location
        self.resource = resource
        self.constant = constant
    }
}

/// A compiled node behind a reference: the evaluator reads a node per instance value, and borrowing
/// it from an immutable box costs one retain where copying the struct retained each of its arrays.
@dynamicMemberLookup
final class CompiledNode: Sendable {
    let node: SchemaNode
    init(_ node: SchemaNode) { self.node = node }

    /// The node's keywords, read in place.
    @inline(__always)
    subscript<T>(dynamicMember keyPath: KeyPath<SchemaNode, T>) -> T { node[keyPath: keyPath] }
}

/// The JSON types a `type` keyword allows.
struct TypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let object = TypeSet(rawValue: 4)
    static let array = TypeSet(rawValue: 8)
    static let number = TypeSet(rawValue: 16)
    static let string = TypeSet(rawValue: 32)
    static let integer = TypeSet(rawValue: 64)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    /// The names, for messages (`number or string`).
    var names: String {
        let all: [(TypeSet, String)] = [
            (.null, "null"), (.boolean, "boolean"), (.object, "object"), (.array, "array"), (.number, "number"),
            (.string, "string"), (.integer, "integer"),
        ]
        return all.filter { contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}

/// A `$dynamicRef`: where it points statically, and the anchor name that makes it dynamic.
struct DynamicReference: Sendable {
    var fallback: Int
    /// The `$dynamicAnchor` name to look up in the dynamic scope, when the static target declares it.
    var anchor: String?
}

/// A `pattern` or `patternProperties` regular expression, compiled once.
struct CompiledPattern: @unchecked Sendable {
    // NSRegularExpression is immutable after creation and documented as safe to use from several
    // threads at once; nothing mutates it here.
    let source: String
    let regex: NSRegularExpression

    init?(_ source: String) {
        guard let regex = try? NSRegularExpression(pattern: ECMARegex.translate(source)) else { return nil }
        self.source = source
        self.regex = regex
    }

    /// Whether the pattern matches anywhere in `text` (ECMA-262 patterns are not anchored).
    func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, options: [], range: range) != nil
    }
}
