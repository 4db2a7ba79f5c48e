import Foundation

/// AFNetworking's query string rules (`AFQueryStringFromParameters`,
/// `AFQueryStringPairsFromKeyAndValue`, `AFPercentEscapedStringFromString`) as pure functions.
///
/// - Dictionary keys are sorted by their description; nested dictionaries become `key[sub]`.
/// - Arrays become `key[]`, one pair per element, in order.
/// - Set elements are sorted by their description, then each is written under the set's key.
/// - `null` is written as the bare (escaped) key, without `=`.
/// - Field and value are percent-escaped as ``percentEscaped(_:)`` does, brackets included.
public enum QueryString {
    /// One `field=value` pair before escaping; `value` nil means a bare field (`NSNull`).
    public struct Pair: Sendable, Hashable {
        /// The field, e.g. `user[name]`, unescaped.
        public var field: String
        /// The value's description, unescaped; nil for a bare field.
        public var value: String?
        /// The value as given, for multipart forms that send `.data` as bytes.
        public var parameter: ParameterValue

        /// `field=value` with both sides escaped, or the escaped field alone.
        public var urlEncoded: String {
            guard let value else { return QueryString.percentEscaped(field) }
            return QueryString.percentEscaped(field) + "=" + QueryString.percentEscaped(value)
        }
    }

    /// The pairs for top-level parameters, in AF's order.
    ///
    /// A top-level value that is not a dictionary is written under an empty key.
    /// - Parameter parameters: The parameters.
    /// - Returns: The pairs, unescaped.
    public static func pairs(from parameters: ParameterValue) -> [Pair] {
        pairs(key: nil, value: parameters)
    }

    /// The query string for `parameters`: the escaped pairs joined with `&`.
    /// - Parameter parameters: The parameters.
    /// - Returns: The query string without a leading `?`; empty for no pairs.
    public static func string(from parameters: ParameterValue) -> String {
        pairs(from: parameters).map(\.urlEncoded).joined(separator: "&")
    }

    private static func pairs(key: String?, value: ParameterValue) -> [Pair] {
        switch value {
        case .dictionary(let dictionary):
            // Sorting by description is AF's rule; Swift's `<` on String orders by Unicode scalars.
            return dictionary.keys.sorted().flatMap { nestedKey in
                pairs(key: key.map { "\($0)[\(nestedKey)]" } ?? nestedKey, value: dictionary[nestedKey]!)
            }
        case .array(let elements):
            return elements.flatMap { pairs(key: "\(key ?? "")[]", value: $0) }
        case .set(let elements):
            return elements.sorted { $0.queryDescription < $1.queryDescription }
                .flatMap { pairs(key: key, value: $0) }
        case .null:
            return [Pair(field: key ?? "", value: nil, parameter: value)]
        default:
            return [Pair(field: key ?? "", value: value.queryDescription, parameter: value)]
        }
    }

    /// The characters a query field or value keeps unescaped: RFC 3986's query characters
    /// minus the general delimiters `:#[]@` and the sub-delimiters `!$&'()*+,;=`; `?` and `/`
    /// stay, as RFC 3986 section 3.4 allows them in a query.
    public static let allowedCharacters: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return allowed
    }()

    /// How many UTF-16 code units AF escapes at a time; each batch is widened to whole characters.
    static let batchSize = 50

    /// Percent-escapes `string` for a query field or value, as AF does.
    ///
    /// The string is escaped in batches of about 50 UTF-16 code units, each widened so that no
    /// composed character (an emoji with a skin tone, a letter with combining marks) is split.
    /// - Parameter string: The text to escape.
    /// - Returns: The escaped text (UTF-8 bytes of escaped characters as `%XX`, upper-case hex).
    public static func percentEscaped(_ string: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(string.utf8.count)
        var batch = ""
        var batchUnits = 0
        for character in string {
            batch.append(character)
            batchUnits += character.utf16.count
            if batchUnits >= batchSize {
                escaped += escapeBatch(batch)
                batch = ""
                batchUnits = 0
            }
        }
        if !batch.isEmpty { escaped += escapeBatch(batch) }
        return escaped
    }

    private static func escapeBatch(_ batch: String) -> String {
        // Every Swift String is valid Unicode, so encoding cannot fail; keep the text if it did.
        batch.addingPercentEncoding(withAllowedCharacters: allowedCharacters) ?? batch
    }
}

extension ParameterValue {
    /// The text AF would get from `-description` for this value in a query string or form part:
    /// numbers as written (`1`, `1.5`), booleans as `1`/`0`, `null` as `<null>`, data as UTF-8
    /// text, dates as `yyyy-MM-dd HH:mm:ss +0000`.
    public var queryDescription: String {
        switch self {
        case .null: return "<null>"
        case .bool(let value): return value ? "1" : "0"
        case .int(let value): return String(value)
        case .double(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .string(let value): return value
        case .data(let value): return String(decoding: value, as: UTF8.self)
        case .date(let value): return Self.dateDescription(value)
        case .array(let values): return "(" + values.map(\.queryDescription).joined(separator: ", ") + ")"
        case .set(let values): return "{(" + values.map(\.queryDescription).sorted().joined(separator: ", ") + ")}"
        case .dictionary(let values):
            return "{" + values.keys.sorted().map { "\($0) = \(values[$0]!.queryDescription);" }.joined(separator: " ")
                + "}"
        }
    }

    /// `yyyy-MM-dd HH:mm:ss +0000` in UTC, the form `NSDate` describes itself in.
    static func dateDescription(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String {
            let n = n ?? 0
            return n < 10 ? "0\(n)" : "\(n)"
        }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0000"
    }
}
