import AFSession

/// Versions for `--version` and the run record.
public enum Versions {
    /// afrun's version.
    public static let afrun = "0.1.0"

    /// libcurl's version line, e.g. `libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 nghttp2/1.52.0`.
    public static var libcurl: String { LibraryVersions.libcurl }

    /// `libcurl/x.y.z`, for the run record.
    public static var libcurlShort: String { LibraryVersions.libcurlShort }

    /// OpenSSL's version text, e.g. `OpenSSL 3.0.17 1 Jul 2025`.
    public static var openssl: String { LibraryVersions.openSSL }
}
