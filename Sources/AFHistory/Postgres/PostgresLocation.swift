import Foundation

/// A PostgreSQL history's address, read from a `postgres://user:password@host:port/database?sslmode=…` URL
/// (libpq's form): where to connect, how (TLS), and how long to wait. The password is a secret: it is kept
/// here only, and `description` masks it; every message about the database names it by `description`.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// How the connection uses TLS, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// TLS or no connection; the certificate is not checked.
        case require
        /// TLS with the certificate checked against the trusted roots, not the host name.
        case verifyCA = "verify-ca"
        /// TLS with the certificate and the host name checked.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The user name.
    public var user: String
    /// The password (secret: never printed).
    var password: String?
    /// The database.
    public var database: String
    /// How TLS is used.
    public var tlsMode: TLSMode
    /// A PEM file of trusted roots (`sslrootcert`), else the system's.
    public var rootCertificatePath: String?
    /// How long connecting (TCP, TLS, authentication) may take, in seconds (`connect_timeout`).
    public var connectTimeout: Int

    /// The default `connect_timeout`: a server that is down or does not answer costs a run at most this.
    public static let defaultConnectTimeout = 5

    /// Whether `text` is a PostgreSQL URL rather than a file path.
    public static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// Reads a URL.
    /// - Throws: `HistoryError.invalidArgument` naming what is wrong and the form expected (the URL is
    ///   quoted with its password masked).
    public init(parsing text: String) throws(HistoryError) {
        let masked = Self.masked(text)
        func invalid(_ why: String) -> HistoryError {
            .invalidArgument(
                "invalid PostgreSQL URL '\(masked)': \(why); expected postgres://USER:PASSWORD@HOST:PORT/DATABASE"
                    + "[?sslmode=disable|prefer|require|verify-ca|verify-full]"
            )
        }
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw invalid("not a URL")
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("no host") }
        guard let user = components.user, !user.isEmpty else { throw invalid("no user name") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw invalid("no database name after the host") }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.tlsMode = .prefer
        self.connectTimeout = Self.defaultConnectTimeout
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw invalid(
                        "sslmode '\(value)' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                tlsMode = mode
            case "sslrootcert":
                rootCertificatePath = value
            case "connect_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw invalid("connect_timeout must be a whole number of seconds above 0, got '\(value)'")
                }
                connectTimeout = seconds
            case "password", "user":
                throw invalid(
                    "write the \(item.name) in the URL itself, not as a parameter: postgres://USER:PASSWORD@HOST"
                )
            default:
                throw invalid("unknown parameter '\(item.name)' (known: sslmode, sslrootcert, connect_timeout)")
            }
        }
    }

    /// The URL with the password masked.
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        if password != nil { components.password = Self.mask }
        components.host = host
        components.port = port
        components.path = "/" + database
        return components.string ?? "postgres://\(host):\(port)/\(database)"
    }

    /// What a masked password reads as.
    static let mask = "***"

    /// `text` (a URL that may not parse) with the password between `://user:` and `@` masked, and the value
    /// of a `password=` query parameter too: libpq reads that form, so a user may well write it, and the
    /// message refusing it must not print it.
    static func masked(_ text: String) -> String {
        let (address, query) = splitQuery(text)
        guard let scheme = address.range(of: "://"), let at = address[scheme.upperBound...].lastIndex(of: "@"),
            let colon = address[scheme.upperBound..<at].firstIndex(of: ":")
        else { return address + maskedQuery(query) }
        return String(address[..<address.index(after: colon)]) + mask + String(address[at...]) + maskedQuery(query)
    }

    /// `text` cut before its first `?` (the address, the query with its `?`, or `""`).
    private static func splitQuery(_ text: String) -> (String, String) {
        guard let mark = text.firstIndex(of: "?") else { return (text, "") }
        return (String(text[..<mark]), String(text[mark...]))
    }

    /// A query (`?a=b&password=c`) with the value of every `password` parameter masked.
    private static func maskedQuery(_ query: String) -> String {
        guard !query.isEmpty else { return query }
        let items = query.dropFirst().split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = String(item[..<equals])
            guard (name.removingPercentEncoding ?? name).lowercased() == "password" else { return String(item) }
            return name + "=" + mask
        }
        return "?" + items.joined(separator: "&")
    }

    /// `text` (an error from the driver or the server) with the password masked wherever it appears: the
    /// last guard before anything is printed.
    func scrub(_ text: String) -> String {
        guard let password, !password.isEmpty else { return text }
        var result = text.replacingOccurrences(of: password, with: Self.mask)
        if let encoded = password.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed), encoded != password
        {
            result = result.replacingOccurrences(of: encoded, with: Self.mask)
        }
        return result
    }

    /// A file name for this database's spool, next to the default history: the host, port and database,
    /// never the password.
    var spoolFileName: String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        let name = "\(host)-\(port)-\(database)".map { allowed.contains($0) ? $0 : "_" }
        return "postgres-spool-\(String(name)).sqlite"
    }
}
