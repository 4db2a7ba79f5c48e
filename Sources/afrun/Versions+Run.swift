import AFRunner
import CCurl

extension Versions {
    /// `libcurl/x.y.z` for the run record, as `libcurlShort` gives it, from `curl_version_info`.
    ///
    /// `curl_version()` (behind `libcurl` and `libcurlShort`) builds the line of every library libcurl links,
    /// and for OpenLDAP's part it initializes libldap: its configuration files and every SASL plugin, ~2 ms on
    /// the main thread before the first request of each recorded run (docs/performance.md, "Seventh round").
    /// The version number alone costs microseconds.
    static var libcurlForRun: String {
        guard let info = curl_version_info(afc_version_now()), let version = info.pointee.version else { return libcurlShort }
        return "libcurl/" + String(cString: version)
    }
}
