/// The `format` values the validator asserts when asked (others stay annotations).
enum Format: String, Sendable, CaseIterable {
    case dateTime = "date-time"
    case date
    case time
    case duration
    case email
    case hostname
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case uuid
    case regex
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"

    /// Whether `text` is a valid value of this format.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .dateTime: DateFormats.isDateTime(text)
        case .date: DateFormats.isDate(Substring(text))
        case .time: DateFormats.isTime(Substring(text))
        case .duration: DateFormats.isDuration(text)
        case .email: NetworkFormats.isEmail(text)
        case .hostname: NetworkFormats.isHostname(text)
        case .ipv4: NetworkFormats.isIPv4(Substring(text))
        case .ipv6: NetworkFormats.isIPv6(text)
        case .uri: URIFormats.isURI(text, requireScheme: true)
        case .uriReference: URIFormats.isURI(text, requireScheme: false)
        case .uuid: Self.isUUID(text)
        case .regex: !ECMARegex.hasNonECMASyntax(text) && CompiledPattern(text) != nil
        case .jsonPointer: Self.isJSONPointer(Substring(text))
        case .relativeJSONPointer: Self.isRelativeJSONPointer(text)
        }
    }

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }
    }

    static func isJSONPointer(_ text: Substring) -> Bool {
        guard text.isEmpty || text.hasPrefix("/") else { return false }
        var characters = text.makeIterator()
        while let character = characters.next() {
            if character == "~" {
                guard let next = characters.next(), next == "0" || next == "1" else { return false }
            }
        }
        return true
    }

    static func isRelativeJSONPointer(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = text.dropFirst(digits.count)
        return rest == "#" || isJSONPointer(rest)
    }
}
