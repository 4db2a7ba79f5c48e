import Foundation

/// AFNetworking's base response serializer (`AFHTTPResponseSerializer`): validates the status
/// code and the content type and returns the body as it is.
///
/// Validation follows AF: the content type is checked first, and only for a non-empty body; an
/// unacceptable status code is reported on top, with the content-type failure (if any) as its
/// ``ResponseValidationFailure/underlyingError``. Both carry the response and the body.
public struct HTTPResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default. Any set or ranges:
    /// `IndexSet(integersIn: 200..<400)`, `IndexSet([200, 204])`.
    public var acceptableStatusCodes: IndexSet
    /// MIME types that pass validation (compared without parameters, case-insensitively);
    /// nil accepts any.
    public var acceptableContentTypes: Set<String>?

    /// Creates a serializer with AF's defaults: 200–299, any content type.
    public init() {
        acceptableStatusCodes = Self.defaultAcceptableStatusCodes
        acceptableContentTypes = nil
    }

    /// 200–299.
    public static let defaultAcceptableStatusCodes = IndexSet(integersIn: 200..<300)

    /// Validates and returns the body.
    /// - Throws: `.responseValidation` for an unacceptable status code or content type.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> Data {
        try validate(response: response, data: data)
        return data
    }

    /// Throws when the response fails ``acceptableStatusCodes`` or ``acceptableContentTypes``.
    /// - Throws: `.responseValidation`.
    public func validate(response: HTTPResponse, data: Data) throws(SessionError) {
        try Self.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
    }

    /// AF's `validateResponse:data:error:` for any serializer's acceptable sets.
    ///
    /// An empty body is never rejected for its content type (there is nothing to decode).
    /// - Throws: `.responseValidation`.
    public static func validate(
        response: HTTPResponse,
        data: Data,
        acceptableStatusCodes: IndexSet,
        acceptableContentTypes: Set<String>?
    ) throws(SessionError) {
        var failure: ResponseValidationFailure?
        if let acceptable = acceptableContentTypes, !data.isEmpty {
            let type = response.mimeType
            if type == nil || !acceptable.contains(where: { $0.caseInsensitiveEquals(type!) }) {
                failure = ResponseValidationFailure(
                    reason: .unacceptableContentType(type),
                    response: response,
                    data: data
                )
            }
        }
        if !acceptableStatusCodes.contains(response.statusCode) {
            failure = ResponseValidationFailure(
                reason: .unacceptableStatusCode(response.statusCode),
                response: response,
                data: data,
                underlyingError: failure.map { SessionError.responseValidation($0) }
            )
        }
        if let failure { throw .responseValidation(failure) }
    }
}
