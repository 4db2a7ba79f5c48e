import Foundation

/// What a data task saw of the whole response body, however much of it was kept in memory.
///
/// A request's ``HTTPRequest/maxBodyBytes`` caps the bytes kept; the length counts every byte
/// received, and the SHA-256 (when ``HTTPRequest/digestsBody`` asked for it) covers them all, computed
/// as they arrived.
public struct ResponseBodySummary: Sendable, Hashable {
    /// Every body byte received (after content decoding).
    public var length: Int64
    /// The SHA-256 of the whole body, when it was asked for.
    public var sha256: Data?
    /// How many bytes were kept in memory (the response's `data`).
    public var keptLength: Int64
    /// The body as it came over the wire, before its `Content-Encoding` was undone, when
    /// ``HTTPRequest/measuresEncodedBody`` asked for it.
    public var encoded: EncodedBodySummary?
    /// The body bytes received as the server sent them, before their `Content-Encoding` was undone, when the
    /// response declared one (`length` counts decoded bytes: a few KiB of brotli can decode to gigabytes);
    /// nil when it declared none, and `length` is what was received.
    public var receivedLength: Int64?
    /// The content codings the response declared, in the order the server applied them (`["br"]`); empty when
    /// it declared none.
    public var contentCodings: [String] = []

    /// Creates a summary.
    public init(length: Int64, sha256: Data? = nil, keptLength: Int64) {
        self.length = length
        self.sha256 = sha256
        self.keptLength = keptLength
    }

    /// Whether the body was longer than the bytes kept.
    public var isTruncated: Bool { keptLength < length }

    /// The SHA-256 as lower-case hex, when computed.
    public var sha256Hex: String? { sha256.map(OpenSSLDigest.hex) }
}
