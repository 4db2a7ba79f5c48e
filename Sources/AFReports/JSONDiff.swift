import Foundation
import JSONPath

/// A small line diff of two JSON values, pretty-printed with sorted keys: lines only in the
/// expected value start with `-`, lines only in the actual value with `+`. The terminal's failure list
/// and the HTML report show the same diff.
public enum JSONDiff {
    /// The diff lines, or nil when either side is not a JSON object or array (a one-line
    /// "expected X, got Y" says it better then).
    public static func lines(expected: String, actual: String) -> [String]? {
        guard let e = try? JSONValue(parsing: Data(expected.utf8)), let a = try? JSONValue(parsing: Data(actual.utf8)),
            e.isContainer || a.isContainer
        else { return nil }
        let left = e.serialized(pretty: true, sortedKeys: true).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let right = a.serialized(pretty: true, sortedKeys: true).split(
            separator: "\n",
            omittingEmptySubsequences: false
        ).map(String.init)
        guard left.count * right.count <= 250_000 else { return nil }
        return diff(left, right)
    }

    /// Longest-common-subsequence line diff.
    public static func diff(_ a: [String], _ b: [String]) -> [String] {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out.append("  " + a[i])
                i += 1
                j += 1
            } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
                out.append("+ " + b[j])
                j += 1
            } else {
                out.append("- " + a[i])
                i += 1
            }
        }
        return out
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
