import Foundation

/// libxml2 (under FoundationXML) prints every recoverable parse error to standard error, which
/// would land in the middle of afrun's output. Its error handler is per thread, so it is silenced
/// on the calling thread right before each parse. Looked up with `dlsym` because FoundationXML
/// does not expose libxml2's API.
enum LibXML {
    private typealias ErrorFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    private typealias SetErrorFunction = @convention(c) (UnsafeMutableRawPointer?, ErrorFunction?) -> Void

    /// Installs a handler that drops libxml2's messages on this thread.
    static func silenceCurrentThread() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "xmlSetGenericErrorFunc") else { return }
        let set = unsafeBitCast(symbol, to: SetErrorFunction.self)
        // The real handler is variadic; this one reads none of the arguments, which is safe to call.
        set(nil, { _, _ in })
    }

    /// HTML void elements (`<meta>`, `<br>`…) written as empty XML elements, so that the XML
    /// parser libxml2 falls back to keeps the document's structure.
    static func closingVoidElements(_ html: String) -> String {
        guard let regex = try? NSRegularExpression(
            pattern: #"<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)\b([^>]*?)\s*/?>"#,
            options: [.caseInsensitive])
        else { return html }
        return regex.stringByReplacingMatches(
            in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "<$1$2/>")
    }
}
