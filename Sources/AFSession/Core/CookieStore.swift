/// An in-memory cookie store: a session keeps one (`SessionConfiguration.cookiesEnabled`), and a
/// request may name another in `HTTPRequest.cookieStore`, which any session's requests can share:
/// `Set-Cookie` from any response (redirects included) is recorded, and matching cookies
/// (domain, path, expiry, `Secure`) are sent by every later request that names this store in
/// `HTTPRequest.cookieStore`. libcurl's cookie engine does the matching.
///
/// Cookies live as long as the store; `load(contentsOf:)` and `save(to:)` read and write Netscape cookie
/// files, as curl's `-b` and `-c` do.
public final class CookieStore: @unchecked Sendable {
    // @unchecked: `share` is immutable and locked by libcurl with its mutex, so transfers of
    // different sessions, on different loop threads, may use it at once.
    /// The share handle; nil when libcurl could not make one (the requests then carry no cookies).
    let share: CurlShare?

    /// Creates an empty store.
    public init() {
        share = CurlShare()
    }
}
