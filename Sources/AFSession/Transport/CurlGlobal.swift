import CCurl

/// Process-wide libcurl set-up and what the linked libcurl can do.
///
/// `curl_global_init` is not thread-safe and must run once before any handle is made; a
/// `static let` gives exactly that (Swift runs its initializer once, under a lock).
enum CurlGlobal {
    /// Runs `curl_global_init` the first time it is read.
    static let initialized: Bool = curl_global_init(afc_global_all()) == CURLE_OK

    /// The runtime libcurl version as `0xXXYYZZ`.
    static let versionNumber: UInt32 = {
        guard let info = curl_version_info(afc_version_now()) else { return 0 }
        return info.pointee.version_num
    }()

    /// Whether `CURLINFO_QUEUE_TIME_T` exists (libcurl 8.6 and later); 7.88 on Debian 12 lacks it.
    static var hasQueueTime: Bool { versionNumber >= 0x08_06_00 }

    /// Whether a transfer with HTTP/2 prior knowledge may go on a connection another one opened. libcurl 7.88
    /// (Debian 12's) sets up a second HTTP/2 layer on such a connection, and the transfer fails with "Error in
    /// the HTTP2 framing layer" before anything is sent (curl/curl#10634, fixed in 8.0.0).
    static var reusesPriorKnowledgeConnections: Bool { versionNumber >= 0x08_00_00 }

    /// `CURLINFO_QUEUE_TIME_T` (`CURLINFO_OFF_T + 65`), spelled out because 7.88's header lacks it.
    static let queueTimeInfo = CURLINFO(rawValue: numericCast(CURLINFO_OFF_T + 65))

    /// Makes sure `curl_global_init` ran; traps if libcurl could not initialise, since nothing works then.
    static func ensureInitialized() {
        precondition(initialized, "curl_global_init failed: libcurl cannot be used in this process")
    }
}
