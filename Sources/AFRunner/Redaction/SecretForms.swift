import Foundation

/// Every form a secret value can take on the wire or in an output, so that masking finds it however it was
/// encoded: the raw value; percent-encoded as a URL path, a query (AFNetworking's rule, which leaves `/` and
/// `?`), strictly by RFC 3986 (only unreserved characters left) and as `application/x-www-form-urlencoded`
/// (space as `+`), each with upper- and lower-case hex; and each of those JSON-string-escaped (with and without
/// `\/`, and escaped twice, as an echo server quoting a JSON body does). A Basic credential adds the base64 of
/// `user:password` and the whole `Authorization` value built from it.
public enum SecretForms {
    /// The distinct non-empty forms of `value`.
    public static func of(_ value: String) -> Set<String> {
        guard !value.isEmpty else { return [] }
        var encoded: Set<String> = [value]
        for allowed in [pathAllowed, queryAllowed, unreserved] {
            if let upper = value.addingPercentEncoding(withAllowedCharacters: allowed) {
                encoded.insert(upper)
                encoded.insert(lowercasedHex(upper))
            }
        }
        if let form = value.addingPercentEncoding(withAllowedCharacters: formAllowed)?.replacingOccurrences(
            of: "%20",
            with: "+"
        ) {
            encoded.insert(form)
            encoded.insert(lowercasedHex(form))
        }
        var forms = encoded
        for form in encoded {
            let once = jsonEscaped(form, slash: false)
            forms.insert(once)
            forms.insert(jsonEscaped(form, slash: true))
            forms.insert(jsonEscaped(once, slash: false))
        }
        return forms
    }

    /// The forms of a Basic credential: those of the password, of `base64(user:password)` and of the whole
    /// `Authorization` header value.
    public static func basicAuth(username: String, password: String) -> Set<String> {
        guard !password.isEmpty else { return [] }
        let token = Data("\(username):\(password)".utf8).base64EncodedString()
        return of(password).union(of(token)).union(of("Basic " + token))
    }

    /// `text` with the hex digits of every `%XX` escape lower-cased.
    static func lowercasedHex(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                for k in index + 1...index + 2 where bytes[k] >= 0x41 && bytes[k] <= 0x46 { bytes[k] |= 0x20 }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` escaped as inside a JSON string (without the quotes); `slash` escapes `/` as `\/` too.
    static func jsonEscaped(_ text: String, slash: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where slash: out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// RFC 3986 unreserved characters: the strictest encoder leaves only these.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )
    /// What a query encoder in AFNetworking's style leaves: unreserved, `/` and `?`.
    private static let queryAllowed = unreserved.union(CharacterSet(charactersIn: "/?"))
    /// What a path segment may hold unencoded.
    private static let pathAllowed = CharacterSet.urlPathAllowed
    /// What `application/x-www-form-urlencoded` leaves (space becomes `+` afterwards).
    private static let formAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*"
    )
}
