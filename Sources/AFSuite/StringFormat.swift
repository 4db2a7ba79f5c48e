/// The names the `format` predicate accepts: JSON Schema's format names where one exists, and two for
/// numbers written as text (header values, query strings, IDs in JSON strings).
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 4122 text: `8-4-4-4-12` hexadecimal digits.
    case uuid
    /// RFC 3339 date and time (`2026-11-26T14:00:00Z`).
    case dateTime = "date-time"
    /// RFC 3339 full date (`2026-11-26`).
    case date
    /// RFC 3339 full time with an offset (`14:00:00Z`).
    case time
    /// An RFC 5321 mailbox.
    case email
    /// A dotted-quad IPv4 address.
    case ipv4
    /// An RFC 4291 IPv6 address.
    case ipv6
    /// An absolute RFC 3986 URI.
    case uri
    /// An RFC 1123 host name.
    case hostname
    /// An optional sign then decimal digits (`-42`).
    case integerString = "integer-string"
    /// A JSON number written as text (`-1.5e3`; no `NaN`, no hexadecimal).
    case floatString = "float-string"
}
