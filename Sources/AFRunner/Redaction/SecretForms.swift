import Foundation

/// Every form a secret value can take on the wire or in an output, so that masking finds it however it was
/// encoded: the raw value; percent-encoded as a URL path, a query (AFNetworking's rule, which leaves `/` and
/// `?`), strictly by RFC 3986 (only unreserved characters left), as `application/x-www-form-urlencoded` (space as
/// `+`) and as a URL parser leaves text written into a URL (only what a URL cannot hold: afrun's own request URLs),
/// each with upper- and lower-case hex; as an echo server shows it back in an IRI (percent-decoded except what
/// would change the URL's meaning, as Werkzeug's `request.url`); and each of those JSON-string-escaped (with and
/// without `\/`, escaped twice as an echo server quoting a JSON body does, with non-ASCII as `\u00e4` as Python's
/// `json.dumps` writes it, with `<`, `>` and `&` as `\u003c` as Go's `encoding/json` writes them). Text that went
/// through a server reading UTF-8 as ISO-8859-1 (header values under WSGI, Node, Tomcat: `pÃ¤ss`), and Latin-1
/// bytes read as UTF-8 (`p\u{FFFD}ss`), are forms too. A Basic credential adds the base64 of `user:password` and the
/// whole `Authorization` value built from it.
public enum SecretForms {
    /// The distinct non-empty forms of `value`.
    public static func of(_ value: String) -> Set<String> {
        guard !value.isEmpty else { return [] }
        var encoded: Set<String> = [value]
        for allowed in [pathAllowed, queryAllowed, unreserved, urlAllowed] {
            if let upper = value.addingPercentEncoding(withAllowedCharacters: allowed) {
                encoded.insert(upper)
                encoded.insert(lowercasedHex(upper))
            }
        }
        for encodedInIRI in [iriPathEncoded, iriQueryEncoded] {
            encoded.insert(percentEncoding(value, only: encodedInIRI))
        }
        // Mis-decoded text: UTF-8 bytes read as Latin-1, and Latin-1 bytes read as UTF-8.
        if !value.utf8.allSatisfy({ $0 < 0x80 }) {
            encoded.insert(String(value.utf8.map { Character(Unicode.Scalar($0)) }))
            // Only while enough of it is left to tell it from other text: `äöü` would be three U+FFFD.
            if let latin1 = value.data(using: .isoLatin1).map({ String(decoding: $0, as: UTF8.self) }),
                latin1.unicodeScalars.count(where: { $0 != "\u{FFFD}" }) >= SecretSet.minimumSubstringLength
            {
                encoded.insert(latin1)
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
            // The `\u` escapes change only text with non-ASCII or HTML characters; most secrets have neither.
            let escapings: [JSONEscaping] =
                form.unicodeScalars.contains { $0.value > 0x7F || $0 == "<" || $0 == ">" || $0 == "&" }
                ? [.plain, .ascii, .asciiUpperHex, .htmlSafe, .asciiHTMLSafe] : [.plain]
            for escaping in escapings {
                let once = jsonEscaped(form, slash: false, escaping: escaping)
                forms.insert(once)
                forms.insert(jsonEscaped(form, slash: true, escaping: escaping))
                forms.insert(jsonEscaped(once, slash: false))
            }
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

    /// Which characters a JSON writer escapes as `\uXXXX` beyond the ones every writer escapes.
    enum JSONEscaping {
        /// None: UTF-8 as it is (Foundation, most writers).
        case plain
        /// Every non-ASCII character, lower-case hex, astral ones as surrogate pairs (Python's `json.dumps`).
        case ascii
        /// The same with upper-case hex (Jackson's `ESCAPE_NON_ASCII`).
        case asciiUpperHex
        /// `<`, `>`, `&`, U+2028 and U+2029 (Go's `encoding/json`).
        case htmlSafe
        /// Both (`json.dumps` output served by a writer that also escapes HTML characters).
        case asciiHTMLSafe
    }

    /// `text` escaped as inside a JSON string (without the quotes); `slash` escapes `/` as `\/` too.
    static func jsonEscaped(_ text: String, slash: Bool, escaping: JSONEscaping = .plain) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let ascii = escaping == .ascii || escaping == .asciiUpperHex || escaping == .asciiHTMLSafe
        let html = escaping == .htmlSafe || escaping == .asciiHTMLSafe
        let format = escaping == .asciiUpperHex ? "\\u%04X" : "\\u%04x"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where slash: out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: format, scalar.value)
            case _
            where html && (scalar == "<" || scalar == ">" || scalar == "&" || (0x2028...0x2029).contains(scalar.value)):
                out += String(format: format, scalar.value)
            case _ where ascii && scalar.value > 0x7F:
                for unit in String(scalar).utf16 { out += String(format: format, unit) }
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
    /// What a URL parser leaves of text written into a URL (swift-foundation's `URL(string:)`, WHATWG's parser):
    /// every character a query may hold, so a value with `?` keeps it wherever it lands.
    private static let urlAllowed = CharacterSet.urlQueryAllowed
    /// What an IRI leaves percent-encoded in a path: the characters that would end the path, and a space.
    private static let iriPathEncoded: Set<Unicode.Scalar> = [" ", "%", "?", "#"]
    /// What an IRI leaves percent-encoded in a query value: the characters that would end or split the value.
    private static let iriQueryEncoded: Set<Unicode.Scalar> = [" ", "%", "&", "=", "+", "#"]

    /// `text` with `these` characters and control characters percent-encoded (upper-case hex) and every other
    /// character, non-ASCII ones included, left as it is: `addingPercentEncoding` encodes every non-ASCII byte.
    static func percentEncoding(_ text: String, only these: Set<Unicode.Scalar>) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if these.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F {
                for byte in String(scalar).utf8 { out += String(format: "%%%02X", byte) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
    /// What `application/x-www-form-urlencoded` leaves (space becomes `+` afterwards).
    private static let formAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*"
    )
}
