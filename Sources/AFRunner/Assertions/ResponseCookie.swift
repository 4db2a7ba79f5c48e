import AFSession
import Foundation

/// A cookie a response sets, read from one `Set-Cookie` field as RFC 6265 §5.2 parses it.
///
/// libcurl's cookie engine keeps the store, not what one response said: its cookie list has no
/// `SameSite`, no `Max-Age` and no way to tell which response set a cookie, so assertions and captures
/// on a response's cookies read its `Set-Cookie` fields here, and those of the redirects followed before it.
public struct ResponseCookie: Sendable, Hashable {
    /// The cookie's name.
    public var name: String
    /// Its value, as written (surrounding double quotes kept, as RFC 6265 does).
    public var value: String
    /// The attributes in order.
    public var attributes: [Attribute]

    /// One attribute: `Path=/`, `Secure`.
    public struct Attribute: Sendable, Hashable {
        /// The name as written.
        public var name: String
        /// The value, trimmed; nil for a flag such as `Secure`.
        public var value: String?
    }

    /// Parses one `Set-Cookie` field value; nil when it has no `=` before the first `;` or an empty name
    /// (such a field is ignored, as RFC 6265 says).
    public init?(setCookie field: String) {
        let parts = field.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        self.name = name
        value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        attributes = parts.dropFirst().compactMap { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            guard let equals = trimmed.firstIndex(of: "=") else { return Attribute(name: trimmed, value: nil) }
            return Attribute(
                name: String(trimmed[..<equals]).trimmingCharacters(in: .whitespaces),
                value: String(trimmed[trimmed.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            )
        }
    }

    /// The last value of an attribute (names compared case-insensitively); `""` for a flag; nil when absent.
    public func attribute(_ name: String) -> String? {
        guard let last = attributes.last(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        return last.value ?? ""
    }

    /// Every cookie `headers` set, in order.
    public static func all(in headers: HTTPHeaders) -> [ResponseCookie] {
        headers.values(for: "Set-Cookie").compactMap { ResponseCookie(setCookie: $0) }
    }

    /// The cookie named `name` that `response` set, or else the redirects followed before it: the final
    /// response's own `Set-Cookie` fields first, then each redirect's from the last to the first (a later
    /// response replaces what an earlier one set, as the cookie store does); nil when none set it. A login
    /// that answers `302` with its session cookie is common, and the redirect is followed by default.
    public static func named(_ name: String, in response: HTTPResponse) -> ResponseCookie? {
        if let own = named(name, in: response.headers) { return own }
        for hop in response.redirects.reversed() {
            if let cookie = hop.setCookies.compactMap(ResponseCookie.init(setCookie:)).last(where: { $0.name == name })
            {
                return cookie
            }
        }
        return nil
    }

    /// The cookie named `name` that `headers` set last (a later field for the same name replaces an
    /// earlier one, as a browser stores them); nil when none.
    public static func named(_ name: String, in headers: HTTPHeaders) -> ResponseCookie? {
        all(in: headers).last { $0.name == name }
    }
}
