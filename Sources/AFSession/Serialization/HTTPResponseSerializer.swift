import Foundation

/// AFNetworking's base response serializer: validates status code and content type and returns
/// the body as `Data`.
///
/// CONTRACT (skeleton): a minimal version; the serialization issue completes it.
public struct HTTPResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes: IndexSet
    /// MIME types that pass validation; nil accepts any.
    public var acceptableContentTypes: Set<String>?

    /// Creates a serializer with AF's defaults.
    public init() {
        acceptableStatusCodes = IndexSet(integersIn: 200..<300)
        acceptableContentTypes = nil
    }

    /// Validates and returns the body.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> Data {
        guard acceptableStatusCodes.contains(response.statusCode) else {
            throw .responseValidation(.init(reason: .unacceptableStatusCode(response.statusCode), response: response, data: data))
        }
        if let acceptable = acceptableContentTypes, !data.isEmpty {
            guard let type = response.mimeType, acceptable.contains(type) else {
                throw .responseValidation(.init(reason: .unacceptableContentType(response.mimeType), response: response, data: data))
            }
        }
        return data
    }
}
