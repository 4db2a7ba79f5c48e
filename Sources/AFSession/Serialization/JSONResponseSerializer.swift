import Foundation

/// AFNetworking's `AFJSONResponseSerializer`: validates, then decodes a JSON body into a
/// ``ParameterValue`` (the same Sendable tree requests are built from, so a response can be fed
/// back as parameters).
///
/// An empty body, or a body of a single space (what some servers send for "no content"), is no
/// value: `nil`, not an error.
public struct JSONResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// `application/json`, `text/json` and `text/javascript` by default; nil accepts any.
    public var acceptableContentTypes: Set<String>? = ["application/json", "text/json", "text/javascript"]
    /// `JSONSerialization` reading options; `.fragmentsAllowed` accepts a top-level string,
    /// number, boolean or null.
    public var readingOptions: JSONSerialization.ReadingOptions = []
    /// Whether keys whose value is null are removed, recursively through dictionaries and
    /// arrays (where null elements are removed too, as AF does).
    public var removesKeysWithNullValues = false

    /// Creates a serializer with AF's defaults.
    public init() {}

    /// Creates a serializer with reading options.
    /// - Parameter readingOptions: E.g. `.fragmentsAllowed`.
    public init(readingOptions: JSONSerialization.ReadingOptions) { self.readingOptions = readingOptions }

    /// Validates and decodes the body; nil for an empty body or a single space.
    /// - Throws: `.responseValidation`, or `.responseSerialization` (kind `.invalidJSON`) with the
    ///   decoder's error as the underlying error.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> ParameterValue? {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        return try decode(data, response: response)
    }

    /// Decodes `data` as this serializer does, without validating a response.
    /// - Throws: `.responseSerialization` for invalid JSON.
    public func decode(_ data: Data, response: HTTPResponse? = nil) throws(SessionError) -> ParameterValue? {
        if data.isEmpty || data == Data(" ".utf8) { return nil }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: readingOptions)
        } catch {
            throw .responseSerialization(
                .init(
                    message: "invalid JSON (\(data.count) bytes): \(error)",
                    response: response,
                    data: data,
                    kind: .invalidJSON,
                    underlyingError: error
                )
            )
        }
        guard let value = ParameterValue(foundationObject: object) else {
            throw .responseSerialization(
                .init(
                    message: "JSON decoded to an unexpected type \(type(of: object))",
                    response: response,
                    data: data,
                    kind: .invalidJSON
                )
            )
        }
        return removesKeysWithNullValues ? value.removingNullValues() : value
    }
}

extension ParameterValue {
    /// This value with null dictionary values and null array elements removed, recursively
    /// (AF's `AFJSONObjectByRemovingKeysWithNullValues`). A top-level null stays.
    public func removingNullValues() -> ParameterValue {
        switch self {
        case .dictionary(let values):
            return .dictionary(values.filter { $0.value != .null }.mapValues { $0.removingNullValues() })
        case .array(let values):
            return .array(values.filter { $0 != .null }.map { $0.removingNullValues() })
        default:
            return self
        }
    }
}
