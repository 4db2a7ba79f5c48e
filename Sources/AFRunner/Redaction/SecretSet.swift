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
    /// Forms hidden only as whole field values.
    private(set) var short: [String] = []
    /// Every form, for the whole-value comparison and to tell what is new.
    private(set) var all: Set<String> = []

    /// Whether there is nothing to hide.
    var isEmpty: Bool { all.isEmpty }

    /// Adds `forms` (see `SecretForms`); returns whether any was new.
    @discardableResult
    mutating func insert(_ forms: some Sequence<String>) -> Bool {
        let new = forms.filter { !$0.isEmpty && !all.contains($0) }
        guard !new.isEmpty else { return false }
        all.formUnion(new)
        long = Self.ordered(all.filter { $0.count >= Self.minimumSubstringLength })
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
        for form in long where out.contains(form) {
            out = out.replacingOccurrences(of: form, with: Redactor.mask)
        }
        if out.contains("…") { out = maskCutForms(out) }
        if !short.isEmpty { out = WholeFieldMasker.mask(out, forms: short) }
        return out
    }

    /// Text shortened with `…` can end inside a secret (`Bearer SUPER-SE…`): a long form's start of four
    /// characters or more right before the ellipsis is hidden too.
    private func maskCutForms(_ text: String) -> String {
        var out = text
        for form in long {
            for length in stride(from: form.count - 1, through: Self.minimumSubstringLength, by: -1) {
                let cut = form.prefix(length) + "…"
                if out.contains(cut) { out = out.replacingOccurrences(of: cut, with: Redactor.mask + "…") }
            }
        }
        return out
    }
}
