import AFSuite
import Foundation
import JSONPath

/// Decides one predicate on one value. `nil` stands for "absent" (no header, no node).
///
/// Rules: `equals` compares JSON values (`1 == 1.0`); a string actual also equals a number or
/// boolean written the same (header values are text). `lt`…`gte` compare numbers, or strings by
/// code point; a numeric string compares as a number. `contains` is a substring for strings, an
/// element for arrays, a member name for objects. `count` counts string characters, array
/// elements or object members. `matches` applies to strings (other values as their JSON text).
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

    /// Whether `predicate` holds for `actual`, `matches` bounded by `regexLimit`.
    public static func verdict(
        _ predicate: AFSuite.Predicate,
        for actual: JSONValue?,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> Verdict {
        guard case .matches(let pattern) = predicate else { return holds(predicate, for: actual) ? .holds : .fails }
        guard let actual, let regex = try? BoundedRegex(pattern) else { return .fails }
        switch regex.matches(actual.templateText, limit: regexLimit) {
        case true?: return .holds
        case false?: return .fails
        case nil: return .regexStopped
        }
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
        default: break
        }
        guard let actual else { return false }
        switch predicate {
        case .equals(let expected): return looselyEqual(actual, expected)
        case .matches:
            return verdict(predicate, for: actual, regexLimit: regexLimit) == .holds
        case .contains(let needle):
            switch actual {
            case .string(let s): return s.contains(needle.templateText)
            case .array(let items): return items.contains { looselyEqual($0, needle) }
            case .object(let o): return o[needle.templateText] != nil
            default: return actual.templateText.contains(needle.templateText)
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
        case .exists, .notEquals: return false  // handled above
        }
    }

    /// JSON equality, plus text-to-scalar equality (`"42"` equals `42` for header values).
    public static func looselyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if a == b { return true }
        switch (a, b) {
        case (.string(let s), .number(let n)), (.number(let n), .string(let s)):
            return JSONNumber(literal: s).map { Double(s) != nil && $0 == n } ?? false
        case (.string(let s), .bool(let v)), (.bool(let v), .string(let s)):
            return s == (v ? "true" : "false")
        default: return false
        }
    }

    /// Characters, elements or members; nil for scalars other than strings.
    public static func count(of value: JSONValue) -> Int? {
        switch value {
        case .string(let s): s.count
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
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : (x == y ? 0 : 1)
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
