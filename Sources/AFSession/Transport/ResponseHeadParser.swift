/// Builds a response head from the header lines libcurl passes to `CURLOPT_HEADERFUNCTION`.
///
/// libcurl passes every head it reads (`100 Continue`, each redirect, the final response); a
/// status line starts a new head, so what is left at the end is the final response's.
struct ResponseHeadParser: Sendable {
    /// The status code of the latest status line; 0 before any.
    private(set) var statusCode = 0
    /// The reason phrase of the latest status line.
    private(set) var reasonPhrase = ""
    /// The protocol version of the latest status line.
    private(set) var httpVersion = HTTPVersion.unknown
    /// The header fields of the latest head.
    private(set) var headers = HTTPHeaders()
    /// Whether the blank line ending the latest head was seen.
    private(set) var isComplete = false
    /// The redirects before the latest head (status, `Location`, `Set-Cookie`): each complete 3xx head with a
    /// `Location` that another head followed (libcurl only goes on after a redirect it follows, or a `100 Continue`, which is not 3xx).
    private(set) var redirects: [RedirectHop] = []

    /// Takes one line as libcurl delivers it, CRLF included.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        if end == 0 {
            isComplete = true
            return
        }
        let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        // The common line, `Name: value`, is split on the bytes: two small strings and no
        // whole-line string (this runs on the loop thread for every header of every response).
        let isStatusLine = line.count >= 5 && line[0..<5].elementsEqual("HTTP/".utf8)
        if !isStatusLine, line[0] != 0x20 && line[0] != 0x09, let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            headers.add(
                name: String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self),
                value: Self.trimmedText(line, from: colon + 1)
            )
            return
        }
        if isStatusLine, startHead(statusBytes: line) { return }
        consume(line: String(decoding: line, as: UTF8.self))
    }

    /// The common status line, `HTTP/1.1 200 OK`, read on the bytes (no whole-line string and no
    /// `split`, once per response on the loop thread). Returns false, changing nothing, for anything
    /// else (no three-digit code after the version), which the string path then reads.
    private mutating func startHead(statusBytes line: UnsafeRawBufferPointer) -> Bool {
        guard let space = line.firstIndex(of: 0x20), space + 4 <= line.count else { return false }
        var code = 0
        for i in (space + 1)..<(space + 4) {
            let digit = line[i] &- 0x30
            guard digit < 10 else { return false }
            code = code * 10 + Int(digit)
        }
        guard space + 4 == line.count || line[space + 4] == 0x20 else { return false }
        recordRedirect()
        // Room for a typical response head at once instead of a growth step every few fields.
        headers = HTTPHeaders(capacity: 16)
        isComplete = false
        httpVersion = Self.version(bytes: UnsafeRawBufferPointer(rebasing: line[..<space]))
        statusCode = code
        reasonPhrase = Self.trimmedText(line, from: space + 4)
        return true
    }

    /// `line[start...]` without leading and trailing spaces and tabs (HTTP's optional
    /// whitespace), decoded straight from the bytes.
    private static func trimmedText(_ line: UnsafeRawBufferPointer, from start: Int) -> String {
        var start = start
        var stop = line.count
        while start < stop, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while stop > start, line[stop - 1] == 0x20 || line[stop - 1] == 0x09 { stop -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<stop]), as: UTF8.self)
    }

    /// `version(_:)` on the token's bytes.
    static func version(bytes token: UnsafeRawBufferPointer) -> HTTPVersion {
        if token.elementsEqual("HTTP/1.1".utf8) { return .http1_1 }
        return version(String(decoding: token, as: UTF8.self))
    }

    /// Takes one line without its line ending.
    mutating func consume(line: String) {
        if line.hasPrefix("HTTP/") {
            startHead(statusLine: line)
        } else if let first = line.utf8.first, first == 0x20 || first == 0x09, !headers.isEmpty {
            // An obsolete folded continuation line belongs to the previous field.
            var fields = headers.fields
            fields[fields.count - 1].value += " " + Self.trimmed(line[...])
            headers = HTTPHeaders(fields)
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = Self.trimmed(line[line.index(after: colon)...])
            headers.add(name: name, value: value)
        }
    }

    private mutating func startHead(statusLine: String) {
        recordRedirect()
        headers = HTTPHeaders()
        isComplete = false
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        httpVersion = parts.first.map { Self.version(String($0)) } ?? .unknown
        statusCode = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        reasonPhrase = parts.count > 2 ? Self.trimmed(parts[2]) : ""
    }

    /// Keeps the head that ends as a new one starts when it was a redirect.
    private mutating func recordRedirect() {
        guard isComplete, (300...399).contains(statusCode), let location = headers["Location"] else { return }
        redirects.append(
            RedirectHop(statusCode: statusCode, location: location, setCookies: headers.values(for: "Set-Cookie"))
        )
    }

    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    /// Foundation's `trimmingCharacters(in:)` showed up in profiles of the loop thread; this
    /// works on the UTF-8 view directly.
    static func trimmed(_ text: Substring) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(text[first...last])
    }

    static func version(_ token: String) -> HTTPVersion {
        switch token {
        case "HTTP/1.0": .http1_0
        case "HTTP/1.1": .http1_1
        case "HTTP/2", "HTTP/2.0": .http2
        case "HTTP/3": .http3
        default: .unknown
        }
    }
}
