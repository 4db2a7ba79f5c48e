import AFSuite
import CLibXML2
import Foundation

/// An XML or HTML body parsed by libxml2, and XPath 1.0 evaluated over it: the one place the
/// runner calls libxml2.
///
/// HTML goes through libxml2's HTML parser (the one browsers' rules are modelled on: unclosed
/// `<p>` and `<li>`, void elements, missing `<html>` and `<body>` are repaired), XML through its
/// XML parser. Neither reaches the network or substitutes entities (no XXE), and libxml2's
/// messages are captured for the assertion's message instead of being printed on standard error.
/// A document is used by one thread at a time (libxml2's error state is per thread).
final class XPathDocument {
    /// What an expression evaluated to.
    enum Value: Equatable {
        /// The string values of the selected nodes, in document order.
        case nodes([String])
        /// `count(…)`, `sum(…)`, arithmetic.
        case number(Double)
        /// Comparisons, `boolean(…)`, `not(…)`.
        case boolean(Bool)
        /// `string(…)`, `concat(…)`, `normalize-space(…)`.
        case string(String)
    }

    /// A body that does not parse or an expression that does not evaluate, with libxml2's reason.
    struct Failure: Error {
        /// libxml2's message, without its trailing newline.
        var message: String
    }

    private let document: xmlDocPtr

    /// libxml2 asks to be initialised once, before threads use it.
    private static let initialized: Void = xmlInitParser()

    /// Parses an XML document.
    /// - Throws: ``Failure`` when the body is not well-formed XML.
    init(xml: Data) throws(Failure) {
        _ = Self.initialized
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        document = try Self.parse(xml) { bytes, count in xmlReadMemory(bytes, count, nil, nil, options) }
    }

    /// Parses an HTML document, repairing what browsers repair.
    /// - Parameters:
    ///   - html: the body.
    ///   - encoding: the `charset` of the response's `Content-Type`; UTF-8 when it names none
    ///     (libxml2 would otherwise assume ISO-8859-1 for a page without a `<meta charset>`).
    /// - Throws: ``Failure`` when libxml2 cannot build a document at all (an empty body), or stops reading
    ///   before the end (nesting deeper than 256 levels).
    init(html: Data, encoding: String?) throws(Failure) {
        _ = Self.initialized
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue
        )
        let charset = encoding ?? "utf-8"
        document = try Self.parse(html) { bytes, count in htmlReadMemory(bytes, count, nil, charset, options) }
    }

    deinit { xmlFreeDoc(document) }

    /// Evaluates an XPath 1.0 expression.
    /// - Parameter namespaces: prefixes the expression uses, with their URIs (`_` for a default namespace).
    /// - Throws: ``Failure`` for an invalid expression (libxml2's reason, e.g. "Invalid expression").
    func evaluate(_ expression: String, namespaces: [String: String] = [:]) throws(Failure) -> Value {
        guard let context = xmlXPathNewContext(document) else {
            throw Failure(message: "libxml2 could not allocate an XPath context")
        }
        defer { xmlXPathFreeContext(context) }
        // A handler on the context keeps libxml2 from printing; the error itself is read from
        // `lastError` (libxml2 fills its code and position, not its message, on this path).
        context.pointee.error = { _, _ in }
        // An unknown function is reported through the generic error function, which prints by default.
        afx_silence_generic_errors()
        for (prefix, uri) in namespaces {
            let registered = xmlXPathRegisterNs(context, Array(prefix.utf8) + [0], Array(uri.utf8) + [0])
            if registered != 0 { throw Failure(message: "libxml2 could not register the namespace prefix \(prefix)") }
        }
        let text = Array(expression.utf8) + [0]
        guard let result = xmlXPathEvalExpression(text, context) else {
            let error = context.pointee.lastError
            let reason = XPathSyntax.reason(code: Int(error.code))
            let position = error.str1 != nil ? " at character \(error.int1 + 1)" : ""
            throw Failure(message: reason + position)
        }
        defer { xmlXPathFreeObject(result) }
        switch result.pointee.type {
        case XPATH_NODESET, XPATH_XSLT_TREE:
            guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let nodes = set.pointee.nodeTab else {
                return .nodes([])
            }
            return .nodes((0..<Int(set.pointee.nodeNr)).map { Self.stringValue(of: nodes[$0]) })
        case XPATH_BOOLEAN: return .boolean(result.pointee.boolval != 0)
        case XPATH_NUMBER: return .number(result.pointee.floatval)
        case XPATH_STRING: return .string(result.pointee.stringval.map { String(cString: $0) } ?? "")
        default: throw Failure(message: "the expression gave a value XPath 1.0 assertions cannot compare")
        }
    }

    // MARK: - libxml2 plumbing

    private static func parse(
        _ data: Data,
        with parser: (UnsafePointer<CChar>, Int32) -> xmlDocPtr?
    ) throws(Failure) -> xmlDocPtr {
        guard data.count < Int(Int32.max) else {
            throw Failure(message: "the body is larger than libxml2 can parse (2 GiB)")
        }
        xmlResetLastError()
        let parsed = data.withUnsafeBytes { raw -> xmlDocPtr? in
            // An empty body has no base address; libxml2 reports an empty document for it.
            let empty: [CChar] = [0]
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else {
                return empty.withUnsafeBufferPointer { parser($0.baseAddress!, 0) }
            }
            return parser(base, Int32(raw.count))
        }
        let lastError = xmlGetLastError()?.pointee
        guard let parsed else { throw Failure(message: reason(lastError) ?? "no document") }
        // The HTML parser's recovery returns what it read before a fatal error (elements nested deeper than
        // libxml2's 256 levels, a text node past its size limit): a cut-off document whose counts and
        // strings would be judged as if whole.
        if let lastError, lastError.level == XML_ERR_FATAL {
            xmlFreeDoc(parsed)
            throw Failure(message: reason(lastError) ?? "libxml2 stopped reading it")
        }
        return parsed
    }

    /// libxml2's message in afrun's words: its advice to set `XML_PARSE_HUGE` names nothing a suite can set.
    private static func reason(_ error: xmlError?) -> String? {
        guard let text = error?.message.map({ String(cString: $0) }) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("Excessive depth in document") {
            return "elements nest deeper than 256 levels, libxml2's limit; nothing was judged on the part before"
        }
        return trimmed
    }

    /// A node's XPath string value (text content; an attribute's value).
    private static func stringValue(of node: xmlNodePtr?) -> String {
        guard let node, let value = xmlXPathCastNodeToString(node) else { return "" }
        defer { afx_free(value) }
        return String(cString: value)
    }
}
