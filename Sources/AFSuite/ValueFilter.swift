import JSONPath

/// One step of a `filters` pipeline, applied to an extracted value before its predicates or its capture
/// (`"filters": ["trim", {"split": ","}, "count"]`).
public enum ValueFilter: Sendable, Hashable, CustomStringConvertible {
    /// A string or number to an integer (`"42"` → 42; `4.7` → 4).
    case toInt
    /// A string or number to a number.
    case toFloat
    /// Any value to its text (strings as they are, others as JSON).
    case toString
    /// The number of list elements, string characters or object members.
    case count
    /// The first list element.
    case first
    /// The last list element.
    case last
    /// The list element at an index (0-based, negative from the end).
    case nth(Int)
    /// A string split at a separator into a list.
    case split(String)
    /// Every match of a regex replaced (`$1` names a group).
    case replace(pattern: String, with: String)
    /// The first group of a regex's first match (the whole match when it has no group).
    case regex(String)
    /// Base64 text to bytes.
    case base64Decode
    /// Text (UTF-8) or bytes to base64 text.
    case base64Encode
    /// Percent-decoding (`+` stays `+`).
    case urlDecode
    /// Percent-encoding of everything but RFC 3986 unreserved characters.
    case urlEncode
    /// HTML character references to characters (`&amp;` → `&`, `&#233;` → `é`).
    case htmlUnescape
    /// A JSONPath on a string holding JSON: the first node it selects.
    case jsonpath(String)
    /// Text to a date, by a Unicode date pattern (`yyyy-MM-dd`), or `iso8601` or `http-date`.
    case toDate(String)
    /// A date to text, by a Unicode date pattern, or `iso8601` or `http-date`.
    case dateFormat(String)
    /// Whole days from a date to now (past dates are positive).
    case daysBeforeNow
    /// Whole days from now to a date (future dates are positive).
    case daysAfterNow
    /// The SHA-256 of text (UTF-8) or bytes, lowercase hex.
    case sha256
    /// The MD5 of text (UTF-8) or bytes, lowercase hex.
    case md5
    /// Bytes to text by a charset (`latin1`, `shift_jis`, `utf-16`…).
    case decode(String)
    /// Whitespace removed from both ends.
    case trim
    /// Lowercased.
    case lowercase
    /// Uppercased.
    case uppercase

    /// The suite keyword: `toInt`, `split`, `jsonpath`…
    public var keyword: String {
        switch self {
        case .toInt: "toInt"
        case .toFloat: "toFloat"
        case .toString: "toString"
        case .count: "count"
        case .first: "first"
        case .last: "last"
        case .nth: "nth"
        case .split: "split"
        case .replace: "replace"
        case .regex: "regex"
        case .base64Decode: "base64Decode"
        case .base64Encode: "base64Encode"
        case .urlDecode: "urlDecode"
        case .urlEncode: "urlEncode"
        case .htmlUnescape: "htmlUnescape"
        case .jsonpath: "jsonpath"
        case .toDate: "toDate"
        case .dateFormat: "dateFormat"
        case .daysBeforeNow: "daysBeforeNow"
        case .daysAfterNow: "daysAfterNow"
        case .sha256: "sha256"
        case .md5: "md5"
        case .decode: "decode"
        case .trim: "trim"
        case .lowercase: "lowercase"
        case .uppercase: "uppercase"
        }
    }

    /// As written: `toInt`, `split ","`, `replace /a/ "b"`.
    public var description: String {
        switch self {
        case .nth(let i): "nth \(i)"
        case .split(let s), .jsonpath(let s), .toDate(let s), .dateFormat(let s), .decode(let s):
            "\(keyword) \(JSONValue.string(s).serialized())"
        case .replace(let pattern, let with): "replace /\(pattern)/ \(JSONValue.string(with).serialized())"
        case .regex(let pattern): "regex /\(pattern)/"
        default: keyword
        }
    }

    /// Filters written as a bare name (`"trim"`).
    public static let bareNames = [
        "toInt", "toFloat", "toString", "count", "first", "last", "base64Decode", "base64Encode", "urlDecode",
        "urlEncode", "htmlUnescape", "daysBeforeNow", "daysAfterNow", "sha256", "md5", "trim", "lowercase",
        "uppercase",
    ]
    /// Filters written as an object with an argument (`{"split": ","}`).
    public static let argumentNames = [
        "nth", "split", "replace", "regex", "jsonpath", "toDate", "dateFormat", "decode",
    ]
}
