import Foundation

/// AFNetworking's `AFPropertyListRequestSerializer`: parameters as an XML or binary property
/// list body with `Content-Type: application/x-plist` unless the request sets one. GET, HEAD and
/// DELETE still put them in the query string.
public struct PropertyListRequestSerializer: RequestSerializing {
    /// The headers, properties and URI methods shared with the HTTP serializer.
    public var base = HTTPRequestSerializer()
    /// `.xml` (the default) or `.binary`.
    public var format: PropertyListSerialization.PropertyListFormat = .xml

    /// Creates a serializer writing XML property lists.
    public init() {}

    /// Creates a serializer writing `format`.
    /// - Parameter format: `.xml` or `.binary`.
    public init(format: PropertyListSerialization.PropertyListFormat) { self.format = format }

    /// Builds the request; nil parameters leave the body and Content-Type unset, as AF does.
    /// - Throws: `.requestSerialization(.invalidParameters)` for values a property list cannot
    ///   hold (null, sets).
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
            contentType: "application/x-plist"
        ) { parameters throws(SessionError) in
            let object: Any
            do throws(ParameterValue.Unrepresentable) {
                object = try parameters.propertyListObject()
            } catch {
                throw .requestSerialization(.invalidParameters(error.reason))
            }
            do {
                return try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
            } catch {
                throw .requestSerialization(.invalidParameters("parameters: \(error)"))
            }
        }
    }
}
