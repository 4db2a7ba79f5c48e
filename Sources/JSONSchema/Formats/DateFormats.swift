/// RFC 3339 dates and times and ISO 8601 durations (RFC 3339 appendix A).
enum DateFormats {
    static func isDateTime(_ text: String) -> Bool {
        guard let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
        return isDate(text[..<separator]) && isTime(text[text.index(after: separator)...])
    }

    /// `YYYY-MM-DD` with a real day of the month.
    static func isDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], let year = number(parts[0]),
            let month = number(parts[1]), let day = number(parts[2]), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
    static func isTime(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
            let hour = number(text.utf8.prefix(2)), let minute = number(bytes[3..<5]),
            let second = number(bytes[6..<8]),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var position = 8
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            let start = position
            while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
            guard position > start else { return false }
        }
        guard position < bytes.count else { return false }
        var offsetMinutes = 0
        switch bytes[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard position == bytes.count - 1 else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offset = bytes[(position + 1)...]
            guard offset.count == 5, offset[offset.startIndex + 2] == UInt8(ascii: ":"),
                let offsetHour = number(offset.prefix(2)), let offsetMinute = number(offset.suffix(2)),
                offsetHour <= 23,
                offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[position] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        guard second == 60 else { return true }
        let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    /// `P[nY][nM][nD][T[nH][nM][nS]]` or `PnW`, with at least one element and T followed by one.
    static func isDuration(_ text: String) -> Bool {
        guard text.hasPrefix("P"), text.count > 1 else { return false }
        var rest = text.dropFirst()
        if rest.hasSuffix("W") {
            let digits = rest.dropLast()
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        var datePart = rest
        var timePart: Substring?
        if let t = rest.firstIndex(of: "T") {
            datePart = rest[..<t]
            timePart = rest[rest.index(after: t)...]
            rest = datePart
        }
        guard elements(datePart, order: ["Y", "M", "D"]) != nil else { return false }
        if let timePart {
            guard let count = elements(timePart, order: ["H", "M", "S"]), count > 0 else { return false }
            return true
        }
        return !datePart.isEmpty
    }

    /// The number of `n<designator>` elements, in order; nil when malformed.
    private static func elements(_ text: Substring, order: [Character]) -> Int? {
        var remaining = order[...]
        var count = 0
        var digits = 0
        for character in text {
            if character.isASCII && character.isNumber {
                digits += 1
                continue
            }
            // Elements are consecutive designators: `P1Y2D` lacks the month between them.
            guard digits > 0, let position = remaining.firstIndex(of: character),
                count == 0 || position == remaining.startIndex
            else { return nil }
            remaining = remaining[(position + 1)...]
            digits = 0
            count += 1
        }
        return digits == 0 ? count : nil
    }

    private static func number<S: Sequence>(_ digits: S) -> Int? where S.Element == UInt8 {
        var value = 0
        var any = false
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            any = true
        }
        return any ? value : nil
    }

    private static func number(_ text: Substring) -> Int? { number(text.utf8) }
}
