import Foundation

/// The frame both HTML reports share: the document head with its inline style sheet, a content
/// security policy that forbids every request (the page works from `file://`, offline), and helpers for
/// writing escaped text.
struct HTMLPage {
    /// The markup so far.
    private(set) var html = ""

    /// Starts a page titled `title`.
    init(title: String) {
        html.reserveCapacity(1 << 16)
        html += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        // Nothing may load: no script, image, font or frame from anywhere; the inline style and the small
        // inline script are the only code. A link the user wrote still opens on a click (navigation).
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        html += "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        html += "<meta name=\"generator\" content=\"afrun\"><title>\(HTMLText.escape(title))</title>"
        html += "<style>\(Self.styleSheet)</style></head>\n<body>"
    }

    /// Appends markup written by the report itself (never data).
    mutating func raw(_ markup: String) {
        html += markup
    }

    /// Appends escaped text.
    mutating func text(_ value: String) {
        html += HTMLText.escape(value)
    }

    /// Appends `<tag class="…">escaped text</tag>`.
    mutating func element(_ tag: String, _ value: String, class name: String? = nil) {
        html += name.map { "<\(tag) class=\"\($0)\">" } ?? "<\(tag)>"
        html += HTMLText.escape(value)
        html += "</\(tag)>"
    }

    /// Closes the page, with an optional inline script.
    mutating func finish(script: String? = nil) -> String {
        if let script { html += "<script>\(script)</script>" }
        html += "</body></html>\n"
        return html
    }

    /// `12.3 ms`, `1.24 s`, `2 min 3 s`.
    static func duration(_ ms: Double) -> String {
        guard ms.isFinite else { return "–" }
        if ms < 1 { return String(format: "%.2f ms", ms) }
        if ms < 1_000 { return String(format: "%.1f ms", ms) }
        if ms < 60_000 { return String(format: "%.2f s", ms / 1_000) }
        let seconds = Int((ms / 1_000).rounded())
        return "\(seconds / 60) min \(seconds % 60) s"
    }

    /// `2026-11-26 14:10:06 UTC`.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d UTC",
            c.year ?? 0,
            c.month ?? 0,
            c.day ?? 0,
            c.hour ?? 0,
            c.minute ?? 0,
            c.second ?? 0
        )
    }

    /// A number for SVG coordinates: one decimal, no exponent.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
