/// RFC 3986 URIs and URI references: the characters each part allows and the authority's form.
enum URIFormats {
    private static let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    private static let subDelims = Set("!$&'()*+,;=")

    static func isURI(_ text: String, requireScheme: Bool) -> Bool {
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII && first.isLetter,
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        {
            rest = rest[rest.index(after: colon)...]
        } else if requireScheme {
            return false
        }
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            guard isAuthority(afterSlashes[..<end]) else { return false }
            rest = afterSlashes[end...]
        } else if !requireScheme, let colon = rest.firstIndex(of: ":"),
            !rest[..<colon].contains("/")
        {
            // A relative reference's first segment cannot contain a colon (RFC 3986 §4.2).
            _ = colon
            return false
        }
        guard valid(rest, extra: ":@/") else { return false }
        if let query, !valid(query, extra: ":@/?") { return false }
        if let fragment, !valid(fragment, extra: ":@/?") { return false }
        return true
    }

    private static func isAuthority(_ text: Substring) -> Bool {
        var host = text
        if let at = host.lastIndex(of: "@") {
            guard valid(host[..<at], extra: ":") else { return false }
            host = host[host.index(after: at)...]
        }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard NetworkFormats.isIPv6(String(literal)) else { return false }
            host = host[host.index(after: close)...]
            guard host.isEmpty || host.hasPrefix(":") else { return false }
        } else if let colon = host.lastIndex(of: ":") {
            guard valid(host[..<colon], extra: "") else { return false }
            host = host[colon...]
        } else {
            return valid(host, extra: "")
        }
        if host.hasPrefix(":") { return host.dropFirst().allSatisfy { $0.isASCII && $0.isNumber } }
        return true
    }

    /// Whether every character is unreserved, a sub-delimiter, one of `extra`, or a `%XX` escape.
    private static func valid(_ text: Substring, extra: String) -> Bool {
        var characters = text.makeIterator()
        while let character = characters.next() {
            if character == "%" {
                guard let a = characters.next(), let b = characters.next(), a.isHexDigit, b.isHexDigit else {
                    return false
                }
            } else if !(unreserved.contains(character) || subDelims.contains(character) || extra.contains(character)) {
                return false
            }
        }
        return true
    }
}
