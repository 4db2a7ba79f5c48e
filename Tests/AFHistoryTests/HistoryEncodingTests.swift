@testable import AFHistory
import AFRunner
import Foundation
import Testing

/// The hand-written encodings of the hot path write exactly what `JSONEncoder` and GRDB's date
/// formatter would, so old and new rows read alike.
@Suite("History column encodings")
struct HistoryEncodingTests {
    static let strings = [
        "", "plain", #"quote " and backslash \"#, "slash / stays", "line\nbreak\rreturn\ttab",
        "\u{8}\u{c}\u{1}\u{1f}\u{7f}", "é, 日本, 🙂", "\u{2028}\u{2029}", "<script>&amp;</script>",
    ]

    static func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("string arrays", arguments: strings)
    func arrays(text: String) throws {
        #expect(CompactJSON.array([text, "b"]) == (try Self.encoded([text, "b"])))
        #expect(CompactJSON.array([]) == "[]")
    }

    @Test("header lists", arguments: strings)
    func headers(text: String) throws {
        let fields = [HeaderField(name: "X-\(text)", value: text), HeaderField(name: "Accept", value: "*/*")]
        #expect(CompactJSON.headers(fields) == (try Self.encoded(fields)))
        #expect(CompactJSON.headers([]) == (try Self.encoded([HeaderField]())))
    }

    @Test("objects with sorted keys", arguments: strings)
    func objects(text: String) throws {
        let members = ["zeta": text, "alpha": "1", text: "key", "Beta": "2"]
        #expect(CompactJSON.object(members) == (try Self.encoded(members)))
    }

    @Test(
        "dates as GRDB stores them",
        arguments: [0, 1_800_000_000.123_9, 1_763_769_600.999_9, -86_400.5, 951_782_400.001, 4_102_444_799.999])
    func dates(seconds: Double) {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        let date = Date(timeIntervalSince1970: seconds)
        #expect(StorageDate.text(date) == formatter.string(from: date))
    }

    @Test("the calendar by arithmetic agrees with gmtime_r on every day from 1600 to 2400")
    func civilDates() {
        var mismatches: [Int64] = []
        for days in Int64(-135_140)...Int64(157_000) {
            var time = time_t(days * 86_400)
            var parts = tm()
            _ = gmtime_r(&time, &parts)
            let date = StorageDate.civilDate(daysSinceEpoch: days)
            if date.year != Int64(parts.tm_year) + 1900 || date.month != Int(parts.tm_mon) + 1 || date.day != Int(parts.tm_mday) {
                mismatches.append(days)
            }
        }
        #expect(mismatches.count == 0, "first days that differ: \(mismatches.prefix(5))")
    }
}
