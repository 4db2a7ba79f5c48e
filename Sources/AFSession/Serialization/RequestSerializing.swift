import Foundation

/// Builds requests from a method, a URL and parameters (AFNetworking's `AFURLRequestSerialization`).
public protocol RequestSerializing: Sendable {
    /// Returns a request for `method` and `url` with `parameters` encoded as this serializer does
    /// (query string, form body, JSON…), the serializer's default headers and `headers` on top.
    func request(
        method: HTTPMethod,
        url: URL,
        parameters: ParameterValue?,
        headers: HTTPHeaders
    ) throws(SessionError) -> HTTPRequest
}

/// Validates and decodes a response (AFNetworking's `AFURLResponseSerialization`).
public protocol ResponseSerializing: Sendable {
    /// The decoded value's type.
    associatedtype SerializedObject: Sendable
    /// Validates the response and decodes its body, or throws `.responseValidation` /
    /// `.responseSerialization`.
    func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> SerializedObject
}
