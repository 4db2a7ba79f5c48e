import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// AFNetworking's `AFXMLParserResponseSerializer`: validates, then hands back the body ready for
/// an `XMLParser` (`application/xml`, `text/xml`).
///
/// AF returns an unstarted `NSXMLParser`. A parser is a mutable class that cannot cross threads
/// safely, so this returns an ``XMLParserInput`` that makes a fresh parser where it is used.
public struct XMLParserResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// `application/xml` and `text/xml` by default; nil accepts any.
    public var acceptableContentTypes: Set<String>? = ["application/xml", "text/xml"]

    /// Creates a serializer with AF's defaults.
    public init() {}

    /// Validates and returns the body for parsing (not parsed yet, as in AF).
    /// - Throws: `.responseValidation`.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> XMLParserInput {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        return XMLParserInput(data: data)
    }
}

/// An XML body waiting to be parsed.
public struct XMLParserInput: Sendable, Hashable {
    /// The XML bytes.
    public var data: Data

    /// Creates an input.
    /// - Parameter data: The XML bytes.
    public init(data: Data) { self.data = data }

    /// A new parser over the body; set its delegate and call `parse()`.
    public func makeParser() -> XMLParser { XMLParser(data: data) }
}
