import CLibXML2

/// Compiles XPath 1.0 expressions with libxml2 (the engine that later evaluates them), so `afrun validate`
/// reports an expression that cannot run before anything is sent.
///
/// Why here and not behind a hook the CLI fills in: a check every caller must remember to supply is a
/// check some caller forgets (a test harness, a future command), and the expression then fails only at
/// run time. Compiling needs no document and no network, so the suite module can own it.
public enum XPathSyntax {
    /// What is wrong with an expression: libxml2's reason in words and, when it gives one, the 0-based
    /// offset in the expression.
    public struct Problem: Sendable, Hashable {
        /// The reason, e.g. `missing closing bracket or parenthesis`.
        public var message: String
        /// Where in the expression libxml2 stopped, when known.
        public var offset: Int?
    }

    /// libxml2 asks to be initialised once, before threads use it.
    private static let initialized: Void = xmlInitParser()

    /// Why `expression` does not compile, or nil when it does.
    /// - Parameters:
    ///   - expression: an XPath 1.0 expression.
    ///   - namespaces: prefixes the expression may use, with their URIs (none are known otherwise, so a
    ///     prefixed name is an "undefined namespace prefix").
    /// - Returns: the problem, or nil.
    public static func problem(in expression: String, namespaces: [String: String] = [:]) -> Problem? {
        _ = initialized
        if expression.utf8.contains(0) { return Problem(message: "the expression holds a NUL character", offset: nil) }
        // A context without a document: its error handler keeps libxml2 from printing, and its `lastError`
        // holds the code and position (libxml2 fills those, not the message, on this path).
        guard let context = xmlXPathNewContext(nil) else {
            return Problem(message: "libxml2 could not allocate an XPath context", offset: nil)
        }
        defer { xmlXPathFreeContext(context) }
        context.pointee.error = { _, _ in }
        for (prefix, uri) in namespaces {
            _ = prefix.withCString { p in uri.withCString { u in xmlXPathRegisterNs(context, p.cast(), u.cast()) } }
        }
        let compiled = expression.withCString { text in
            text.withMemoryRebound(to: xmlChar.self, capacity: expression.utf8.count + 1) {
                xmlXPathCtxtCompile(context, $0)
            }
        }
        guard let compiled else {
            let error = context.pointee.lastError
            let offset = error.str1 != nil ? Self.characterOffset(byte: Int(error.int1), in: expression) : nil
            return Problem(message: reason(code: Int(error.code)), offset: offset)
        }
        defer { xmlXPathFreeCompExpr(compiled) }
        // libxml2 resolves functions, their arity, variables and namespace prefixes only when evaluating
        // (`count(` and `foo(1)` compile): evaluating on a one-element document finds those too.
        guard let document = emptyDocument() else { return nil }
        defer { xmlFreeDoc(document) }
        context.pointee.doc = document
        context.pointee.node = xmlDocGetRootElement(document)
        afx_silence_generic_errors()
        guard let result = xmlXPathCompiledEval(compiled, context) else {
            return Problem(message: reason(code: Int(context.pointee.lastError.code)), offset: nil)
        }
        xmlXPathFreeObject(result)
        return nil
    }

    /// `<r/>`, for evaluating an expression without a body.
    private static func emptyDocument() -> xmlDocPtr? {
        let text: [CChar] = Array("<r/>".utf8CString)
        return text.withUnsafeBufferPointer {
            xmlReadMemory($0.baseAddress, Int32($0.count - 1), nil, nil, Int32(XML_PARSE_NONET.rawValue))
        }
    }

    /// libxml2's XPath error code (an `XML_XPATH_*` value) in words.
    /// - Parameter code: `xmlError.code` from a failed compilation or evaluation.
    /// - Returns: the reason, or "invalid expression" for a code not listed.
    public static func reason(code: Int) -> String {
        reasons[code - Int(XML_XPATH_EXPRESSION_OK.rawValue)] ?? "invalid expression"
    }

    /// libxml2's XPath error codes (`XML_XPATH_*` less `XML_XPATH_EXPRESSION_OK`) in words.
    private static let reasons: [Int: String] = [
        1: "invalid number", 2: "unfinished string literal", 3: "a string literal was expected",
        4: "a variable name was expected after '$'", 5: "undefined variable (afrun defines none)",
        6: "invalid predicate", 7: "invalid expression", 8: "missing closing bracket or parenthesis",
        9: "unknown function", 10: "invalid operand", 11: "wrong argument type", 12: "wrong number of arguments",
        15: "out of memory", 19: "undefined namespace prefix", 20: "invalid encoding", 21: "invalid character",
    ]

    /// The character offset of UTF-8 byte `byte` of `text` (libxml2 counts bytes).
    private static func characterOffset(byte: Int, in text: String) -> Int {
        let utf8 = text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: max(0, min(byte, utf8.count)))
        return text.distance(from: text.startIndex, to: index)
    }
}

extension UnsafePointer<CChar> {
    /// The same bytes as libxml2's `xmlChar`.
    fileprivate func cast() -> UnsafePointer<xmlChar> { UnsafeRawPointer(self).assumingMemoryBound(to: xmlChar.self) }
}
