#if canImport(Glibc)
import Glibc
#endif

/// What `ResolveRule` and `ConnectToRule` share: checks of host names, ports and addresses.
enum HostRuleSyntax {
    /// Letters, digits, `-`, `_` and dots: a DNS name as URLs carry it (no port, no brackets), not starting
    /// with `-` (which libcurl reads as "remove this entry": the rule would silently do nothing).
    static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 253 && !text.hasPrefix("-")
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    true
                default: false
                }
            }
    }

    /// Whether `text` is a numeric IPv4 or IPv6 address (no brackets).
    static func isIPAddress(_ text: String) -> Bool {
        var storage = in6_addr()
        return withUnsafeMutableBytes(of: &storage) { raw in
            inet_pton(AF_INET, text, raw.baseAddress) == 1 || inet_pton(AF_INET6, text, raw.baseAddress) == 1
        }
    }

    /// `text` as a port from 1 to 65535 (decimal digits only).
    static func port(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let port = Int(text), (1...65_535).contains(port)
        else { return nil }
        return port
    }

    /// `[::1]` as `::1`; anything else as it is.
    static func unbracketed(_ text: String) -> String {
        text.hasPrefix("[") && text.hasSuffix("]") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
    }

    /// An IPv6 address in brackets, as curl's rules write it; anything else as it is.
    static func bracketed(_ text: String) -> String {
        text.contains(":") ? "[\(text)]" : text
    }
}
