/// Where requests for a host and port connect instead, as curl's `--connect-to HOST1:PORT1:HOST2:PORT2`
/// (`CURLOPT_CONNECT_TO`): the connection goes to `toHost`:`toPort`, and everything else about the request
/// stays the URL's (the `Host` header, TLS's server name and certificate check, cookies).
///
/// ```swift
/// var configuration = SessionConfiguration()
/// // https://api.example.com/… goes to the staging machine; its certificate must still be api.example.com's.
/// configuration.connectTo = [try ConnectToRule(parsing: "api.example.com:443:staging.internal:8443")]
/// ```
public struct ConnectToRule: Sendable, Hashable, CustomStringConvertible {
    /// The URL's host the rule applies to; nil for every host.
    public var host: String?
    /// The URL's port (or its scheme's default) the rule applies to; nil for every port.
    public var port: Int?
    /// The host (a name or a numeric address, IPv6 without brackets) to connect to; nil keeps the URL's.
    public var toHost: String?
    /// The port to connect to; nil keeps the URL's.
    public var toPort: Int?

    /// A rule; the values are checked as `init(parsing:)` checks them.
    /// - Throws: ``HostRuleError`` naming what is wrong.
    public init(host: String?, port: Int?, toHost: String?, toPort: Int?) throws(HostRuleError) {
        let written = [host, port.map(String.init), toHost, toPort.map(String.init)].map { $0 ?? "" }
            .joined(separator: ":")
        for name in [host, toHost].compactMap(\.self)
        where !HostRuleSyntax.isHostName(name) && !HostRuleSyntax.isIPAddress(name) {
            throw HostRuleError(rule: written, problem: "\"\(name)\" is not a host name or address", fix: Self.fix)
        }
        for number in [port, toPort].compactMap(\.self) where !(1...65_535).contains(number) {
            throw HostRuleError(rule: written, problem: "the port \(number) is not from 1 to 65535", fix: Self.fix)
        }
        guard toHost != nil || toPort != nil else {
            throw HostRuleError(
                rule: written,
                problem: "it names neither a host nor a port to connect to",
                fix: Self.fix
            )
        }
        self.host = host
        self.port = port
        self.toHost = toHost
        self.toPort = toPort
    }

    /// A rule written as curl writes it: `HOST1:PORT1:HOST2:PORT2`, where an empty HOST1 or PORT1 matches
    /// every host or port, an empty HOST2 or PORT2 keeps the URL's, and IPv6 addresses are in brackets.
    /// - Throws: ``HostRuleError`` naming what is wrong.
    public init(parsing text: String) throws(HostRuleError) {
        guard let parts = Self.split(text), parts.count == 4 else {
            throw HostRuleError(rule: text, problem: "it is not HOST1:PORT1:HOST2:PORT2", fix: Self.fix)
        }
        var ports: [Int?] = []
        for part in [parts[1], parts[3]] {
            if part.isEmpty {
                ports.append(nil)
            } else if let port = HostRuleSyntax.port(Substring(part)) {
                ports.append(port)
            } else {
                throw HostRuleError(rule: text, problem: "\"\(part)\" is not a port from 1 to 65535", fix: Self.fix)
            }
        }
        let hosts = [parts[0], parts[2]].map { $0.isEmpty ? nil : HostRuleSyntax.unbracketed($0) }
        try self.init(host: hosts[0], port: ports[0], toHost: hosts[1], toPort: ports[1])
    }

    /// The rule as curl writes it (IPv6 addresses in brackets).
    public var description: String {
        [
            host.map(HostRuleSyntax.bracketed), port.map(String.init), toHost.map(HostRuleSyntax.bracketed),
            toPort.map(String.init),
        ]
        .map { $0 ?? "" }.joined(separator: ":")
    }

    /// The colon-separated parts of `text`, a bracketed part (`[::1]`) kept whole; nil when a bracket is
    /// not closed or is followed by anything but a colon.
    private static func split(_ text: String) -> [String]? {
        var parts: [String] = []
        var rest = Substring(text)
        while true {
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                parts.append(String(rest[...close]))
                rest = rest[rest.index(after: close)...]
                if rest.isEmpty { return parts }
                guard rest.hasPrefix(":") else { return nil }
                rest = rest.dropFirst()
            } else if let colon = rest.firstIndex(of: ":") {
                parts.append(String(rest[..<colon]))
                rest = rest[rest.index(after: colon)...]
            } else {
                parts.append(String(rest))
                return parts
            }
        }
    }

    private static let fix =
        "write HOST1:PORT1:HOST2:PORT2, e.g. api.example.com:443:127.0.0.1:8443 (an empty HOST1 or PORT1 matches any)"
}
