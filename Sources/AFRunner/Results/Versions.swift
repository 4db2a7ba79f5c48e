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

    /// The `libcurl/x.y.z` part of `libcurl`.
    public static var libcurlShort: String {
        libcurl.split(separator: " ").first.map(String.init) ?? libcurl
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
