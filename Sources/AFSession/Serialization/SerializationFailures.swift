import Foundation

/// Why a request could not be built.
public enum RequestSerializationFailure: Sendable, CustomStringConvertible {
    /// The parameters cannot be encoded this way (e.g. not representable as JSON).
    case invalidParameters(String)
    /// A custom query-string serialization closure failed.
    case queryStringSerializationFailed(String)
    /// A multipart part's file could not be read.
    case unreadableFile(path: String, reason: String)
    /// A string could not be represented in the serializer's `stringEncoding`.
    case unencodableString(String, encoding: String.Encoding)
    /// A multipart form was asked for a method that carries no body (GET, HEAD).
    case methodWithoutBody(HTTPMethod)

    /// A sentence naming what failed and how to fix it.
    public var description: String {
        switch self {
        case .invalidParameters(let why):
            "invalid parameters: \(why)"
        case .queryStringSerializationFailed(let why):
            "query string serialization failed: \(why) (the custom queryStringSerialization closure threw)"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason) (check the path and its permissions before adding the part)"
        case .unencodableString(let text, let encoding):
            "cannot encode \"\(text.prefix(40))\" as \(encoding) (use .utf8 as the stringEncoding)"
        case .methodWithoutBody(let method):
            "\(method) cannot carry a multipart body (use POST, PUT or PATCH)"
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
    /// A failure found before this one, as AF chains errors: an unacceptable status code carries
    /// the unacceptable content type found first; a serializer's own error may wrap a validation failure.
    public var underlyingError: (any Error)?

    /// Creates a failure.
    public init(reason: Reason, response: HTTPResponse, data: Data, underlyingError: (any Error)? = nil) {
        self.reason = reason
        self.response = response
        self.data = data
        self.underlyingError = underlyingError
    }

    /// A sentence. It names the URL without its query, user and password, as `SessionError` names hosts: those
    /// parts may hold a secret, and a printed error goes to logs.
    public var description: String {
        var shown = URLComponents(url: response.url, resolvingAgainstBaseURL: false)
        shown?.query = nil
        shown?.user = nil
        shown?.password = nil
        shown?.fragment = nil
        let url = shown?.string ?? response.url.host ?? "the server"
        switch reason {
        case .unacceptableStatusCode(let code):
            return "request failed: unacceptable status code \(code) from \(url)"
        case .unacceptableContentType(let type):
            return "request failed: unacceptable content type \(type ?? "(none)") from \(url)"
        }
    }

    /// Every reason in the chain, this one first.
    public var reasons: [Reason] {
        var result = [reason]
        var next = underlyingError
        while let current = next {
            if case .responseValidation(let failure) = current as? SessionError {
                result.append(failure.reason)
                next = failure.underlyingError
            } else {
                next = nil
            }
        }
        return result
    }
}

/// Why a body could not be decoded.
public struct ResponseSerializationFailure: Sendable, CustomStringConvertible {
    /// What kind of body was expected and not found; switch on it.
    public enum Kind: Sendable, Hashable {
        /// The body is not valid JSON.
        case invalidJSON
        /// The body is not a valid property list.
        case invalidPropertyList
        /// The body is not well-formed XML.
        case invalidXML
        /// The body is not an image of the declared type (`declared` is the Content-Type).
        case notAnImage(declared: String?)
        /// Anything else.
        case other
    }
    /// What kind of failure.
    public var kind: Kind
    /// What went wrong, e.g. `invalid JSON at byte 12`.
    public var message: String
    /// The response, when there was one.
    public var response: HTTPResponse?
    /// The body.
    public var data: Data
    /// The decoder's own error, when it gave one.
    public var underlyingError: (any Error)?

    /// Creates a failure.
    public init(
        message: String,
        response: HTTPResponse?,
        data: Data,
        kind: Kind = .other,
        underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.response = response
        self.data = data
        self.underlyingError = underlyingError
    }

    /// The message.
    public var description: String { message }
}
