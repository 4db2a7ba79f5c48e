import Foundation

/// AFNetworking's `AFPropertyListResponseSerializer`: validates, then decodes an XML or binary
/// property list (`application/x-plist`) into a ``ParameterValue``.
public struct PropertyListResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// `application/x-plist` by default; nil accepts any.
    public var acceptableContentTypes: Set<String>? = ["application/x-plist"]

    /// Creates a serializer with AF's defaults.
    public init() {}

    /// Validates and decodes the body.
    /// - Throws: `.responseValidation`, or `.responseSerialization` (kind `.invalidPropertyList`),
    ///   an empty body included.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> ParameterValue {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .responseSerialization(
                .init(
                    message: "invalid property list (\(data.count) bytes): \(error)",
                    response: response,
                    data: data,
                    kind: .invalidPropertyList,
                    underlyingError: error
                )
            )
        }
        guard let value = ParameterValue(foundationObject: object) else {
            throw .responseSerialization(
                .init(
                    message: "property list decoded to an unexpected type \(type(of: object))",
                    response: response,
                    data: data,
                    kind: .invalidPropertyList
                )
            )
        }
        return value
    }
}
