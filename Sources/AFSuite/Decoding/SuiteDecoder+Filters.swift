import Foundation
import JSONPath

extension SuiteDecoder {
    /// What a filter takes and gives, as far as the suite says: a chain that cannot apply
    /// (`["toInt", "split"]`) is reported when the suite loads, not when a response arrives.
    enum FilterKind: String {
        case string = "a string"
        case number = "a number"
        case list = "a list"
        case date = "a date"
        case bytes = "bytes"
        /// Unknown until a response arrives (a JSON node, a list element).
        case any = "any value"
    }

    /// The kinds `filter` accepts (nil: any) and the kind it gives.
    static func signature(_ filter: ValueFilter) -> (accepts: [FilterKind]?, gives: FilterKind) {
        switch filter {
        case .toInt, .toFloat: ([.string, .number], .number)
        case .toString: (nil, .string)
        case .count: ([.list, .string], .number)
        case .first, .last, .nth: ([.list], .any)
        case .split: ([.string], .list)
        case .replace, .regex, .urlDecode, .urlEncode, .htmlUnescape, .trim, .lowercase, .uppercase:
            ([.string], .string)
        case .jsonpath: ([.string], .any)
        case .base64Decode: ([.string], .bytes)
        case .base64Encode, .sha256, .md5: ([.string, .bytes], .string)
        case .toDate: ([.string], .date)
        case .dateFormat: ([.date], .string)
        case .daysBeforeNow, .daysAfterNow: ([.date], .number)
        case .decode: ([.bytes], .string)
        }
    }

    /// Decodes `"filters": [...]`, checking each filter's name and argument and that each can take
    /// what the one before gives. `start` is what the subject is before any filter.
    mutating func decodeFilters(_ node: SuiteNode, start: FilterKind = .any) -> [ValueFilter]? {
        guard case .array = node.value else {
            report(
                .wrongType(
                    key: "filters",
                    expected: "an array of filters such as [\"trim\", {\"split\": \",\"}]",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
        var filters: [ValueFilter] = []
        var kind = start
        var previous: ValueFilter?
        var valid = true
        for element in node.elements {
            guard let filter = decodeFilter(element) else {
                valid = false
                kind = .any
                continue
            }
            let (accepts, gives) = Self.signature(filter)
            if let accepts, kind != .any, !accepts.contains(kind) {
                var d = SuiteDiagnostic(
                    location: location(element),
                    reason: .wrongType(
                        key: filter.keyword,
                        expected: accepts.map(\.rawValue).joined(separator: " or "),
                        found: "\(kind.rawValue)" + (previous.map { " (what `\($0.keyword)` gives)" } ?? "")
                    )
                )
                d.fix = Self.chainFix(filter, after: kind)
                diagnostics.append(.invalid(d))
                valid = false
            }
            kind = gives
            previous = filter
            filters.append(filter)
        }
        return valid ? filters : nil
    }

    private static func chainFix(_ filter: ValueFilter, after kind: FilterKind) -> String {
        switch (filter, kind) {
        case (.dateFormat, _), (.daysBeforeNow, _), (.daysAfterNow, _):
            "put `{\"toDate\": \"iso8601\"}` (or a date pattern) before `\(filter.keyword)`"
        case (.decode, _): "`decode` takes bytes: put `base64Decode` before it"
        case (_, .number), (_, .date), (_, .bytes): "put `toString` before `\(filter.keyword)`, or remove it"
        default: "reorder the filters so `\(filter.keyword)` gets what it takes"
        }
    }

    private mutating func decodeFilter(_ node: SuiteNode) -> ValueFilter? {
        let names = ValueFilter.bareNames + ValueFilter.argumentNames
        switch node.value {
        case .string(let name):
            switch name {
            case "toInt": return .toInt
            case "toFloat": return .toFloat
            case "toString": return .toString
            case "count": return .count
            case "first": return .first
            case "last": return .last
            case "base64Decode": return .base64Decode
            case "base64Encode": return .base64Encode
            case "urlDecode": return .urlDecode
            case "urlEncode": return .urlEncode
            case "htmlUnescape": return .htmlUnescape
            case "daysBeforeNow": return .daysBeforeNow
            case "daysAfterNow": return .daysAfterNow
            case "sha256": return .sha256
            case "md5": return .md5
            case "trim": return .trim
            case "lowercase": return .lowercase
            case "uppercase": return .uppercase
            default:
                if ValueFilter.argumentNames.contains(name) {
                    var d = SuiteDiagnostic(
                        location: location(node),
                        reason: .wrongType(key: name, expected: "an object with its argument", found: "a bare name")
                    )
                    d.fix = "write `{\"\(name)\": \(Self.argumentExample(name))}`"
                    diagnostics.append(.invalid(d))
                } else {
                    report(
                        .unknownName(
                            key: "filters",
                            value: name,
                            allowed: names,
                            suggestion: EditDistance.suggestion(for: name, among: names)
                        ),
                        at: node
                    )
                }
                return nil
            }
        case .object(let object):
            guard object.count == 1, let name = object.members.first?.key, let argument = node.member(name) else {
                report(
                    .wrongType(
                        key: "filters[\(node.key)]",
                        expected: "one filter: a name or {name: argument}",
                        found: "an object of \(object.count) keys"
                    ),
                    at: node
                )
                return nil
            }
            guard ValueFilter.argumentNames.contains(name) else {
                _ = self.object(node, allowed: ValueFilter.argumentNames, context: "a filter")
                return nil
            }
            return decodeFilterArgument(name, argument)
        default:
            report(
                .wrongType(
                    key: "filters[\(node.key)]",
                    expected: "a filter name or {name: argument}",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
    }

    private static func argumentExample(_ name: String) -> String {
        switch name {
        case "nth": "0"
        case "split": "\",\""
        case "replace": "[\"regex\", \"with\"]"
        case "regex": "\"id=(\\\\d+)\""
        case "jsonpath": "\"$.a\""
        case "toDate", "dateFormat": "\"yyyy-MM-dd\""
        default: "\"latin1\""
        }
    }

    private mutating func decodeFilterArgument(_ name: String, _ argument: SuiteNode) -> ValueFilter? {
        switch name {
        case "nth": return integer(argument, in: -Int(Int32.max)...Int(Int32.max)).map { ValueFilter.nth($0) }
        case "split":
            guard let separator = string(argument) else { return nil }
            guard !separator.isEmpty else {
                report(
                    .outOfRange(key: "split", value: "\"\"", expected: "a separator of one character or more"),
                    at: argument
                )
                return nil
            }
            return .split(separator)
        case "replace":
            guard case .array = argument.value, argument.elements.count == 2 else {
                report(
                    .wrongType(
                        key: "replace",
                        expected: "an array [regex, replacement]",
                        found: argument.typeDescription
                    ),
                    at: argument
                )
                return nil
            }
            guard let pattern = regex(argument.elements[0]), let with = string(argument.elements[1]) else { return nil }
            return .replace(pattern: pattern, with: with)
        case "regex": return regex(argument).map { ValueFilter.regex($0) }
        case "jsonpath": return jsonPath(argument).map { ValueFilter.jsonpath($0) }
        case "toDate", "dateFormat":
            guard let pattern = string(argument) else { return nil }
            guard !pattern.isEmpty else {
                report(
                    .outOfRange(
                        key: name,
                        value: "\"\"",
                        expected: "`iso8601`, `http-date` or a pattern like \"yyyy-MM-dd\""
                    ),
                    at: argument
                )
                return nil
            }
            return name == "toDate" ? .toDate(pattern) : .dateFormat(pattern)
        default:
            guard let charset = string(argument) else { return nil }
            return .decode(charset)
        }
    }
}
