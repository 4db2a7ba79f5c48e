import COpenSSL

extension LibraryVersions {
    /// OpenSSL's version text, e.g. `OpenSSL 3.0.17 1 Jul 2025`.
    public static var openSSL: String {
        OpenSSL_version(OPENSSL_VERSION).map { String(cString: $0) } ?? "OpenSSL (unknown)"
    }
}
