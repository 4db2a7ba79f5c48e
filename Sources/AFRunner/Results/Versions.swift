import CCurl
import Foundation

/// Versions for `--version` and the run record, read from the libraries actually loaded.
public enum Versions {
    /// afrun's version.
    public static let afrun = "0.1.0"

    /// libcurl's version line, e.g. `libcurl/7.88.1 OpenSSL/3.0.17 …`.
    public static var libcurl: String {
        // Looked up at run time so that the answer is the library loaded, not the header compiled against.
        typealias VersionFunction = @convention(c) () -> UnsafePointer<CChar>?
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "curl_version") else { return "unknown" }
        let function = unsafeBitCast(symbol, to: VersionFunction.self)
        return function().map { String(cString: $0) } ?? "unknown"
    }

    /// `libcurl/x.y.z`, for the run record: from `curl_version_info`, which costs microseconds.
    /// (`curl_version()`, behind `libcurl`, builds the line of every library libcurl links, and for
    /// OpenLDAP's part initializes libldap, its configuration files and every SASL plugin: ~2 ms, which
    /// each recorded run would pay before its first request; docs/performance.md, "Seventh round".)
    public static var libcurlShort: String {
        guard let info = curl_version_info(afc_version_now()), let version = info.pointee.version else { return "libcurl/unknown" }
        return "libcurl/" + String(cString: version)
    }

    /// OpenSSL's version text, e.g. `OpenSSL 3.0.17 1 Jul 2025`.
    public static var openssl: String {
        typealias VersionFunction = @convention(c) (Int32) -> UnsafePointer<CChar>?
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "OpenSSL_version") else {
            return libcurl.split(separator: " ").first { $0.hasPrefix("OpenSSL/") }.map(String.init) ?? "unknown"
        }
        let function = unsafeBitCast(symbol, to: VersionFunction.self)
        return function(0).map { String(cString: $0) } ?? "unknown"
    }
}
