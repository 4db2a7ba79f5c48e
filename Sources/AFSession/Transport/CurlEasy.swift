import CCurl

/// A libcurl easy handle (`CURL *`): one transfer's options and results.
///
/// Not `Sendable`: an easy handle may be used by one thread at a time, and the transfer loop's
/// thread owns every handle added to its multi handle. Every `setopt`, `getinfo` and `pause`
/// return code goes through `CurlEasy.check`, the one place that turns codes into errors.
final class CurlEasy {
    /// The raw handle; imported by Swift as an untyped pointer, so it never leaves this type's users.
    let raw: UnsafeMutableRawPointer
    /// The share handle libcurl holds for this handle (`curl_easy_reset` keeps it), held here too so
    /// it lives as long as libcurl may use it; released after `curl_easy_cleanup` has detached it.
    private(set) var attachedShare: CurlShare?
    /// Whether `CURLOPT_COOKIEFILE` has turned this handle's cookie engine on. `curl_easy_reset` keeps the
    /// engine on, and keeps the list of cookie files each `CURLOPT_COOKIEFILE` appends to (read again before every
    /// transfer): set once per handle, not once per transfer, so the list does not grow with every reuse.
    private(set) var cookieEngineStarted = false

    /// Creates a handle, or returns nil when libcurl is out of memory.
    init?() {
        CurlGlobal.ensureInitialized()
        guard let handle = curl_easy_init() else { return nil }
        raw = handle
    }

    deinit { curl_easy_cleanup(raw) }

    /// Returns every option to its default while keeping live connections and caches; how a
    /// handle is reused for the next transfer without a new allocation.
    func reset() { curl_easy_reset(raw) }

    /// Turns a libcurl result into an error naming what was attempted.
    @inline(__always)
    static func check(_ code: CURLcode, _ what: @autoclosure () -> String) throws(CurlCallError) {
        guard code != CURLE_OK else { return }
        throw CurlCallError(code: CurlCode(code), call: what())
    }

    // MARK: Options

    /// Sets a `long` option.
    func set(_ option: CURLoption, _ value: Int) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_long(raw, option, value), "setopt \(option.rawValue)")
    }

    /// Sets a boolean option as 1 or 0.
    func set(_ option: CURLoption, _ value: Bool) throws(CurlCallError) {
        try set(option, value ? 1 : 0)
    }

    /// Sets a `curl_off_t` option.
    func set(_ option: CURLoption, offset value: Int64) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_off(raw, option, curl_off_t(value)), "setopt \(option.rawValue)")
    }

    /// Sets a string option (libcurl copies it), or NULL for nil.
    func set(_ option: CURLoption, string value: String?) throws(CurlCallError) {
        let code: CURLcode
        if let value {
            code = value.withCString { afc_easy_setopt_string(raw, option, $0) }
        } else {
            code = afc_easy_setopt_string(raw, option, nil)
        }
        try Self.check(code, "setopt \(option.rawValue)")
    }

    /// Sets a pointer option (callback data, error buffer).
    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_pointer(raw, option, value), "setopt \(option.rawValue)")
    }

    /// Sets a string-list option; the list must outlive the transfer.
    func set(_ option: CURLoption, list: CurlStringList) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_slist(raw, option, list.head), "setopt \(option.rawValue)")
    }

    /// Turns the cookie engine on without reading a file (an empty `CURLOPT_COOKIEFILE`), once per handle.
    func startCookieEngine() throws(CurlCallError) {
        guard !cookieEngineStarted else { return }
        try set(CURLOPT_COOKIEFILE, string: "")
        cookieEngineStarted = true
    }

    /// Attaches a share handle (a cookie store), or detaches the current one with nil.
    func set(share: CurlShare?) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_share(raw, CURLOPT_SHARE, share?.raw), "setopt SHARE")
        attachedShare = share
    }

    /// Sets the write or header callback.
    func set(_ option: CURLoption, writeFunction: curl_write_callback) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_write_function(raw, option, writeFunction), "setopt \(option.rawValue)")
    }

    /// Sets the request body read callback.
    func set(readFunction: curl_read_callback) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_read_function(raw, readFunction), "setopt READFUNCTION")
    }

    /// Sets the request body seek callback (used to rewind on redirects and retries).
    func set(seekFunction: curl_seek_callback) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_seek_function(raw, seekFunction), "setopt SEEKFUNCTION")
    }

    /// Sets the debug callback (called only with `CURLOPT_VERBOSE` on): what libcurl sent and received.
    func set(debugFunction: curl_debug_callback) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_debug_function(raw, debugFunction), "setopt DEBUGFUNCTION")
    }

    /// Sets the progress callback.
    func set(progressFunction: curl_xferinfo_callback) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_xferinfo_function(raw, progressFunction), "setopt XFERINFOFUNCTION")
    }

    /// Sets the `SSL_CTX` callback through which a security policy installs its verify callback.
    func set(sslContextFunction: curl_ssl_ctx_callback) throws(CurlCallError) {
        try Self.check(afc_easy_setopt_ssl_ctx_function(raw, sslContextFunction), "setopt SSL_CTX_FUNCTION")
    }

    // MARK: Information

    /// Reads a `long` info.
    func long(_ info: CURLINFO) throws(CurlCallError) -> Int {
        var value = 0
        try Self.check(afc_easy_getinfo_long(raw, info, &value), "getinfo \(info.rawValue)")
        return value
    }

    /// Reads a `curl_off_t` info.
    func offset(_ info: CURLINFO) throws(CurlCallError) -> Int64 {
        var value: curl_off_t = 0
        try Self.check(afc_easy_getinfo_off(raw, info, &value), "getinfo \(info.rawValue)")
        return Int64(value)
    }

    /// Reads a string info; nil when libcurl has none.
    func string(_ info: CURLINFO) throws(CurlCallError) -> String? {
        var value: UnsafeMutablePointer<CChar>? = nil
        try Self.check(afc_easy_getinfo_string(raw, info, &value), "getinfo \(info.rawValue)")
        return value.map { String(cString: $0) }
    }

    /// Reads a string info as libcurl's own C string (valid until the handle changes); nil when
    /// libcurl has none. For comparisons that need no Swift string.
    func cString(_ info: CURLINFO) throws(CurlCallError) -> UnsafeMutablePointer<CChar>? {
        var value: UnsafeMutablePointer<CChar>? = nil
        try Self.check(afc_easy_getinfo_string(raw, info, &value), "getinfo \(info.rawValue)")
        return value
    }

    /// Reads the TLS session info (`CURLINFO_TLS_SSL_PTR`): OpenSSL's `SSL *`, or nil.
    func sslPointer() throws(CurlCallError) -> UnsafeMutableRawPointer? {
        var session: UnsafeMutablePointer<curl_tlssessioninfo>? = nil
        try Self.check(afc_easy_getinfo_tls_session(raw, CURLINFO_TLS_SSL_PTR, &session), "getinfo TLS_SSL_PTR")
        guard let session, session.pointee.backend == CURLSSLBACKEND_OPENSSL else { return nil }
        return session.pointee.internals
    }

    // MARK: Control

    /// Pauses or unpauses the transfer (`CURLPAUSE_ALL` / `CURLPAUSE_CONT`).
    func pause(_ bitmask: Int32) throws(CurlCallError) {
        try Self.check(curl_easy_pause(raw, bitmask), "pause")
    }
}

/// A libcurl call that returned an error code.
struct CurlCallError: Error {
    /// The code returned.
    var code: CurlCode
    /// The call, e.g. `setopt 10002`.
    var call: String
}
