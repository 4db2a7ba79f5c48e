import AFSession
import AFSuite
import Foundation

/// Query strings and form bodies in the layouts `queryFormat` names. `brackets` is AFNetworking's
/// (`QueryString`); `repeat` and `comma` are made from the same pairs, so keys, order and escaping match.
enum QueryLayout {
    /// `parameters` encoded in `format`, without a leading `?`.
    static func string(from parameters: ParameterValue, format: RequestSettings.QueryFormat) -> String {
        let pairs = QueryString.pairs(from: parameters)
        switch format {
        case .brackets:
            return pairs.map(\.urlEncoded).joined(separator: "&")
        case .repeat:
            return pairs.map { pair in
                var pair = pair
                pair.field = unbracketed(pair.field)
                return pair.urlEncoded
            }.joined(separator: "&")
        case .comma:
            // An array's elements join under its key at the place of its first element; the commas stay
            // unescaped so that the server can split on them.
            var order: [String] = []
            var values: [String: [String]] = [:]
            var plain: [String: String] = [:]
            for pair in pairs {
                if pair.field.hasSuffix("[]") {
                    let field = unbracketed(pair.field)
                    if values[field] == nil { order.append(field) }
                    values[field, default: []].append(QueryString.percentEscaped(pair.value ?? ""))
                } else {
                    let key = "\(order.count)#\(pair.field)"
                    order.append(key)
                    plain[key] = pair.urlEncoded
                }
            }
            return order.map { key in
                plain[key] ?? QueryString.percentEscaped(key) + "=" + (values[key] ?? []).joined(separator: ",")
            }.joined(separator: "&")
        }
    }

    /// `url` with `query` appended after any query it has (and before a fragment).
    static func appending(_ query: String, to url: URL) throws(RunnerError) -> URL {
        guard !query.isEmpty else { return url }
        var text = url.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        text += (text.contains("?") ? "&" : "?") + query + fragment
        guard let result = URL(string: text) else { throw .invalidURL(text) }
        return result
    }

    /// `field` without its last `[]`: `ids[]` is `ids`, `a[b][]` is `a[b]`.
    private static func unbracketed(_ field: String) -> String {
        field.hasSuffix("[]") ? String(field.dropLast(2)) : field
    }
}
