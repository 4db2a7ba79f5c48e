import Foundation

/// A request as the session core sends it: a value, built by a request serializer or by hand.
public struct HTTPRequest: Sendable, CustomStringConvertible {
    /// The absolute URL.
    public var url: URL
    /// The method; `GET` by default.
    public var method: HTTPMethod
    /// Header fields sent with the request, after the session's default headers.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: RequestBody?
    /// The total time allowed for the transfer, overriding the session's; nil keeps the session's.
    public var timeout: Duration?
    /// Whether redirects are followed, overriding the session's policy; nil keeps the session's.
    public var followsRedirects: Bool?
    /// Whether the session's cookie store sends and records cookies for this request
    /// (AF's `HTTPShouldHandleCookies`); `false` leaves the store out of this transfer.
    public var handlesCookies: Bool = true
    /// A cookie store for this request instead of the session's: cookies it receives are kept
    /// there and sent by later requests that use the same store (the runner gives each suite
    /// one, as Hurl keeps one per file). nil uses the session's store, if the session keeps one.
    public var cookieStore: CookieStore?

    /// The most response body bytes a data task keeps in memory; the rest is counted (and hashed,
    /// with ``digestsBody``) but dropped, and ``ResponseBodySummary/isTruncated`` says so. nil keeps
    /// the whole body. Download tasks write every byte to their file whatever this says.
    public var maxBodyBytes: Int?
    /// Whether a data task computes the SHA-256 of the whole response body as it arrives
    /// (``ResponseBodySummary/sha256``), however much of it ``maxBodyBytes`` lets it keep.
    public var digestsBody = false
    /// Whether a data task also counts and hashes the body as it came over the wire, before its
    /// `Content-Encoding` is undone (``ResponseBodySummary/encoded``). libcurl's decoding is switched off for
    /// the transfer (the same `Accept-Encoding` is sent) and the session decodes `gzip`, `deflate`, `br` and
    /// `zstd` itself as the bytes arrive, so ``DataResponse/data`` and the summary's length and digest stay
    /// those of the decoded body, under the same ``maxBodyBytes``. A coding it cannot decode does not fail
    /// the transfer: ``EncodedBodySummary/decodingFailure`` says why the decoded body is missing.
    public var measuresEncodedBody = false

    /// The HTTP version to ask for, overriding the session's `httpVersion`; nil keeps the session's.
    public var httpVersion: HTTPVersionPreference?
    /// The most redirects followed, overriding the session's redirect policy's; nil keeps the session's.
    public var maxRedirects: Int?
    /// Whether credentials (`Authorization`, `Cookie` headers written by hand, libcurl's authentication) are
    /// sent again when a redirect goes to another host (`CURLOPT_UNRESTRICTED_AUTH`, curl's
    /// `--location-trusted`). By default libcurl sends them only to the host the request started at.
    public var sendsCredentialsAcrossHosts = false
    /// Credentials libcurl answers with (Basic, Digest, NTLM, Bearer, AWS SigV4); nil sends none but
    /// the request's own headers. libcurl writes the `Authorization` header itself: a request with
    /// credentials reports the names of the headers it sent in ``HTTPResponse/sentHeaderNames``.
    public var authentication: HTTPAuthentication?
    /// A proxy URL for this request instead of the session's (`""`: none, not even the environment's);
    /// nil keeps the session's.
    public var proxy: String?

    /// Creates a request.
    public init(
        url: URL,
        method: HTTPMethod = .get,
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil,
        timeout: Duration? = nil,
        followsRedirects: Bool? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followsRedirects = followsRedirects
    }

    /// `METHOD url`.
    public var description: String { "\(method.rawValue) \(url.absoluteString)" }
}

/// The body of a request.
public enum RequestBody: Sendable {
    /// Bytes held in memory.
    case data(Data)
    /// A file streamed from disk as the transfer reads it; never loaded whole.
    case file(URL)
    /// A stream made when the transfer starts (and again if a redirect needs to rewind it).
    /// `length` is sent as `Content-Length` when known; nil means chunked transfer encoding.
    case stream(length: Int64?, makeStream: @Sendable () throws -> any RequestBodyStream)

    /// The body's length in bytes when it is known up front.
    public var knownLength: Int64? {
        switch self {
        case .data(let data): Int64(data.count)
        case .file(let url):
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value
        case .stream(let length, _): length
        }
    }
}

/// A source of request body bytes, read by the transfer loop as libcurl asks for them.
///
/// A stream is used from one thread at a time and is not shared; it is closed when the
/// transfer ends.
public protocol RequestBodyStream: AnyObject {
    /// Copies up to `buffer.count` bytes into `buffer` and returns how many were copied;
    /// 0 means the end of the body.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Releases what the stream holds (files, buffers). Called once.
    func close()
}
