import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// AFNetworking's `AFXMLDocumentResponseSerializer`: validates, then parses the body as an
/// XML document (`application/xml`, `text/xml`; FoundationXML on Linux).
///
/// The body is parsed once here, so malformed XML fails at once. `XMLDocument` is a mutable
/// class, so the result is an ``XMLDocumentValue`` that makes a document for each user.
public struct XMLDocumentResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// `application/xml` and `text/xml` by default; nil accepts any.
    public var acceptableContentTypes: Set<String>? = ["application/xml", "text/xml"]
    /// `XMLNode.Options` for parsing, as a raw value (the option set is not `Sendable`).
    public var optionsRawValue: UInt = 0

    /// Creates a serializer with AF's defaults.
    public init() {}

    /// Validates and parses the body.
    /// - Throws: `.responseValidation`, or `.responseSerialization` (kind `.invalidXML`).
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> XMLDocumentValue {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        // libxml2 recovers from some malformed input when building a document, and the event
        // parser does not report a document that simply stops; so elements are counted too.
        let checker = WellFormednessChecker()
        let parser = XMLParser(data: data)
        parser.delegate = checker
        let parsed = parser.parse()
        guard parsed, checker.isComplete else {
            let reason = parser.parserError.map { "\($0)" } ?? "unclosed or missing elements"
            throw .responseSerialization(
                .init(
                    message: "invalid XML (\(data.count) bytes) at line \(parser.lineNumber): \(reason)",
                    response: response,
                    data: data,
                    kind: .invalidXML,
                    underlyingError: parser.parserError
                )
            )
        }
        let value = XMLDocumentValue(data: data, optionsRawValue: optionsRawValue, rootElementName: nil)
        do {
            let document = try value.makeDocument()
            return XMLDocumentValue(
                data: data,
                optionsRawValue: optionsRawValue,
                rootElementName: document.rootElement()?.name
            )
        } catch {
            throw .responseSerialization(
                .init(
                    message: "invalid XML (\(data.count) bytes): \(error)",
                    response: response,
                    data: data,
                    kind: .invalidXML,
                    underlyingError: error
                )
            )
        }
    }
}

/// A well-formed XML body and what was learned parsing it.
public struct XMLDocumentValue: Sendable, Hashable {
    /// The XML bytes.
    public var data: Data
    /// The `XMLNode.Options` raw value used to parse.
    public var optionsRawValue: UInt
    /// The root element's name.
    public var rootElementName: String?

    /// A new document parsed from the body.
    /// - Throws: The parser's error for malformed XML.
    public func makeDocument() throws -> XMLDocument {
        try XMLDocument(data: data, options: XMLNode.Options(rawValue: optionsRawValue))
    }
}

/// Counts open elements while `XMLParser` runs: a document is complete when a root element
/// opened and every element closed.
private final class WellFormednessChecker: NSObject, XMLParserDelegate {
    private var depth = 0
    private var sawRoot = false

    var isComplete: Bool { sawRoot && depth == 0 }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        depth += 1
        sawRoot = true
    }

    func parser(
        _ parser: XMLParser,
        didEndElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        depth -= 1
    }
}
