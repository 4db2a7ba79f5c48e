import Foundation

extension HTTPSessionManager {
    /// Sends a request built by the request serializer and decodes the response with `serializer`.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: resolved against `baseURL`.
    ///   - parameters: encoded by the request serializer.
    ///   - headers: per-request headers.
    ///   - serializer: validates and decodes the response.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError` from building, sending, validating or decoding.
    public func request<Serializer: ResponseSerializing>(
        _ method: HTTPMethod,
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        let request = try makeRequest(method, path, parameters: parameters, headers: headers)
        let raw = try await session.data(for: request)
        let value = try serializer.serialize(response: raw.response, data: raw.data)
        return SerializedResponse(value: value, raw: raw)
    }

    /// Sends a request and decodes the response with the current `responseSerializer`.
    func request(
        _ method: HTTPMethod,
        _ path: String,
        parameters: ParameterValue?,
        headers: HTTPHeaders
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        let serializer = responseSerializer
        let request = try makeRequest(method, path, parameters: parameters, headers: headers)
        let raw = try await session.data(for: request)
        let value: any Sendable = try serializer.serialize(response: raw.response, data: raw.data)
        return SerializedResponse(value: value, raw: raw)
    }

    /// `GET path` with parameters in the query string.
    /// - Returns: the value the response serializer decoded, and the raw response.
    /// - Throws: `SessionError`.
    public func get(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        try await request(.get, path, parameters: parameters, headers: headers)
    }

    /// `HEAD path`; the response serializer validates the response, there is no body to decode.
    /// - Returns: the raw response.
    /// - Throws: `SessionError`.
    public func head(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws(SessionError) -> DataResponse {
        try await request(.head, path, parameters: parameters, headers: headers).raw
    }

    /// `POST path` with parameters in the body.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func post(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        try await request(.post, path, parameters: parameters, headers: headers)
    }

    /// `PUT path` with parameters in the body.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func put(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        try await request(.put, path, parameters: parameters, headers: headers)
    }

    /// `PATCH path` with parameters in the body.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func patch(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        try await request(.patch, path, parameters: parameters, headers: headers)
    }

    /// `DELETE path` with parameters in the query string.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func delete(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        try await request(.delete, path, parameters: parameters, headers: headers)
    }

    /// `GET path`, decoded by `serializer` into its own type.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func get<Serializer: ResponseSerializing>(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        try await request(.get, path, parameters: parameters, headers: headers, serializer: serializer)
    }

    /// `POST path`, decoded by `serializer` into its own type.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func post<Serializer: ResponseSerializing>(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        try await request(.post, path, parameters: parameters, headers: headers, serializer: serializer)
    }

    /// `PUT path`, decoded by `serializer` into its own type.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func put<Serializer: ResponseSerializing>(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        try await request(.put, path, parameters: parameters, headers: headers, serializer: serializer)
    }

    /// `PATCH path`, decoded by `serializer` into its own type.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func patch<Serializer: ResponseSerializing>(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        try await request(.patch, path, parameters: parameters, headers: headers, serializer: serializer)
    }

    /// `DELETE path`, decoded by `serializer` into its own type.
    /// - Returns: the decoded value and the raw response.
    /// - Throws: `SessionError`.
    public func delete<Serializer: ResponseSerializing>(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        try await request(.delete, path, parameters: parameters, headers: headers, serializer: serializer)
    }
}
