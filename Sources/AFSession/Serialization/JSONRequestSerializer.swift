import Foundation

/// AFNetworking's `AFJSONRequestSerializer`: parameters as a JSON body with
/// `Content-Type: application/json` unless the request sets one. GET, HEAD and DELETE (the
/// base serializer's ``HTTPRequestSerializer/methodsEncodingParametersInURI``) still put them
/// in the query string.
public struct JSONRequestSerializer: RequestSerializing {
    /// The headers, properties and URI methods shared with the HTTP serializer.
    public var base = HTTPRequestSerializer()
    /// `JSONSerialization` writing options; none by default (`.sortedKeys` makes bodies stable,
    /// `.prettyPrinted` readable, `.fragmentsAllowed` lets a top-level string or number through).
    public var writingOptions: JSONSerialization.WritingOptions = []

    /// Creates a serializer with AF's defaults.
    public init() {}

    /// Creates a serializer with writing options.
    /// - Parameter writingOptions: E.g. `[.sortedKeys, .prettyPrinted]`.
    public init(writingOptions: JSONSerialization.WritingOptions) { self.writingOptions = writingOptions }

    /// Builds the request; nil parameters leave the body and Content-Type unset, as AF does.
    /// - Throws: `.requestSerialization(.invalidParameters)` for values JSON cannot hold (NaN,
    ///   infinity, bytes, dates, sets; a top-level scalar without `.fragmentsAllowed`).
    public func request(
        method: HTTPMethod,
        url: URL,
        parameters: ParameterValue?,
        headers: HTTPHeaders
    ) throws(SessionError) -> HTTPRequest {
        try base.bodyRequest(
            method: method,
            url: url,
            parameters: parameters,
            headers: headers,
            contentType: "application/json"
        ) { parameters throws(SessionError) in try Self.encode(parameters, options: writingOptions) }
    }

    /// `parameters` as JSON bytes.
    /// - Throws: `.requestSerialization(.invalidParameters)` naming the offending value.
    static func encode(
        _ parameters: ParameterValue,
        options: JSONSerialization.WritingOptions
    ) throws(SessionError) -> Data {
        let object: Any
        do {
            object = try parameters.jsonObject()
        } catch {
            throw .requestSerialization(.invalidParameters(error.reason))
        }
        let isContainer = object is [Any] || object is [String: Any]
        guard isContainer || options.contains(.fragmentsAllowed) else {
            throw .requestSerialization(
                .invalidParameters(
                    "parameters: a top-level JSON value must be an object or an array (or set .fragmentsAllowed)"
                )
            )
        }
        do {
            return try JSONSerialization.data(withJSONObject: object, options: options)
        } catch {
            throw .requestSerialization(.invalidParameters("parameters: \(error)"))
        }
    }
}
