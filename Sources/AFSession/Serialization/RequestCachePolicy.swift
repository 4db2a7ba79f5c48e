/// The cache policy a request serializer applies to every request (`NSURLRequestCachePolicy`).
///
/// libcurl keeps no HTTP cache, so there is never a local cached response to use or skip: the
/// policies that only steer a local cache behave like ``useProtocolCachePolicy``. What remains is
/// asking caches on the way (proxies, CDNs) to revalidate, which a header does.
public enum RequestCachePolicy: Sendable, Hashable {
    /// Send the request as it is; the server's and intermediaries' caching rules apply (the default).
    case useProtocolCachePolicy
    /// Skip a local cache. libcurl has none, so nothing is added.
    case reloadIgnoringLocalCacheData
    /// Skip every cache: adds `Cache-Control: no-cache` and `Pragma: no-cache` (for HTTP/1.0
    /// proxies) unless the request sets them itself.
    case reloadIgnoringLocalAndRemoteCacheData

    /// The headers this policy adds.
    public var headers: HTTPHeaders {
        switch self {
        case .useProtocolCachePolicy, .reloadIgnoringLocalCacheData: [:]
        case .reloadIgnoringLocalAndRemoteCacheData: ["Cache-Control": "no-cache", "Pragma": "no-cache"]
        }
    }
}
