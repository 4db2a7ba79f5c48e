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
        // The calendar by arithmetic: `gmtime_r` took glibc's time-zone lock and cost ~300 instructions a date.
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard buffer.count >= length, (0...9999).contains(year) else { return nil }
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
        put(Int(year), digits: 4)
        put("-")
        put(month, digits: 2)
        put("-")
        put(day, digits: 2)
        put(" ")
        put(secondOfDay / 3600, digits: 2)
        put(":")
        put(secondOfDay / 60 % 60, digits: 2)
        put(":")
        put(secondOfDay % 60, digits: 2)
        put(".")
        put(Int(fraction), digits: 3)
        return position
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (negative before it), by Howard
    /// Hinnant's `civil_from_days`: eras of 400 years, years starting in March so that February comes last.
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468  // days from 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
