/// Credentials libcurl answers with, for schemes that need more than a fixed header: a digest computed
/// from the server's challenge, an NTLM handshake, an AWS Signature Version 4 over the request.
///
/// libcurl sends them only to the host the request started at unless
/// ``HTTPRequest/sendsCredentialsAcrossHosts`` is set; an `Authorization` header set on the request by
/// hand is sent instead of them.
public enum HTTPAuthentication: Sendable, Hashable {
    /// `Authorization: Basic base64(user:password)`, sent with the first request (`CURLAUTH_BASIC`).
    case basic(username: String, password: String)
    /// HTTP Digest (RFC 7616): the request is sent, the server's `401` challenge answered (`CURLAUTH_DIGEST`).
    case digest(username: String, password: String)
    /// NTLM: the three-message handshake on one connection (`CURLAUTH_NTLM`).
    case ntlm(username: String, password: String)
    /// `Authorization: Bearer token` (`CURLAUTH_BEARER`).
    case bearer(token: String)
    /// AWS Signature Version 4 (`CURLOPT_AWS_SIGV4`): `provider` is libcurl's
    /// `provider1[:provider2[:region[:service]]]` (`aws:amz:eu-west-1:s3`); region and service are read
    /// from the host name when left out.
    case awsSigV4(provider: String, accessKey: String, secretKey: String)
}
