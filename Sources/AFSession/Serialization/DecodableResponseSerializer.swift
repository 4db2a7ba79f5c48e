import Foundation

/// Alamofire's `DecodableResponseSerializer`: validates like ``JSONResponseSerializer``, then decodes the
/// body into `Value` with a `JSONDecoder`, so a typed model comes back instead of a ``ParameterValue`` tree.
///
/// ```swift
/// struct User: Decodable, Sendable { var id: Int; var name: String }
/// let user = try await api.get("users/1", serializer: DecodableResponseSerializer<User>()).value
/// ```
///
/// An empty body is an error (there is no `Value` to make), unlike the JSON serializer's `nil`.
public struct DecodableResponseSerializer<Value: Decodable & Sendable>: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// `application/json`, `text/json` and `text/javascript` by default; nil accepts any.
    public var acceptableContentTypes: Set<String>? = ["application/json", "text/json", "text/javascript"]
    /// Decodes the body; set its strategies (dates, keys, data) before use.
    public var decoder: JSONDecoder

    /// Creates a serializer.
    /// - Parameter decoder: The decoder; a plain `JSONDecoder()` by default.
    public init(decoder: JSONDecoder = JSONDecoder()) { self.decoder = decoder }

    /// Validates and decodes the body.
    /// - Returns: The decoded value.
    /// - Throws: `.responseValidation`, or `.responseSerialization` (kind `.invalidJSON`) for an empty body
    ///   or one that does not decode, with the `DecodingError` as the underlying error.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> Value {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        return try decode(data, response: response)
    }

    /// Decodes `data` as this serializer does, without validating a response.
    /// - Throws: `.responseSerialization` for an empty body or one that does not decode.
    public func decode(_ data: Data, response: HTTPResponse? = nil) throws(SessionError) -> Value {
        guard !data.isEmpty else {
            throw .responseSerialization(
                .init(
                    message: "empty body: no \(Value.self) to decode",
                    response: response,
                    data: data,
                    kind: .invalidJSON
                )
            )
        }
        do {
            return try decoder.decode(Value.self, from: data)
        } catch {
            throw .responseSerialization(
                .init(
                    message: "cannot decode \(Value.self) from \(data.count) bytes: \(Self.explain(error))",
                    response: response,
                    data: data,
                    kind: .invalidJSON,
                    underlyingError: error
                )
            )
        }
    }

    /// `DecodingError`'s case and coding path in a line (`key "id" not found at $.user`).
    private static func explain(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "key \"\(key.stringValue)\" not found at \(path(context.codingPath))"
        case .typeMismatch(let type, let context)?:
            return "expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context)?:
            return "expected \(type) at \(path(context.codingPath)), found null"
        case .dataCorrupted(let context)?:
            return "\(context.debugDescription) at \(path(context.codingPath))"
        default:
            return "\(error)"
        }
    }
}
