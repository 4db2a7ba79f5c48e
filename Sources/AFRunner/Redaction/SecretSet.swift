import Foundation

/// The forms of every secret a redactor hides, split by the short-value rule: a form of four characters or
/// more is hidden wherever it appears; a shorter one only where it is a whole field value (a whole header,
/// query, form or cookie value, a whole JSON string, a whole line, a whole captured or asserted value), never
/// as part of other text, so a password `p` leaves `expected` and `teapot` alone.
struct SecretSet: Sendable {
    /// The shortest form hidden inside other text.
    static let minimumSubstringLength = 4

    /// Forms hidden anywhere, longest first (a form containing another is replaced whole).
    private(set) var long: [String] = []
    /// `long` as UTF-8, for the byte search that rules out most texts.
    private var longBytes: [[UInt8]] = []
    /// Forms hidden only as whole field values.
    private(set) var short: [String] = []
    /// Every form, for the whole-value comparison and to tell what is new.
    private(set) var all: Set<String> = []
    /// Sensitive request header values whose forms have been added (`Redactor.addHeaderValue`): the same
    /// header on every test is derived once.
    var learnedHeaderValues: Set<String> = []

    /// Whether there is nothing to hide.
    var isEmpty: Bool { all.isEmpty }

    /// Adds `forms` (see `SecretForms`); returns whether any was new.
    @discardableResult
    mutating func insert(_ forms: some Sequence<String>) -> Bool {
        let new = forms.filter { !$0.isEmpty && !all.contains($0) }
        guard !new.isEmpty else { return false }
        all.formUnion(new)
        long = Self.ordered(all.filter { $0.count >= Self.minimumSubstringLength })
        longBytes = long.map { Array($0.utf8) }
        short = Self.ordered(all.filter { $0.count < Self.minimumSubstringLength })
        return true
    }

    /// Adds another set's forms.
    mutating func formUnion(_ other: SecretSet) {
        insert(other.all)
    }

    private static func ordered(_ values: Set<String>) -> [String] {
        values.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
    }

    /// A whole field value (a header value, a captured value, an asserted value): hidden whole when it is a
    /// form or a quoted form, else masked as text.
    func field(_ value: String) -> String {
        if isEmpty { return value }
        if all.contains(value) { return Redactor.mask }
        if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\""),
            all.contains(String(value.dropFirst().dropLast()))
        {
            return "\"\(Redactor.mask)\""
        }
        return text(value)
    }

    /// Text from the wire or from suite values (a URL, a body excerpt, a message quoting server data): long
    /// forms replaced wherever they are, short ones where they stand as a whole field.
    func text(_ text: String) -> String {
        if isEmpty || text.isEmpty { return text }
        var out = text
        if containsLongForm(text) {
            for form in long where out.contains(form) {
                out = out.replacingOccurrences(of: form, with: Redactor.mask)
            }
        }
        if !long.isEmpty, out.utf8.count >= Self.minimumSubstringLength, out.contains("…") { out = maskCutForms(out) }
        if !short.isEmpty { out = WholeFieldMasker.mask(out, forms: short) }
        return out
    }

    /// Whether some long form occurs in `text`: `memchr` to each candidate first byte, then `memcmp`, over the bytes
    /// without allocating (most texts hold none, and Foundation's search costs more to set up than this check).
    private func containsLongForm(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            guard let base = haystack.baseAddress else { return false }
            return longBytes.contains { needle in
                needle.withUnsafeBufferPointer { needle in
                    Self.occurs(needle, in: UnsafeBufferPointer(start: base, count: haystack.count))
                }
            }
        }
    }

    /// Whether `needle` (non-empty) occurs in `haystack`.
    private static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let needleBase = needle.baseAddress, let base = haystack.baseAddress,
            needle.count <= haystack.count
        else { return false }
        var offset = 0
        let last = haystack.count - needle.count
        while offset <= last {
            guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
            let position = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if memcmp(base + position, needleBase, needle.count) == 0 { return true }
            offset = position + 1
        }
        return false
    }

    /// Text shortened with `…` can end inside a secret (`Bearer SUPER-SE…`): a long form's start of four
    /// characters or more right before the ellipsis is hidden too.
    private func maskCutForms(_ text: String) -> String {
        var out = text
        var from = out.startIndex
        while let ellipsis = out[from...].firstIndex(of: "…") {
            let before = out[..<ellipsis]
            let cut = long.lazy.compactMap { form in
                stride(from: form.count - 1, through: Self.minimumSubstringLength, by: -1).first {
                    before.hasSuffix(form.prefix($0))
                }
            }.first
            guard let cut else {
                from = out.index(after: ellipsis)
                continue
            }
            let start = out.index(ellipsis, offsetBy: -cut)
            out.replaceSubrange(start..<ellipsis, with: Redactor.mask)
            from = out.index(after: out.index(start, offsetBy: Redactor.mask.count))
        }
        return out
    }
}
