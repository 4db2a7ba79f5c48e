import COpenSSL
import Foundation

/// Whether a certificate names a host, the way a TLS client must check it (RFC 6125):
/// subject alternative names only (the subject's CN is never consulted), `*` only as the whole
/// left-most label and matching exactly one label, IP literals only against `IP:` entries.
enum X509HostCheck {
    /// Whether `certificate` is valid for `host` (a DNS name, an IPv4 or IPv6 literal, with or
    /// without brackets).
    static func certificate(_ certificate: X509Certificate, matches host: String) -> Bool {
        let name = normalized(host)
        guard !name.isEmpty else { return false }
        if isIPAddress(name) {
            return X509_check_ip_asc(certificate.pointer, name, 0) == 1
        }
        let flags = UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS | X509_CHECK_FLAG_NEVER_CHECK_SUBJECT)
        return X509_check_host(certificate.pointer, name, name.utf8.count, flags, nil) == 1
    }

    /// Strips IPv6 brackets and one trailing dot (`localhost.` names the same host).
    static func normalized(_ host: String) -> String {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        return name
    }

    /// Whether `name` is an IPv4 or IPv6 literal.
    static func isIPAddress(_ name: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, name, &buffer) == 1 || inet_pton(AF_INET6, name, &buffer) == 1
    }
}
