import CCurl

/// A libcurl easy-interface result code (`CURLcode`), with names for the ones callers act on.
///
/// A `RawRepresentable` struct rather than an enum so that codes added by newer libcurl
/// versions are still representable. Matches in `switch` and `catch` through `~=`.
public struct CurlCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric `CURLcode`.
    public let rawValue: UInt32

    /// Wraps a numeric code.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Wraps libcurl's enum value.
    init(_ code: CURLcode) { self.rawValue = code.rawValue }

    /// `CURLE_OK`
    public static let ok = CurlCode(rawValue: 0)
    /// `CURLE_UNSUPPORTED_PROTOCOL`
    public static let unsupportedProtocol = CurlCode(rawValue: 1)
    /// `CURLE_URL_MALFORMAT`
    public static let urlMalformed = CurlCode(rawValue: 3)
    /// `CURLE_COULDNT_RESOLVE_PROXY`
    public static let couldNotResolveProxy = CurlCode(rawValue: 5)
    /// `CURLE_COULDNT_RESOLVE_HOST`
    public static let couldNotResolveHost = CurlCode(rawValue: 6)
    /// `CURLE_COULDNT_CONNECT`
    public static let couldNotConnect = CurlCode(rawValue: 7)
    /// `CURLE_WEIRD_SERVER_REPLY`
    public static let weirdServerReply = CurlCode(rawValue: 8)
    /// `CURLE_HTTP2`
    public static let http2 = CurlCode(rawValue: 16)
    /// `CURLE_PARTIAL_FILE`: the body was shorter than `Content-Length`.
    public static let partialFile = CurlCode(rawValue: 18)
    /// `CURLE_WRITE_ERROR`
    public static let writeError = CurlCode(rawValue: 23)
    /// `CURLE_READ_ERROR`
    public static let readError = CurlCode(rawValue: 26)
    /// `CURLE_OUT_OF_MEMORY`
    public static let outOfMemory = CurlCode(rawValue: 27)
    /// `CURLE_OPERATION_TIMEDOUT`
    public static let operationTimedOut = CurlCode(rawValue: 28)
    /// `CURLE_SSL_CONNECT_ERROR`
    public static let sslConnectError = CurlCode(rawValue: 35)
    /// `CURLE_ABORTED_BY_CALLBACK`
    public static let abortedByCallback = CurlCode(rawValue: 42)
    /// `CURLE_TOO_MANY_REDIRECTS`
    public static let tooManyRedirects = CurlCode(rawValue: 47)
    /// `CURLE_GOT_NOTHING`: the server closed the connection without replying.
    public static let gotNothing = CurlCode(rawValue: 52)
    /// `CURLE_SEND_ERROR`
    public static let sendError = CurlCode(rawValue: 55)
    /// `CURLE_RECV_ERROR`: typically a connection reset.
    public static let receiveError = CurlCode(rawValue: 56)
    /// `CURLE_SSL_CERTPROBLEM`: the client certificate could not be used.
    public static let sslCertificateProblem = CurlCode(rawValue: 58)
    /// `CURLE_SSL_CIPHER`
    public static let sslCipher = CurlCode(rawValue: 59)
    /// `CURLE_PEER_FAILED_VERIFICATION`: the server's certificate was not trusted.
    public static let peerFailedVerification = CurlCode(rawValue: 60)
    /// `CURLE_BAD_CONTENT_ENCODING`
    public static let badContentEncoding = CurlCode(rawValue: 61)
    /// `CURLE_SEND_FAIL_REWIND`
    public static let sendFailRewind = CurlCode(rawValue: 65)
    /// `CURLE_SSL_CACERT_BADFILE`
    public static let sslCACertBadFile = CurlCode(rawValue: 77)
    /// `CURLE_SSL_PINNEDPUBKEYNOTMATCH`
    public static let sslPinnedPublicKeyMismatch = CurlCode(rawValue: 90)
    /// `CURLE_HTTP2_STREAM`
    public static let http2Stream = CurlCode(rawValue: 92)

    /// libcurl's generic text for the code (`curl_easy_strerror`).
    public var description: String { String(cString: curl_easy_strerror(CURLcode(rawValue: rawValue))) }

    /// Lets `case .operationTimedOut:` match a code.
    public static func ~= (pattern: CurlCode, value: CurlCode) -> Bool { pattern == value }
}
