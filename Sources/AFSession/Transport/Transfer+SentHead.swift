extension Transfer {
    /// The header names of a request head as libcurl reports it to its debug callback: the request line,
    /// then `Name: value` lines, each ended by CRLF (HTTP/2 requests are reported in this form too), then an
    /// empty line. Only the names are read: a value, the credentials among them, is never copied.
    static func headerNames(ofRequestHead bytes: UnsafeRawBufferPointer) -> [String] {
        var names: [String] = []
        var lineStart = 0
        var isRequestLine = true
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            if isRequestLine {
                isRequestLine = false
                continue
            }
            var colon = lineStart
            while colon < lineEnd, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            // The empty line that ends the head, or a line that is not a field.
            guard colon < lineEnd, colon > lineStart else { continue }
            names.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<colon]), as: UTF8.self))
        }
        return names
    }
}
