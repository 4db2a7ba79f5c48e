import AFSuite

extension CaptureSpec {
    /// Whether the captured value is hidden whole and hidden wherever it appears later: marked `"secret": true`,
    /// named like a credential, or taken from a sensitive header (`Set-Cookie`, `Authorization`…), a cookie
    /// with a sensitive name (`session`) or a JSON member with a sensitive name (`$.access_token`).
    public var hidesValue: Bool {
        if isSecret || SensitiveNames.contains(name) { return true }
        switch source {
        case .header(let header): return SensitiveNames.contains(header)
        case .cookie(let cookie): return SensitiveNames.contains(cookie)
        case .json(let path): return SensitiveNames.contains(Self.lastMember(of: path))
        default: return false
        }
    }

    /// The last member name of a JSONPath (`$.auth.token` → `token`, `$['api-key']` → `api-key`).
    static func lastMember(of path: String) -> Substring {
        let trimmed = path.reversed().drop { "]'\"".contains($0) }
        let name = trimmed.prefix { !".['\"$".contains($0) }
        return Substring(String(name.reversed()))
    }
}
