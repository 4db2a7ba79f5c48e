import Foundation

extension HTTPRequestSerializer {
    /// The flow every body-encoding serializer (JSON, property list) shares, as AFNetworking's
    /// subclasses do: methods in ``methodsEncodingParametersInURI`` keep the query string; otherwise
    /// nil parameters leave the body and Content-Type unset, and any others are encoded by `encode`
    /// with `contentType` set unless the request already has a Content-Type.
    /// - Parameters:
    ///   - contentType: The media type of the encoded body.
    ///   - encode: Turns the parameters into the body bytes.
    /// - Throws: What `encode` throws, or `.requestSerialization` from the query string.
    func bodyRequest(
        method: HTTPMethod,
        url: URL,
        parameters: ParameterValue?,
        headers: HTTPHeaders,
        contentType: String,
        encode: (ParameterValue) throws(SessionError) -> Data
    ) throws(SessionError) -> HTTPRequest {
        let prepared = preparedRequest(method: method, url: url, headers: headers)
        if methodsEncodingParametersInURI.contains(method) {
            return try serializing(prepared, parameters: parameters)
        }
        guard let parameters else { return prepared }
        var request = prepared
        if !request.headers.contains(name: "Content-Type") {
            request.headers["Content-Type"] = contentType
        }
        request.body = .data(try encode(parameters))
        return request
    }
}
