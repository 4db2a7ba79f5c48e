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
        method: HTTPMethod, url: URL, parameters: ParameterValue?, headers: HTTPHeaders
    ) throws(SessionError) -> HTTPRequest {
        let prepared = base.preparedRequest(method: method, url: url, headers: headers)
        if base.methodsEncodingParametersInURI.contains(method) {
            return try base.serializing(prepared, parameters: parameters)
        }
        guard let parameters else { return prepared }
        var request = prepared
        if !request.headers.contains(name: "Content-Type") {
            request.headers["Content-Type"] = "application/x-plist"
        }
        let object: Any
        do {
            object = try parameters.propertyListObject()
        } catch {
            throw .requestSerialization(.invalidParameters(error.reason))
        }
        do {
            request.body = .data(try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0))
        } catch {
            throw .requestSerialization(.invalidParameters("parameters: \(error)"))
        }
        return request
    }
}
