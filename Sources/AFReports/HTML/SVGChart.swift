import Foundation

/// Small SVG drawing helpers the reports' charts share. Coordinates are in a fixed view box; the SVG
/// scales to its figure's width.
struct SVGChart {
    /// The markup so far.
    private(set) var svg = ""

    /// Starts an SVG of `width` × `height` view-box units, described by `label` for screen readers.
    init(width: Double, height: Double, label: String) {
        let w = HTMLPage.coordinate(width)
        let h = HTMLPage.coordinate(height)
        svg = "<svg viewBox=\"0 0 \(w) \(h)\" role=\"img\" "
        svg += "aria-label=\"\(HTMLText.escape(label))\">"
    }

    /// A rectangle with a CSS class and an optional tooltip.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, class name: String, title: String? = nil) {
        let c = HTMLPage.coordinate
        svg += "<rect x=\"\(c(x))\" y=\"\(c(y))\" width=\"\(c(max(width, 0.5)))\" height=\"\(c(height))\" "
        svg += "class=\"\(name)\""
        if let title {
            svg += "><title>\(HTMLText.escape(title))</title></rect>"
        } else {
            svg += "/>"
        }
    }

    /// A line with a CSS class.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class name: String) {
        let c = HTMLPage.coordinate
        svg += "<line x1=\"\(c(x1))\" y1=\"\(c(y1))\" x2=\"\(c(x2))\" y2=\"\(c(y2))\" class=\"\(name)\"/>"
    }

    /// Escaped text; `anchor` is `start`, `middle` or `end`; `title` is a tooltip (a shortened label's whole
    /// text).
    mutating func text(_ value: String, x: Double, y: Double, anchor: String = "start", title: String? = nil) {
        let c = HTMLPage.coordinate
        svg += "<text x=\"\(c(x))\" y=\"\(c(y))\" text-anchor=\"\(anchor)\">"
        if let title { svg += "<title>\(HTMLText.escape(title))</title>" }
        svg += "\(HTMLText.escape(value))</text>"
    }

    /// A polyline or polygon through `points`.
    mutating func path(_ points: [(Double, Double)], closed: Bool, class name: String) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(HTMLPage.coordinate($0.0)),\(HTMLPage.coordinate($0.1))" }.joined(separator: " ")
        svg += "<\(closed ? "polygon" : "polyline") points=\"\(list)\" class=\"\(name)\"/>"
    }

    /// The finished SVG element.
    mutating func finish() -> String {
        svg + "</svg>"
    }

    /// Round tick values from 0 to at least `maximum`: 0, 1, 2, 5, 10, 20, 50… steps, about `count` of them.
    static func ticks(upTo maximum: Double, count: Int = 5) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0] }
        let rough = maximum / Double(count)
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? rough
        return stride(from: 0, through: maximum + step * 0.001, by: step).map { $0 }
    }

    /// The charts' font size in view-box units (`svg text` in the style sheet).
    static let fontSize = 11.0

    /// `text` cut with an ellipsis so that it fits `width` view-box units at the charts' font. Glyph widths
    /// are not known here (the browser picks the font), so each character counts at a generous estimate of
    /// its advance: a label may end a little short of the room it has, never run past it.
    static func fitted(_ text: String, width: Double) -> String {
        let room = width / fontSize
        guard text.reduce(0, { $0 + advance($1) }) > room else { return text }
        var kept = ""
        var used = advance("…")
        for character in text {
            used += advance(character)
            if used > room { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// A character's advance in ems, at least what common sans-serif fonts give it (DejaVu Sans, Liberation
    /// Sans, Arial): narrow punctuation and letters, other lower-case ASCII, capitals, the widest ASCII, wide
    /// scripts (an em), colour emoji, and the rest.
    static func advance(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first?.value else { return 0 }
        if scalar < 0x80 {
            if " .,:;'!|ijlI()[]ft".unicodeScalars.contains(where: { $0.value == scalar }) { return 0.42 }
            if "mwMW@%".unicodeScalars.contains(where: { $0.value == scalar }) { return 1.02 }
            return (0x41...0x5A).contains(scalar) ? 0.85 : 0.68
        }
        // East Asian scripts take an em; colour emoji more.
        return scalar >= 0x1F000 ? 1.3 : scalar >= 0x1100 ? 1.05 : 0.8
    }
}
