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
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if let absolute = URL(string: trimmed), let scheme = absolute.scheme?.lowercased(),
            scheme == "http" || scheme == "https", absolute.host != nil
        {
            return absolute
        }
        guard let baseURL, var base = URL(string: baseURL), base.scheme != nil else {
            throw .invalidURL(trimmed)
        }
        if !base.path.isEmpty && !base.absoluteString.hasSuffix("/") {
            base = URL(string: base.absoluteString + "/") ?? base
        }
        guard let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .invalidURL(trimmed)
        }
        return resolved
    }
}
