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
        var parts = [libcurlShort]
        if let ssl = info.ssl_version { parts.append(String(cString: ssl)) }
        if let zlib = info.libz_version { parts.append("zlib/" + String(cString: zlib)) }
        // `nghttp2_version` exists from the sixth layout of the struct on (libcurl 7.66).
        if info.age.rawValue >= CURLVERSION_SIXTH.rawValue, let nghttp2 = info.nghttp2_version {
            parts.append("nghttp2/" + String(cString: nghttp2))
        }
        return parts.joined(separator: " ")
    }

    /// `libcurl/x.y.z` alone.
    public static var libcurlShort: String {
        guard let info = curl_version_info(afc_version_now()), let version = info.pointee.version else {
            return "libcurl/unknown"
        }
        return "libcurl/" + String(cString: version)
    }
}
