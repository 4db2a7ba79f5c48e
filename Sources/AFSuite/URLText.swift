/// What the text of a URL says before it is sent: the checks `afrun validate` makes on a suite's URLs, and
/// the words the runner uses when a URL built from variables cannot be sent.
public enum URLText {
    /// Whether `url` starts with an http or https scheme (case-insensitive).
    public static func isHTTP(_ url: String) -> Bool {
        let text = url.trimmingWhitespace()
        return hasASCIIPrefix(text, "http://") || hasASCIIPrefix(text, "https://")
    }

    /// The scheme of a URL that names one other than http and https (RFC 3986: a letter, then letters,
    /// digits, `+`, `-`, `.`, then `:`), lower-cased; nil for http(s) and for text without a scheme.
    /// `localhost:8080/x` is taken as a host and port, not as the scheme `localhost`.
    public static func otherScheme(of url: String) -> String? {
        // Read as UTF-8 bytes: a scheme is ASCII, and every test's URL is checked.
        let text = url.trimmingWhitespace().utf8
        guard let first = text.first, isASCIILetter(first), let colon = text.firstIndex(of: UInt8(ascii: ":")) else {
            return nil
        }
        let name = text[..<colon]
        let allowed: (UInt8) -> Bool = {
            isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
        guard name.allSatisfy(allowed) else { return nil }
        if let next = text[text.index(after: colon)...].first, (0x30...0x39).contains(next) { return nil }
        let lower = String(decoding: name.map(lowercasedASCII), as: UTF8.self)
        return lower == "http" || lower == "https" ? nil : lower
    }

    /// Whether `text` starts with `prefix` (lower-case ASCII), ignoring the case of ASCII letters.
    private static func hasASCIIPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        let bytes = text.utf8
        let wanted = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return bytes.count >= wanted.count && zip(bytes, wanted).allSatisfy { lowercasedASCII($0) == $1 }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// `url` with `http://` in front when it is a host and port without a scheme (`localhost:8080/x`,
    /// `127.0.0.1:8080`), which URL parsers read as the scheme `localhost` or as no URL at all; nil otherwise.
    public static func withHTTPScheme(ifHostAndPort url: String) -> String? {
        let text = url.trimmingWhitespace()
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex else { return nil }
        let host = bytes[..<colon]
        let hostByte: (UInt8) -> Bool = {
            isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        guard host.allSatisfy(hostByte), let next = bytes[bytes.index(after: colon)...].first,
            (0x30...0x39).contains(next)
        else { return nil }
        return "http://" + text
    }

    /// Why `url` cannot be sent and how to write it, for a URL with another scheme or a host and port
    /// without one; nil for any other text.
    public static func problem(with url: String) -> String? {
        if let scheme = otherScheme(of: url) {
            return "it uses the `\(scheme)` scheme; afrun sends only http and https requests"
        }
        if let fixed = withHTTPScheme(ifHostAndPort: url) { return "it has no scheme: write `\(fixed)`" }
        return nil
    }
}
