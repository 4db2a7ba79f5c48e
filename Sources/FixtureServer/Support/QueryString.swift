import Foundation

/// `application/x-www-form-urlencoded` parsing for query strings and form bodies.
enum QueryString {
    /// The pairs of `text` in order; `+` is a space, percent escapes are decoded.
    static func parse(_ text: Substring) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (decode(pair), "") }
            return (decode(pair[..<equals]), decode(pair[pair.index(after: equals)...]))
        }
    }

    /// A JSON object of the pairs: one value as a string, repeated keys as an array.
    static func jsonObject(_ pairs: [(String, String)]) -> [String: Any] {
        var grouped: [String: [String]] = [:]
        for (key, value) in pairs { grouped[key, default: []].append(value) }
        return grouped.mapValues { $0.count == 1 ? $0[0] as Any : $0 as Any }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
