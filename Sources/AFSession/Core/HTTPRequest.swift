import Foundation
import ValueBox

/// A request as the session core sends it: a value, built by a request serializer or by hand.
///
/// Its fields sit behind one copy-on-write reference: a request is handed from the task to the
/// transfer loop, its outcome and the response, and the ~110-byte struct was copied at each step.
public struct HTTPRequest: Sendable, CustomStringConvertible, CustomReflectable {
    @usableFromInline var storage: CopyOnWriteBox<Fields>

    /// The absolute URL.
    @inlinable public var url: URL {
        get { storage.fields.url }
        _modify { yield &storage.fields.url }
    }
    /// The method; `GET` by default.
    @inlinable public var method: HTTPMethod {
        get { storage.fields.method }
        _modify { yield &storage.fields.method }
    }
    /// Header fields sent with the request, after the session's default headers.
    @inlinable public var headers: HTTPHeaders {
        get { storage.fields.headers }
        _modify { yield &storage.fields.headers }
    }
    /// The body, if any.
    @inlinable public var body: RequestBody? {
        get { storage.fields.body }
        _modify { yield &storage.fields.body }
    }
    /// The total time allowed for the transfer, overriding the session's; nil keeps the session's.
    @inlinable public var timeout: Duration? {
        get { storage.fields.timeout }
        _modify { yield &storage.fields.timeout }
    }
    /// Whether redirects are followed, overriding the session's policy; nil keeps the session's.
    @inlinable public var followsRedirects: Bool? {
        get { storage.fields.followsRedirects }
        _modify { yield &storage.fields.followsRedirects }
    }
    /// Whether the session's cookie store sends and records cookies for this request
    /// (AF's `HTTPShouldHandleCookies`); `false` leaves the store out of this transfer.
    @inlinable public var handlesCookies: Bool {
        get { storage.fields.handlesCookies }
        _modify { yield &storage.fields.handlesCookies }
    }
    /// A cookie store for this request instead of the session's: cookies it receives are kept
    /// there and sent by later requests that use the same store (the runner gives each suite
    /// one, as Hurl keeps one per file). nil uses the session's store, if the session keeps one.
    @inlinable public var cookieStore: CookieStore? {
        get { storage.fields.cookieStore }
        _modify { yield &storage.fields.cookieStore }
    }

    /// The most response body bytes a data task keeps in memory; the rest is counted (and hashed,
    /// with ``digestsBody``) but dropped, and ``ResponseBodySummary/isTruncated`` says so. nil keeps
    /// the whole body. Download tasks write every byte to their file whatever this says.
    @inlinable public var maxBodyBytes: Int? {
        get { storage.fields.maxBodyBytes }
        _modify { yield &storage.fields.maxBodyBytes }
    }
    /// Whether a data task computes the SHA-256 of the whole response body as it arrives
    /// (``ResponseBodySummary/sha256``), however much of it ``maxBodyBytes`` lets it keep.
    @inlinable public var digestsBody: Bool {
        get { storage.fields.digestsBody }
        _modify { yield &storage.fields.digestsBody }
    }

    /// Creates a request.
    public init(
        url: URL, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: RequestBody? = nil,
        timeout: Duration? = nil, followsRedirects: Bool? = nil
    ) {
        storage = CopyOnWriteBox(Fields(
            url: url, method: method, headers: headers, body: body, timeout: timeout, followsRedirects: followsRedirects))
    }

    /// `METHOD url`.
    public var description: String { "\(method.rawValue) \(url.absoluteString)" }

    /// Shows the fields, as the plain struct did.
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }

    /// The stored values (one field per public property).
    @usableFromInline struct Fields: Sendable {
        @usableFromInline var url: URL
        @usableFromInline var method: HTTPMethod
        @usableFromInline var headers: HTTPHeaders
        @usableFromInline var body: RequestBody?
        @usableFromInline var timeout: Duration?
        @usableFromInline var followsRedirects: Bool?
        @usableFromInline var handlesCookies = true
        @usableFromInline var cookieStore: CookieStore?
        @usableFromInline var maxBodyBytes: Int?
        @usableFromInline var digestsBody = false
    }

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
