import Foundation
import JSONPath
import Locking

/// What is read from one response body, worked out once however many assertions and captures ask:
/// the JSON document (a tape, see `JSONDocument`), the decoded text and the XML or HTML document.
///
/// Shared by the copies of a `ResponseContext` (the evaluator, the pass shortcut and the capture
/// extractor each get one), so a 100 KB body is parsed once per attempt, not once per reader.
final class ResponseBodyCache: Sendable {
    private struct Entries {
        var document: Result<JSONDocument, JSONParseError>?
        /// The text and the charset it was decoded by.
        var text: (charset: String?, text: String)?
        /// The libxml2 document and whether it was parsed as HTML. Used only inside the lock: a libxml2
        /// document is read by one thread at a time.
        var xpath: (html: Bool, document: Result<XPathDocument, XPathDocument.Failure>)?
    }

    private let entries = LockedValue(Entries())

    /// The body parsed as JSON, parsing it on the first call.
    func document(of body: Data) -> Result<JSONDocument, JSONParseError> {
        if let document = entries.withLock({ $0.document }) { return document }
        // Parsed outside the lock: a reader on another thread waits for nothing but the store.
        let parsed = Result { () throws(JSONParseError) in try JSONDocument(parsing: body) }
        entries.withLock { $0.document = parsed }
        return parsed
    }

    /// The body decoded as text by `charset`, decoding it on the first call.
    func text(of body: Data, charset: String?) -> String {
        if let cached = entries.withLock({ $0.text }), cached.charset == charset { return cached.text }
        let decoded = BodyText.decode(body, charset: charset)
        entries.withLock { $0.text = (charset, decoded) }
        return decoded
    }

    /// Calls `use` with the body parsed for XPath (as HTML when `html`, decoded by `charset`), parsing it on
    /// the first call. The parse and `use` run under the cache's lock: a libxml2 document is read by one
    /// thread at a time, and its errors are the calling thread's. `use` must not read this cache again.
    func withXPathDocument<R>(
        of body: Data,
        html: Bool,
        charset: String?,
        _ use: (Result<XPathDocument, XPathDocument.Failure>) -> R
    ) -> R {
        entries.withLock { entries in
            if let cached = entries.xpath, cached.html == html { return use(cached.document) }
            let parsed = Result { () throws(XPathDocument.Failure) in
                html ? try XPathDocument(html: body, encoding: charset) : try XPathDocument(xml: body)
            }
            entries.xpath = (html, parsed)
            return use(parsed)
        }
    }
}
