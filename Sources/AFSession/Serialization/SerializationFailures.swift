import Foundation

extension SessionError {
    // CONTRACT (skeleton): the serialization issue refines these reasons.
}

/// Why a request could not be built.
public enum RequestSerializationFailure: Sendable, CustomStringConvertible {
    /// The parameters cannot be encoded this way (e.g. not representable as JSON).
    case invalidParameters(String)
    /// A custom query-string serialization closure failed.
    case queryStringSerializationFailed(String)
    /// A multipart part's file could not be read.
    case unreadableFile(path: String, reason: String)

    /// A sentence.
    public var description: String {
        switch self {
        case .invalidParameters(let why): "invalid parameters: \(why)"
        case .queryStringSerializationFailed(let why): "query string serialization failed: \(why)"
        case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}

/// A response that did not pass validation; carries the response and the body, as AFNetworking does.
public struct ResponseValidationFailure: Sendable, CustomStringConvertible {
    /// What was unacceptable.
    public enum Reason: Sendable, Hashable {
        /// The status code is not in `acceptableStatusCodes`.
        case unacceptableStatusCode(Int)
        /// The MIME type is not in `acceptableContentTypes` (nil: no Content-Type).
        case unacceptableContentType(String?)
    }
    /// What was unacceptable.
    public var reason: Reason
    /// The response.
    public var response: HTTPResponse
    /// The body.
    public var data: Data

    /// Creates a failure.
    public init(reason: Reason, response: HTTPResponse, data: Data) {
        self.reason = reason
        self.response = response
        self.data = data
    }

    /// A sentence.
    public var description: String {
        switch reason {
        case .unacceptableStatusCode(let code): "request failed: unacceptable status code \(code)"
        case .unacceptableContentType(let type): "request failed: unacceptable content type \(type ?? "(none)")"
        }
    }
}

/// Why a body could not be decoded.
public struct ResponseSerializationFailure: Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `invalid JSON at byte 12`.
    public var message: String
    /// The response, when there was one.
    public var response: HTTPResponse?
    /// The body.
    public var data: Data

    /// Creates a failure.
    public init(message: String, response: HTTPResponse?, data: Data) {
        self.message = message
        self.response = response
        self.data = data
    }

    /// The message.
    public var description: String { message }
}
