import Foundation

/// Dates as GRDB stores them: `yyyy-MM-dd HH:mm:ss.SSS` in UTC (to the nearest millisecond, as its
/// `DateFormatter` does), written by hand because a `DateFormatter` call per result was a visible part of
/// recording's CPU. GRDB and SQLite's date functions read the text back.
enum StorageDate {
    /// The length of the storage text.
    static let length = 23

    /// The storage text of `date`.
    static func text(_ date: Date) -> String {
        let text = String(unsafeUninitializedCapacity: length) { write(date, into: $0) ?? 0 }
        return text.isEmpty ? "\(date)" : text
    }

    /// Writes the storage text of `date` into `buffer` (`length` bytes at least).
    /// - Returns: the bytes written, or nil for a year outside 0...9999 (written as `"\(date)"` then).
    static func write(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = milliseconds / 1000
        var fraction = milliseconds % 1000
        if fraction < 0 {
            fraction += 1000
            seconds -= 1
        }
        var time = time_t(seconds)
        var parts = tm()
        guard buffer.count >= length, gmtime_r(&time, &parts) != nil, (0...9999).contains(Int(parts.tm_year) + 1900) else {
            return nil
        }
        var position = 0
        func put(_ value: Int, digits: Int) {
            var value = value
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            position += digits
        }
        func put(_ separator: Unicode.Scalar) {
            buffer[position] = UInt8(ascii: separator)
            position += 1
        }
        put(Int(parts.tm_year) + 1900, digits: 4)
        put("-")
        put(Int(parts.tm_mon) + 1, digits: 2)
        put("-")
        put(Int(parts.tm_mday), digits: 2)
        put(" ")
        put(Int(parts.tm_hour), digits: 2)
        put(":")
        put(Int(parts.tm_min), digits: 2)
        put(":")
        put(Int(parts.tm_sec), digits: 2)
        put(".")
        put(Int(fraction), digits: 3)
        return position
    }
}
