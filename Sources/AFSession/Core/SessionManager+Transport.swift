extension SessionManager {
    /// Runs libcurl's process-wide set-up (`curl_global_init`: OpenSSL, the resolver, the protocol
    /// handlers) now, if it has not run yet.
    ///
    /// Calling it is optional: the first session or task does it otherwise. A program that knows it will
    /// send requests can call it early on another thread (`afrun run` does while its suites load), so
    /// that the set-up (about a millisecond) is off the first request's path. Safe to call from any
    /// thread, any number of times.
    public static func prepareTransport() {
        CurlGlobal.ensureInitialized()
    }
}
