import Foundation

extension HTTPRequestSerializer {
    /// The afrun version named in the default `User-Agent`.
    public static let afrunVersion = "0.1.0"

    /// `afrun/<version> (Linux; <kernel release>; <architecture>)`, ASCII only.
    public static var defaultUserAgent: String {
        #if arch(x86_64)
        let architecture = "x86_64"
        #elseif arch(arm64)
        let architecture = "arm64"
        #else
        let architecture = "unknown"
        #endif
        var system = ProcessInfo.processInfo.operatingSystemVersionString
        if system.isEmpty { system = "Linux" }
        let agent = "afrun/\(afrunVersion) (\(system); \(architecture))"
        // A header value must be ASCII; AF transliterates, here anything else is dropped.
        return String(String.UnicodeScalarView(agent.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 }))
    }

    /// AF's `Accept-Language`: the preferred languages in order, `q` from 1 down by 0.1, the
    /// first six at most (q stops at 0.5); `en` when the system names none.
    /// - Parameter languages: Language identifiers, most preferred first (`Locale.preferredLanguages`).
    /// - Returns: E.g. `fr-CH;q=1, fr;q=0.9, en;q=0.8`.
    public static func acceptLanguage(for languages: [String]) -> String {
        let names = languages.isEmpty ? ["en"] : languages
        return names.prefix(6).enumerated().map { index, language in
            let tenths = 10 - index
            return "\(language);q=" + (tenths == 10 ? "1" : "0.\(tenths)")
        }.joined(separator: ", ")
    }

    /// Sets a default header; nil removes it (AF's `setValue:forHTTPHeaderField:`).
    /// - Parameters:
    ///   - value: The value, or nil to remove the field.
    ///   - field: The field name (case-insensitive).
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        defaultHeaders[field] = value
    }

    /// The default value of a header field, or nil.
    /// - Parameter field: The field name (case-insensitive).
    /// - Returns: The value.
    public func value(forHTTPHeaderField field: String) -> String? { defaultHeaders[field] }

    /// Sets `Authorization: Basic base64(username:password)` as a default header.
    /// - Parameters:
    ///   - username: The user name (UTF-8).
    ///   - password: The password (UTF-8).
    public mutating func setAuthorizationHeader(username: String, password: String) {
        defaultHeaders["Authorization"] = Self.basicAuthorization(username: username, password: password)
    }

    /// `Basic base64(username:password)`, the value of an `Authorization` header (RFC 7617, UTF-8).
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    /// - Returns: The header value.
    public static func basicAuthorization(username: String, password: String) -> String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// Removes the default `Authorization` header.
    public mutating func clearAuthorizationHeader() {
        defaultHeaders["Authorization"] = nil
    }
}
