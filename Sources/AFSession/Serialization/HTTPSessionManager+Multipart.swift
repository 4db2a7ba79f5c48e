import Foundation

extension HTTPSessionManager {
    /// Builds a `multipart/form-data` request for `path` (AF's `multipartFormRequestWithMethod:`
    /// through the manager's serializer).
    ///
    /// The manager's request serializer supplies headers and properties: an
    /// ``HTTPRequestSerializer`` itself, the `base` of a JSON or property-list serializer, or a
    /// default ``HTTPRequestSerializer`` for other serializers.
    /// - Parameters:
    ///   - method: The method; POST by default.
    ///   - path: Resolved against `baseURL`.
    ///   - parameters: Form fields added before `build`'s parts.
    ///   - headers: Per-request headers.
    ///   - build: Adds parts.
    /// - Returns: The request with its streamed body.
    /// - Throws: `.invalidURL` or `.requestSerialization`.
    public func multipartRequest(
        _ method: HTTPMethod = .post,
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        constructingBodyWith build: (inout MultipartFormData) throws(SessionError) -> Void
    ) throws(SessionError) -> HTTPRequest {
        let serializer: HTTPRequestSerializer
        switch requestSerializer {
        case let http as HTTPRequestSerializer: serializer = http
        case let json as JSONRequestSerializer: serializer = json.base
        case let plist as PropertyListRequestSerializer: serializer = plist.base
        default: serializer = HTTPRequestSerializer()
        }
        return try serializer.multipartFormRequest(
            method: method,
            url: url(for: path),
            parameters: parameters,
            headers: headers,
            constructingBodyWith: build
        )
    }

    /// `POST path` with a multipart body (AF's `POST:parameters:headers:constructingBodyWithBlock:`),
    /// decoded by the current `responseSerializer`.
    /// - Parameters:
    ///   - path: Resolved against `baseURL`.
    ///   - parameters: Form fields added before `build`'s parts.
    ///   - headers: Per-request headers.
    ///   - isolation: The caller's actor, where `build` runs (so a `@MainActor` caller may pass a closure
    ///     that uses its state); leave the default.
    ///   - build: Adds parts: files, data, text, streams.
    /// - Returns: The decoded value and the raw response.
    /// - Throws: `SessionError` from building, sending, validating or decoding.
    public func post(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        isolation: isolated (any Actor)? = #isolation,
        constructingBodyWith build: (inout MultipartFormData) throws(SessionError) -> Void
    ) async throws(SessionError) -> SerializedResponse<any Sendable> {
        let serializer = responseSerializer
        let request = try multipartRequest(
            .post,
            path,
            parameters: parameters,
            headers: headers,
            constructingBodyWith: build
        )
        let raw = try await session.data(for: request)
        let value: any Sendable = try serializer.serialize(response: raw.response, data: raw.data)
        return SerializedResponse(value: value, raw: raw)
    }

    /// `POST path` with a multipart body, decoded by `serializer` into its own type.
    /// - Parameters:
    ///   - path: Resolved against `baseURL`.
    ///   - parameters: Form fields added before `build`'s parts.
    ///   - headers: Per-request headers.
    ///   - serializer: Validates and decodes the response.
    ///   - isolation: The caller's actor, where `build` runs; leave the default.
    ///   - build: Adds parts.
    /// - Returns: The decoded value and the raw response.
    /// - Throws: `SessionError` from building, sending, validating or decoding.
    public func post<Serializer: ResponseSerializing>(
        _ path: String,
        parameters: ParameterValue? = nil,
        headers: HTTPHeaders = [:],
        serializer: Serializer,
        isolation: isolated (any Actor)? = #isolation,
        constructingBodyWith build: (inout MultipartFormData) throws(SessionError) -> Void
    ) async throws(SessionError) -> SerializedResponse<Serializer.SerializedObject> {
        let request = try multipartRequest(
            .post,
            path,
            parameters: parameters,
            headers: headers,
            constructingBodyWith: build
        )
        let raw = try await session.data(for: request)
        return SerializedResponse(value: try serializer.serialize(response: raw.response, data: raw.data), raw: raw)
    }
}
