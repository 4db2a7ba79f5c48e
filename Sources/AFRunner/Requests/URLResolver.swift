import AFSession
import Foundation

/// Resolves request URLs against a suite's base URL with AFNetworking's rule: a base URL whose
/// path is not empty gets a terminating slash, then RFC 3986 relative resolution applies.
///
/// So with `https://h/v1`, `users` becomes `https://h/v1/users` and `/users` becomes `https://h/users`.
public enum URLResolver {
    /// The absolute URL for `reference`.
    /// - Parameters:
    ///   - reference: an absolute URL, or a reference relative to `baseURL`.
    ///   - baseURL: the suite's base URL, if any.
    /// - Throws: `RunnerError.invalidURL` when the result is not an absolute http(s) URL.
    public static func resolve(_ reference: String, against baseURL: String?) throws(RunnerError) -> URL {
        try resolve(reference, base: baseURL.flatMap(preparedBase))
    }

    /// The base URL ready for resolution (the terminating slash added), or nil when `baseURL`
    /// is not a URL with a scheme. A suite's base is prepared once, not once per test.
    /// - Parameter baseURL: the rendered base URL.
    /// - Returns: the URL to resolve references against.
    public static func preparedBase(_ baseURL: String) -> URL? {
        // Spaces around the base are dropped, as around a request's URL (`validate` accepts both).
        guard let base = URL(string: String(baseURL.trimmingHorizontalWhitespace())), base.scheme != nil else {
            return nil
        }
        // The slash goes on the path, not the end of the text: `https://h/v1?k=1` becomes
        // `https://h/v1/?k=1`, not `https://h/v1?k=1/` (whose folder would be `/`).
        guard !base.path.isEmpty, var components = URLComponents(url: base, resolvingAgainstBaseURL: false),
            !components.percentEncodedPath.hasSuffix("/")
        else { return base }
        components.percentEncodedPath += "/"
        return components.url ?? base
    }

    /// The absolute URL for `reference` against a base made by `preparedBase(_:)`.
    /// - Parameters:
    ///   - reference: an absolute URL, or a reference relative to `base`.
    ///   - base: the prepared base URL, nil when the suite has none (or it is not a URL).
    /// - Throws: `RunnerError.invalidURL` when the result is not an absolute http(s) URL.
    public static func resolve(_ reference: String, base: URL?) throws(RunnerError) -> URL {
        try resolve(reference, base: base, baseText: nil)
    }

    /// `resolve(_:base:)` with the base's `absoluteString` given (a builder keeps it per suite).
    static func resolve(_ reference: String, base: URL?, baseText: String?) throws(RunnerError) -> URL {
        let trimmedText = reference.trimmingHorizontalWhitespace()
        let trimmed =
            trimmedText.startIndex == reference.startIndex && trimmedText.endIndex == reference.endIndex
            ? reference : String(trimmedText)
        // Only a reference that starts with `http:` or `https:` can be an absolute http(s) URL:
        // the others skip a URL parse.
        if mayBeHTTP(trimmed), let absolute = URL(string: trimmed), let scheme = absolute.scheme?.lowercased(),
            scheme == "http" || scheme == "https", absolute.host != nil
        {
            return absolute
        }
        guard let base else { throw .invalidURL(trimmed) }
        if let joined = joinedSimple(trimmed, base: base, baseText: baseText) { return joined }
        guard let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .invalidURL(trimmed)
        }
        return resolved
    }

    /// RFC 3986 resolution done as text for the common case: a base ending in `/` with no query
    /// or fragment, and a reference that is a plain relative path (no scheme, no leading `/`, `?`,
    /// `#` or `.`, no dot segment), optionally with a query: the result is the two joined. One URL
    /// parse instead of two and an `absoluteURL`. Nil when the case does not apply.
    static func joinedSimple(_ reference: String, base: URL, baseText: String? = nil) -> URL? {
        let prefix = baseText ?? base.absoluteString
        guard prefix.utf8.last == UInt8(ascii: "/"), !prefix.utf8.contains(UInt8(ascii: "?")),
            !prefix.utf8.contains(UInt8(ascii: "#")), let first = reference.utf8.first,
            first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "#"),
            first != UInt8(ascii: ".")
        else { return nil }
        var previous: UInt8 = 0
        for byte in reference.utf8 {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            // A colon could make the reference a scheme; `/.` could start a dot segment.
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\\")
                || (previous == UInt8(ascii: "/") && byte == UInt8(ascii: "."))
            {
                return nil
            }
            previous = byte
        }
        guard let url = URL(string: prefix + reference), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return nil }
        return url
    }

    /// Whether `reference` is an absolute http(s) URL, which no base changes.
    static func isAbsoluteHTTP(_ reference: String) -> Bool {
        let trimmed = String(reference.trimmingHorizontalWhitespace())
        guard mayBeHTTP(trimmed), let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
            return false
        }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    /// Whether `text` starts with `http:` or `https:`, in any case.
    static func mayBeHTTP(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        for expected in "http".utf8 {
            guard let byte = utf8.next(), byte | 0x20 == expected else { return false }
        }
        var byte = utf8.next()
        if let b = byte, b | 0x20 == UInt8(ascii: "s") { byte = utf8.next() }
        return byte == UInt8(ascii: ":")
    }
}
