import JSONPath
import ValueBox

/// A request as a suite describes it; strings are templates.
///
/// Its fields sit behind one copy-on-write reference: a test's request is copied from the decoder into
/// the test and on to the runner, and the 240-byte struct (with its inline TLS policy) was copied each time.
public struct RequestSpec: Sendable, CustomReflectable {
    @usableFromInline var storage: CopyOnWriteBox<Fields>

    /// The method, upper-case; `GET` by default.
    @inlinable public var method: String {
        get { storage.fields.method }
        _modify { yield &storage.fields.method }
    }
    /// Absolute, or relative to the suite's `baseURL`.
    @inlinable public var url: String {
        get { storage.fields.url }
        _modify { yield &storage.fields.url }
    }
    /// Query parameters (an object), encoded with AFNetworking's query-string rules.
    @inlinable public var query: JSONValue? {
        get { storage.fields.query }
        _modify { yield &storage.fields.query }
    }
    /// Headers, in order.
    @inlinable public var headers: [HeaderSpec] {
        get { storage.fields.headers }
        _modify { yield &storage.fields.headers }
    }
    /// The body, if any.
    @inlinable public var body: BodySpec? {
        get { storage.fields.body }
        _modify { yield &storage.fields.body }
    }
    /// Total timeout in seconds.
    @inlinable public var timeout: Double? {
        get { storage.fields.timeout }
        _modify { yield &storage.fields.timeout }
    }
    /// Whether redirects are followed.
    @inlinable public var followRedirects: Bool? {
        get { storage.fields.followRedirects }
        _modify { yield &storage.fields.followRedirects }
    }
    /// TLS policy, merged over the suite default field by field.
    @inlinable public var tls: TLSSpec? {
        get { storage.fields.tls }
        _modify { yield &storage.fields.tls }
    }
    /// The most response body bytes kept for assertions that read the whole body (`maxBodyBytes`).
    @inlinable public var maxBodyBytes: Int? {
        get { storage.fields.maxBodyBytes }
        _modify { yield &storage.fields.maxBodyBytes }
    }
    /// Basic credentials (the test's own `Authorization` header wins over them).
    @inlinable public var basicAuth: BasicAuthSpec? {
        get { storage.fields.basicAuth }
        _modify { yield &storage.fields.basicAuth }
    }

    /// Creates a request spec.
    public init(
        method: String = "GET", url: String, query: JSONValue? = nil, headers: [HeaderSpec] = [], body: BodySpec? = nil,
        timeout: Double? = nil, followRedirects: Bool? = nil, tls: TLSSpec? = nil
    ) {
        storage = CopyOnWriteBox(Fields(
            method: method,
            url: url,
            query: query,
            headers: headers,
            body: body,
            timeout: timeout,
            followRedirects: followRedirects,
            tls: tls))
    }

    /// Shows the fields, as the plain struct did.
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }

    /// The stored values (one field per public property).
    @usableFromInline struct Fields: Sendable {
        @usableFromInline var method: String
        @usableFromInline var url: String
        @usableFromInline var query: JSONValue?
        @usableFromInline var headers: [HeaderSpec]
        @usableFromInline var body: BodySpec?
        @usableFromInline var timeout: Double?
        @usableFromInline var followRedirects: Bool?
        @usableFromInline var tls: TLSSpec?
        @usableFromInline var basicAuth: BasicAuthSpec? = nil
        @usableFromInline var maxBodyBytes: Int? = nil
    }

}
