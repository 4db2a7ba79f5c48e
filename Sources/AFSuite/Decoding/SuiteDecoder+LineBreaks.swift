extension SuiteDecoder {
    /// Reports a CR, LF or NUL in a URL, header name or header value at its exact column: libcurl
    /// sends such text as is, and a line break would start a header (or a request) of its own.
    /// - Parameters:
    ///   - text: the string as decoded.
    ///   - node: where it is written (the member's value, or its name with `key: true`).
    ///   - keyName: what to call it in the message (`url`, a header's name).
    ///   - key: whether `text` is the member name rather than its value.
    mutating func rejectLineBreaks(in text: String, at node: SuiteNode, keyName: String, key: Bool = false) {
        var offset = 0
        for character in text.unicodeScalars {
            let escape: String? =
                switch character {
                case "\r": "\\r"
                case "\n": "\\n"
                case "\0": "\\0"
                default: nil
                }
            if let escape {
                let place = key ? location(node, key: true) : location(inString: node, characterOffset: offset)
                report(.forbiddenCharacter(key: keyName, character: escape), at: place)
                return
            }
            offset += 1
        }
    }
}
