import Foundation

extension SessionManager {
    /// The session's own cookie store (Alamofire's `configuration.httpCookieStorage`); nil when
    /// `SessionConfiguration.cookiesEnabled` is false.
    ///
    /// Read it with `netscapeLines`, save it with `save(to:)`, seed it with `load(contentsOf:)` or
    /// `add(netscapeLines:)`: the session's later requests send what it holds. A request that names another
    /// store in `HTTPRequest.cookieStore` neither reads nor fills this one.
    public var cookieStore: CookieStore? { options.cookieStore }
}
