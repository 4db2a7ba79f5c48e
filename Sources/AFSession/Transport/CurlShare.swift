import CCurl

/// A libcurl share handle (`CURLSH *`) holding a session's in-memory cookie store.
///
/// Not `Sendable`, and installed without lock callbacks: every easy handle that uses it runs on
/// the one transfer-loop thread, so libcurl never touches it from two threads at once.
final class CurlShare {
    /// The raw handle.
    let raw: UnsafeMutableRawPointer

    /// Creates a share handle that shares cookies, or returns nil when libcurl cannot.
    init?() {
        CurlGlobal.ensureInitialized()
        guard let handle = curl_share_init() else { return nil }
        guard afc_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue)) == CURLSHE_OK else {
            curl_share_cleanup(handle)
            return nil
        }
        raw = handle
    }

    deinit { _ = curl_share_cleanup(raw) }
}
