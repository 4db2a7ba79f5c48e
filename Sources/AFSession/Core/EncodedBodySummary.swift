import Foundation

/// What a data task saw of the response body as it came over the wire, before its `Content-Encoding` was
/// undone: asked for with ``HTTPRequest/measuresEncodedBody``.
///
/// With no `Content-Encoding` (or only `identity`), the encoded body is the body: the same length and
/// digest as ``ResponseBodySummary``'s.
public struct EncodedBodySummary: Sendable, Hashable {
    /// Every byte received, as sent.
    public var length: Int64
    /// The SHA-256 of those bytes.
    public var sha256: Data
    /// The content codings the response declared, in the order the server applied them (`["gzip"]`);
    /// empty when it declared none. Lower case, `identity` left out.
    public var contentCodings: [String]
    /// Why the body could not be decoded, when it could not: the decoded body (the response's data,
    /// ``ResponseBodySummary/length`` and ``ResponseBodySummary/sha256``) then holds only what was decoded
    /// before the failure, and nothing that reads it can be trusted.
    public var decodingFailure: ContentDecodingFailure?

    /// Creates a summary.
    public init(
        length: Int64,
        sha256: Data,
        contentCodings: [String] = [],
        decodingFailure: ContentDecodingFailure? = nil
    ) {
        self.length = length
        self.sha256 = sha256
        self.contentCodings = contentCodings
        self.decodingFailure = decodingFailure
    }

    /// The SHA-256 as lower-case hex.
    public var sha256Hex: String { OpenSSLDigest.hex(sha256) }
}

/// Why a response body could not be decoded from its `Content-Encoding`.
public struct ContentDecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The session cannot decode this coding (it decodes `gzip`, `x-gzip`, `deflate`, `br` and `zstd`).
        case unsupported
        /// More codings were stacked than the session undoes (libcurl's limit, 5).
        case tooManyCodings
        /// The decoder refused the bytes; the library's words.
        case corrupt(String)
        /// The body ended before the coded stream did.
        case truncated
        /// Decoding was stopped when the transfer ran out of time.
        case stopped
    }

    /// The content coding, as the response named it (`gzip`, `compress`).
    public var coding: String
    /// What went wrong.
    public var reason: Reason

    /// Creates a failure.
    public init(coding: String, reason: Reason) {
        self.coding = coding
        self.reason = reason
    }

    /// The codings the session decodes.
    public static let supportedCodings = ["gzip", "x-gzip", "deflate", "br", "zstd"]

    /// A sentence naming the coding and the cause.
    public var description: String {
        switch reason {
        case .unsupported:
            "the body's Content-Encoding `\(coding)` cannot be decoded (afrun decodes "
                + Self.supportedCodings.joined(separator: ", ") + ")"
        case .tooManyCodings:
            "the body's Content-Encoding stacks more than \(ContentDecoderChain.maximumCodings) codings (`\(coding)`)"
        case .corrupt(let message): "the body is not valid `\(coding)` data (\(message))"
        case .truncated: "the body ended before its `\(coding)` stream did"
        case .stopped: "decoding the body's `\(coding)` stream was stopped at the request's time limit"
        }
    }
}
