import AFSuite
import Foundation
import JSONPath
import JSONSchema

/// Decides one predicate on one value. `nil` stands for "absent" (no header, no node).
///
/// Rules: `equals` compares JSON values (`1 == 1.0`); a string actual also equals a number or
/// boolean written the same (header values are text). `lt`…`gte` compare numbers, or strings by
/// code point; a numeric string compares as a number. `contains` is a substring for strings, an
/// element for arrays, a member name for objects. `count` counts string characters, array
/// elements or object members. `matches` applies to strings (other values as their JSON text).
/// `startsWith`/`endsWith` apply to strings and scalars as written, `format` to strings only, `closeTo`
/// to numbers and numeric strings. `all`, `any` and `nth` see an array's elements, or any other value
/// as a list of one; `not` negates its whole set.
public enum PredicateEvaluator {
    /// A predicate's outcome: it holds, it fails, or a regex evaluation passed its time limit first.
    public enum Verdict: Sendable, Hashable {
        /// The predicate holds.
        case holds
        /// It does not.
        case fails
        /// A `matches` evaluation was stopped at its limit; counts as a failure.
        case regexStopped
    }

    /// Whether `predicate` holds for `actual`, `matches` bounded by `regexLimit` (also inside `not`,
    /// `all`, `any`, `nth`: a stopped regex is never turned into a pass by a negation).
    public static func verdict(
        _ predicate: AFSuite.Predicate,
        for actual: JSONValue?,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> Verdict {
        switch predicate {
        case .matches(let pattern):
            guard let actual, let regex = try? BoundedRegex(pattern) else { return .fails }
            switch regex.matches(actual.templateText, limit: regexLimit) {
            case true?: return .holds
            case false?: return .fails
            case nil: return .regexStopped
            }
        case .not(let set):
            switch verdict(set, for: actual, regexLimit: regexLimit) {
            case .holds: return .fails
            case .fails: return .holds
            case .regexStopped: return .regexStopped
            }
        case .all(let set), .any(let set):
            guard let items = elements(of: actual) else { return .fails }
            let wantsAll: Bool
            if case .all = predicate { wantsAll = true } else { wantsAll = false }
            for item in items {
                let v = verdict(set, for: item, regexLimit: regexLimit)
                if v == .regexStopped { return v }
                if wantsAll, v == .fails { return .fails }
                if !wantsAll, v == .holds { return .holds }
            }
            return wantsAll ? .holds : .fails
        case .nth(let index, let set):
            return verdict(set, for: element(index, of: actual), regexLimit: regexLimit)
        default:
            return holds(predicate, for: actual, regexLimit: regexLimit) ? .holds : .fails
        }
    }

    /// Whether every predicate of `set` holds for `actual` (the first failure or stopped regex decides).
    public static func verdict(
        _ set: PredicateSet,
        for actual: JSONValue?,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> Verdict {
        for predicate in set.predicates {
            let v = verdict(predicate, for: actual, regexLimit: regexLimit)
            if v != .holds { return v }
        }
        return .holds
    }

    /// Whether `predicate` holds for `actual` (a `matches` stopped at `regexLimit` does not).
    public static func holds(
        _ predicate: AFSuite.Predicate,
        for actual: JSONValue?,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> Bool {
        switch predicate {
        case .exists(let expected): return (actual != nil) == expected
        case .notEquals(let expected): return actual.map { !looselyEqual($0, expected) } ?? true
        case .matches, .not, .all, .any, .nth: return verdict(predicate, for: actual, regexLimit: regexLimit) == .holds
        default: break
        }
        guard let actual else { return false }
        switch predicate {
        case .equals(let expected): return looselyEqual(actual, expected)
        case .contains(let needle):
            switch actual {
            case .string(let s): return containsText(s, needle.templateText)
            case .array(let items): return items.contains { looselyEqual($0, needle) }
            case .object(let o): return o[needle.templateText] != nil
            default: return containsText(actual.templateText, needle.templateText)
            }
        case .count(let set):
            guard let n = count(of: actual) else { return false }
            return set.predicates.allSatisfy { holds($0, for: .number(JSONNumber(n))) }
        case .type(let type): return matches(actual, type)
        case .lessThan(let bound): return compare(actual, bound).map { $0 < 0 } ?? false
        case .lessThanOrEqual(let bound): return compare(actual, bound).map { $0 <= 0 } ?? false
        case .greaterThan(let bound): return compare(actual, bound).map { $0 > 0 } ?? false
        case .greaterThanOrEqual(let bound): return compare(actual, bound).map { $0 >= 0 } ?? false
        case .oneOf(let options): return options.contains { looselyEqual(actual, $0) }
        case .startsWith(let prefix): return text(of: actual).map { $0.utf8.starts(with: prefix.utf8) } ?? false
        case .endsWith(let suffix):
            return text(of: actual).map { $0.utf8.reversed().starts(with: suffix.utf8.reversed()) } ?? false
        case .format(let format):
            guard case .string(let s) = actual else { return false }
            return accepts(s, format)
        case .closeTo(let target, let within):
            guard let x = number(actual) else { return false }
            return abs(x - target.doubleValue) <= within.doubleValue
        case .exists, .notEquals, .matches, .not, .all, .any, .nth: return false  // handled above
        }
    }

    /// Whether `text` is in `format`: JSON Schema's checkers for the formats it defines.
    public static func accepts(_ text: String, _ format: StringFormat) -> Bool {
        switch format {
        case .integerString:
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        case .floatString:
            // A JSON number, with an optional leading `+`: no `NaN`, `inf` or hexadecimal.
            return JSONNumber(literal: text.first == "+" ? String(text.dropFirst()) : text) != nil
        default:
            return StringFormats.accepts(text, as: format.rawValue) ?? false
        }
    }

    /// The elements a list predicate (`all`, `any`, `nth`) sees: an array's elements, or a single value
    /// as a list of one (a header sent once); nil when absent.
    public static func elements(of value: JSONValue?) -> [JSONValue]? {
        guard let value else { return nil }
        if case .array(let items) = value { return items }
        return [value]
    }

    /// The element at `index` (negative from the end), nil when there is none.
    static func element(_ index: Int, of value: JSONValue?) -> JSONValue? {
        guard let items = elements(of: value) else { return nil }
        let position = index < 0 ? items.count + index : index
        return items.indices.contains(position) ? items[position] : nil
    }

    /// Text for `startsWith`/`endsWith`: strings, and numbers and booleans as written; nil for containers.
    private static func text(of value: JSONValue) -> String? {
        switch value {
        case .array, .object, .null: nil
        default: value.templateText
        }
    }

    /// JSON equality with strings compared by code points, as JSONPath (RFC 9535) and JSON Schema compare
    /// them: `"é"` (U+00E9) and `"e\u{301}"` differ, as the bytes a server sent differ. Swift's `==` on
    /// strings finds them equal (canonical equivalence).
    public static func exactlyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard a == b else { return false }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): return zip(x, y).allSatisfy { exactlyEqual($0, $1) }
        case (.object(let x), .object(let y)):
            return x.members.allSatisfy { member in
                guard let position = y.position(of: member.key) else { return false }
                let other = y.members[position]
                return other.key.utf8.elementsEqual(member.key.utf8) && exactlyEqual(member.value, other.value)
            }
        default: return true
        }
    }

    /// Whether `text` holds `needle`, code point for code point (as `exactlyEqual` compares).
    static func containsText(_ text: String, _ needle: String) -> Bool {
        needle.isEmpty || text.utf8.firstRange(of: needle.utf8) != nil
    }

    /// JSON equality, plus text-to-scalar equality (`"42"` equals `42` for header values).
    public static func looselyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if exactlyEqual(a, b) { return true }
        switch (a, b) {
        case (.string(let s), .number(let n)), (.number(let n), .string(let s)):
            return JSONNumber(literal: s).map { Double(s) != nil && $0 == n } ?? false
        case (.string(let s), .bool(let v)), (.bool(let v), .string(let s)):
            return s == (v ? "true" : "false")
        default: return false
        }
    }

    /// Code points (as JSON Schema's `maxLength` and JSONPath's `length()` count), elements or members; nil
    /// for scalars other than strings.
    public static func count(of value: JSONValue) -> Int? {
        switch value {
        case .string(let s): s.unicodeScalars.count
        case .array(let items): items.count
        case .object(let o): o.count
        default: nil
        }
    }

    /// Whether `value` has JSON type `type`.
    public static func matches(_ value: JSONValue, _ type: JSONType) -> Bool {
        switch (value, type) {
        case (.string, .string), (.bool, .boolean), (.null, .null), (.array, .array), (.object, .object): true
        case (.number, .number): true
        case (.number(let n), .integer): n.doubleValue.rounded() == n.doubleValue
        default: false
        }
    }

    /// -1, 0, 1, or nil when the values cannot be ordered.
    public static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
        if let x = number(a), let y = number(b) { return x < y ? -1 : (x > y ? 1 : 0) }
        if case .string(let x) = a, case .string(let y) = b {
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
                ? -1 : (x.utf8.elementsEqual(y.utf8) ? 0 : 1)
        }
        return nil
    }

    private static func number(_ v: JSONValue) -> Double? {
        switch v {
        case .number(let n): n.doubleValue
        case .string(let s): Double(s.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}
