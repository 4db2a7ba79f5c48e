import Foundation

/// The forms a secret takes on the wire or in an output, computed here on their own (not by the code under test):
/// raw; percent-encoded strictly (RFC 3986), as a query value (`/` and `?` kept), as a path and as a form value
/// (space as `+`), each with upper- and lower-case hex; each JSON-escaped (with `\/` too); for a Basic
/// credential, base64 of `user:password` and the whole `Authorization` value.
enum SecretFormsTable {
    static func forms(of secret: String, basicUser: String? = nil) -> [String: String] {
        let alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        let unreserved = CharacterSet(charactersIn: alnum + "-._~")
        var encoded: [String: String] = ["raw": secret]
        encoded["rfc3986"] = secret.addingPercentEncoding(withAllowedCharacters: unreserved)
        encoded["query"] = secret.addingPercentEncoding(
            withAllowedCharacters: unreserved.union(CharacterSet(charactersIn: "/?"))
        )
        encoded["path"] = secret.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
        encoded["form"] = secret.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: alnum + "-._*")
        )?
        .replacingOccurrences(of: "%20", with: "+")
        for (name, value) in encoded where value.contains("%") { encoded[name + "-lowerhex"] = lowerHex(value) }
        var forms = encoded
        for (name, value) in encoded {
            forms[name + "-json"] = jsonEscaped(value, slash: false)
            forms[name + "-json-slash"] = jsonEscaped(value, slash: true)
        }
        if let user = basicUser {
            let token = Data("\(user):\(secret)".utf8).base64EncodedString()
            forms["base64"] = token
            forms["authorization"] = "Basic " + token
        }
        return forms
    }

    private static func lowerHex(_ text: String) -> String {
        var out = ""
        var pending = 0
        for character in text {
            if character == "%" {
                pending = 2
                out.append(character)
                continue
            }
            out += pending > 0 ? character.lowercased() : String(character)
            pending = max(0, pending - 1)
        }
        return out
    }

    private static func jsonEscaped(_ text: String, slash: Bool) -> String {
        var out = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        if slash { out = out.replacingOccurrences(of: "/", with: "\\/") }
        return out
    }

    /// `text` as a JSON string literal, quotes included (for writing suites).
    static func literal(_ text: String) -> String {
        "\"" + jsonEscaped(text, slash: false) + "\""
    }
}
