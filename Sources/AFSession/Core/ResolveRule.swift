#if canImport(Glibc)
import Glibc
#endif

/// A fixed address for a host and port, as curl's `--resolve HOST:PORT:ADDRESS[,ADDRESS…]`
/// (`CURLOPT_RESOLVE`): requests to that host and port connect to the address without asking DNS, and
/// everything else about them stays the host's (the `Host` header, TLS's server name and certificate
/// check, cookies).
///
/// ```swift
/// var configuration = SessionConfiguration()
/// configuration.resolve = [try ResolveRule(parsing: "api.example.com:443:127.0.0.1")]
/// ```
public struct ResolveRule: Sendable, Hashable, CustomStringConvertible {
    /// The host name as URLs write it, or `*` for every host on `port` (a named host's rule wins).
    public var host: String
    /// The port as the URL gives it (or its scheme's default: 80, 443).
    public var port: Int
    /// Numeric IPv4 or IPv6 addresses (IPv6 without brackets), tried in order.
    public var addresses: [String]

    /// A rule; the values are checked as `init(parsing:)` checks them.
    /// - Throws: ``HostRuleError`` naming what is wrong.
    public init(host: String, port: Int, addresses: [String]) throws(HostRuleError) {
        let written = "\(host):\(port):\(addresses.joined(separator: ","))"
        guard host == "*" || HostRuleSyntax.isHostName(host) else {
            throw HostRuleError(rule: written, problem: "\"\(host)\" is not a host name", fix: Self.fix)
        }
        guard (1...65_535).contains(port) else {
            throw HostRuleError(rule: written, problem: "the port \(port) is not from 1 to 65535", fix: Self.fix)
        }
        guard !addresses.isEmpty else {
            throw HostRuleError(rule: written, problem: "no address is given", fix: Self.fix)
        }
        for address in addresses where !HostRuleSyntax.isIPAddress(address) {
            throw HostRuleError(
                rule: written,
                problem: "\"\(address)\" is not a numeric IPv4 or IPv6 address",
                fix: "give addresses, not names (connect to another name with a connect-to rule); " + Self.fix
            )
        }
        self.host = host
        self.port = port
        self.addresses = addresses
    }

    /// A rule written as curl writes it: `HOST:PORT:ADDRESS[,ADDRESS…]`, IPv6 addresses bare or in
    /// brackets (`api.example.com:443:[::1]`).
    /// - Throws: ``HostRuleError`` naming what is wrong.
    public init(parsing text: String) throws(HostRuleError) {
        guard let firstColon = text.firstIndex(of: ":"),
            let secondColon = text[text.index(after: firstColon)...].firstIndex(of: ":")
        else {
            throw HostRuleError(rule: text, problem: "it is not HOST:PORT:ADDRESS", fix: Self.fix)
        }
        let portText = text[text.index(after: firstColon)..<secondColon]
        guard let port = HostRuleSyntax.port(portText) else {
            throw HostRuleError(rule: text, problem: "\"\(portText)\" is not a port from 1 to 65535", fix: Self.fix)
        }
        let addresses = text[text.index(after: secondColon)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { HostRuleSyntax.unbracketed(String($0)) }
        if addresses.contains(where: \.isEmpty) {
            throw HostRuleError(rule: text, problem: "an address is empty", fix: Self.fix)
        }
        try self.init(host: String(text[..<firstColon]), port: port, addresses: addresses)
    }

    /// The rule as curl writes it (IPv6 addresses in brackets).
    public var description: String {
        "\(host):\(port):" + addresses.map(HostRuleSyntax.bracketed).joined(separator: ",")
    }

    private static let fix = "write HOST:PORT:ADDRESS, e.g. api.example.com:443:127.0.0.1"
}
