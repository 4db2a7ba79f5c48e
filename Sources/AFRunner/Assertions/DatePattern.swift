import Foundation

/// A date form for the `toDate` and `dateFormat` filters: `iso8601` (RFC 3339, fractional seconds
/// optional), `http-date` (RFC 9110's IMF-fixdate, as in `Expires` and `Date` headers), or a Unicode
/// date pattern such as `yyyy-MM-dd HH:mm` read in UTC with the POSIX locale (Foundation's formatter).
struct DatePattern {
    let pattern: String

    init(_ pattern: String) { self.pattern = pattern }

    /// The date `text` writes, nil when it is not in this form.
    func date(from text: String) -> Date? {
        switch pattern {
        case "iso8601":
            return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text))
        default: return formatter().date(from: text)
        }
    }

    /// `date` in this form.
    func string(from date: Date) -> String {
        pattern == "iso8601" ? date.formatted(.iso8601) : formatter().string(from: date)
    }

    /// A formatter per use: `DateFormatter` is not `Sendable`, and filters run on many threads.
    private func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern == "http-date" ? "EEE, dd MMM yyyy HH:mm:ss 'GMT'" : pattern
        return formatter
    }
}
