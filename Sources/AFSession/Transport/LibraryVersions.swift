import CCurl

/// The versions of the C libraries the session core links, read from the libraries loaded at run
/// time (not the headers compiled against), for `--version` and the run record.
public enum LibraryVersions {
    /// libcurl's version line, e.g. `libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 nghttp2/1.52.0`.
    ///
    /// Built from `curl_version_info`, not `curl_version()`: the latter formats the version of every
    /// library libcurl links, and for OpenLDAP's part initializes libldap, its configuration files
    /// and every SASL plugin (about 2 ms).
    public static var libcurl: String {
        guard let info = curl_version_info(afc_version_now())?.pointee else { return "libcurl/unknown" }
        // Appended, not an array joined: every start builds this line (`--version`'s text), and the generic
        // `joined` was the process's first use of several runtime metadata lookups (~0.5 ms).
        var line = libcurlShort
        if let ssl = info.ssl_version { line += " " + String(cString: ssl) }
        if let zlib = info.libz_version { line += " zlib/" + String(cString: zlib) }
        // `nghttp2_version` exists from the sixth layout of the struct on (libcurl 7.66).
        if info.age.rawValue >= CURLVERSION_SIXTH.rawValue, let nghttp2 = info.nghttp2_version {
            line += " nghttp2/" + String(cString: nghttp2)
        }
        return line
    }

    /// `libcurl/x.y.z` alone.
    public static var libcurlShort: String {
        guard let info = curl_version_info(afc_version_now()), let version = info.pointee.version else {
            return "libcurl/unknown"
        }
        return "libcurl/" + String(cString: version)
    }
}
