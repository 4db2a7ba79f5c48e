import Foundation

/// AFNetworking's default request serializer: parameters as a query string for GET, HEAD and
/// DELETE, and as a form body for other methods.
///
/// CONTRACT (skeleton): a minimal version; the serialization issue replaces it with AF's exact rules.
public struct HTTPRequestSerializer: RequestSerializing {
    /// Headers added to every request.
    public var defaultHeaders: HTTPHeaders
    /// Methods whose parameters go into the URL.
    public var methodsEncodingParametersInURI: Set<HTTPMethod>

    /// Creates a serializer with AF's defaults.
    public init() {
        defaultHeaders = [:]
        methodsEncodingParametersInURI = [.get, .head, .delete]
    }

    /// Builds the request.
    public func request(
        method: HTTPMethod, url: URL, parameters: ParameterValue?, headers: HTTPHeaders
    ) throws(SessionError) -> HTTPRequest {
        var request = HTTPRequest(url: url, method: method, headers: defaultHeaders.merging(headers))
        guard let parameters else { return request }
        let query = Self.queryString(parameters)
        if methodsEncodingParametersInURI.contains(method) {
            guard !query.isEmpty else { return request }
            let joined = url.absoluteString + (url.query == nil ? "?" : "&") + query
            guard let newURL = URL(string: joined) else { throw .invalidURL(joined) }
            request.url = newURL
        } else {
            if request.headers["Content-Type"] == nil {
                request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            }
            request.body = .data(Data(query.utf8))
        }
        return request
    }

    static func queryString(_ value: ParameterValue, prefix: String? = nil) -> String {
        func escape(_ s: String) -> String {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: ":#[]@!$&'()*+,;=")
            return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
        }
        switch value {
        case .dictionary(let dict):
            return dict.keys.sorted().map { key in
                queryString(dict[key]!, prefix: prefix.map { "\($0)[\(key)]" } ?? key)
            }.filter { !$0.isEmpty }.joined(separator: "&")
        case .array(let items):
            return items.map { queryString($0, prefix: "\(prefix ?? "")[]") }.joined(separator: "&")
        case .set(let items):
            return items.map { queryString($0, prefix: prefix) }.sorted().joined(separator: "&")
        case .null:
            return prefix.map(escape) ?? ""
        case .bool(let b): return "\(escape(prefix ?? ""))=\(b ? 1 : 0)"
        case .int(let i): return "\(escape(prefix ?? ""))=\(i)"
        case .double(let d): return "\(escape(prefix ?? ""))=\(d)"
        case .string(let s): return "\(escape(prefix ?? ""))=\(escape(s))"
        case .data(let d): return "\(escape(prefix ?? ""))=\(escape(String(decoding: d, as: UTF8.self)))"
        }
    }
}
