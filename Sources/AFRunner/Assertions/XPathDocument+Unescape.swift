import Foundation

extension XPathDocument {
    /// `text` with its HTML character references replaced (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`), by
    /// libxml2's HTML parser (its table of named references); markup is not interpreted, as every `<` is
    /// escaped first. Nil when libxml2 cannot read it.
    static func htmlUnescape(_ text: String) -> String? {
        let escaped = text.replacingOccurrences(of: "<", with: "&lt;")
        let page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><p>\(escaped)</p></body></html>"
        guard let document = try? XPathDocument(html: Data(page.utf8), encoding: "utf-8"),
            case .string(let unescaped)? = try? document.evaluate("string(/html/body/p)")
        else { return nil }
        return unescaped
    }
}
