import Foundation
import NIOCore
import NIOHTTP1

/// A complete response: status, headers and body.
struct RouteResponse {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer

    init(status: HTTPResponseStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: ByteBuffer = ByteBuffer()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with sorted keys.
    static func json(
        _ object: Any,
        status: HTTPResponseStatus = .ok,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> RouteResponse {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object,
                options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
            ))
            ?? Data("null".utf8)
        return bytes(Array(data), contentType: "application/json", status: status, headers: headers)
    }

    /// A body of bytes with a content type.
    static func bytes(
        _ bytes: [UInt8],
        contentType: String,
        status: HTTPResponseStatus = .ok,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> RouteResponse {
        var response = RouteResponse(status: status, headers: headers, body: ByteBuffer(bytes: bytes))
        response.headers.replaceOrAdd(name: "content-type", value: contentType)
        return response
    }

    /// A UTF-8 text body.
    static func text(
        _ text: String,
        contentType: String = "text/plain; charset=utf-8",
        status: HTTPResponseStatus = .ok
    )
        -> RouteResponse
    {
        bytes(Array(text.utf8), contentType: contentType, status: status)
    }

    /// An empty-bodied response.
    static func empty(_ status: HTTPResponseStatus, headers: HTTPHeaders = HTTPHeaders()) -> RouteResponse {
        RouteResponse(status: status, headers: headers)
    }

    /// A JSON error body `{"error": message}`.
    static func error(_ status: HTTPResponseStatus, _ message: String) -> RouteResponse {
        json(["error": message], status: status)
    }
}

extension RouteReply {
    /// A JSON reply.
    static func json(
        _ object: Any,
        status: HTTPResponseStatus = .ok,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> RouteReply {
        .response(.json(object, status: status, headers: headers))
    }

    /// A JSON error reply.
    static func error(_ status: HTTPResponseStatus, _ message: String) -> RouteReply {
        .response(.error(status, message))
    }
}
