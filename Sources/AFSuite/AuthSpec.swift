/// How a request authenticates (`auth`): `{"type": "digest", "username": …, "password": …}` and the like.
/// Every string is a template, and every credential is a secret: hidden in every output however it was
/// written.
public enum AuthSpec: Sendable, Hashable {
    /// The names of `type`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `basic`.
        case basic
        /// `digest`.
        case digest
        /// `ntlm`.
        case ntlm
        /// `bearer`.
        case bearer
        /// `aws-sigv4`.
        case awsSigV4 = "aws-sigv4"
        /// `oauth2`.
        case oauth2
    }

    /// HTTP Basic, sent with the first request.
    case basic(BasicAuthSpec)
    /// HTTP Digest: libcurl answers the server's challenge.
    case digest(BasicAuthSpec)
    /// NTLM: libcurl's three-message handshake.
    case ntlm(BasicAuthSpec)
    /// `Authorization: Bearer token`.
    case bearer(token: String)
    /// AWS Signature Version 4, computed by libcurl over each request.
    case awsSigV4(AWSSigV4Spec)
    /// An OAuth 2.0 client-credentials grant: the token is fetched once per suite and sent as a bearer token.
    case oauth2(OAuth2Spec)

    /// The `type` this spec was written with.
    public var kind: Kind {
        switch self {
        case .basic: .basic
        case .digest: .digest
        case .ntlm: .ntlm
        case .bearer: .bearer
        case .awsSigV4: .awsSigV4
        case .oauth2: .oauth2
        }
    }

    /// The credential templates (passwords, tokens, keys, client secrets), for secret registration and
    /// the secret-name check; user names and client ids are not included.
    public var secretTemplates: [String] {
        switch self {
        case .basic(let c), .digest(let c), .ntlm(let c): [c.password]
        case .bearer(let token): [token]
        case .awsSigV4(let aws): [aws.accessKey, aws.secretKey]
        case .oauth2(let oauth): [oauth.clientSecret]
        }
    }
}

/// `"type": "aws-sigv4"`: the request is signed by libcurl (`CURLOPT_AWS_SIGV4`).
public struct AWSSigV4Spec: Sendable, Hashable {
    /// The access key id (`key`).
    public var accessKey: String
    /// The secret access key (`secret`).
    public var secretKey: String
    /// The region (`eu-west-1`); nil lets libcurl read it from the host name.
    public var region: String?
    /// The service (`s3`, `execute-api`); nil lets libcurl read it from the host name.
    public var service: String?
    /// `provider`: libcurl's `provider1[:provider2]`, `aws` (for `aws:amz`) by default.
    public var provider: String

    /// Creates a spec.
    public init(
        accessKey: String,
        secretKey: String,
        region: String? = nil,
        service: String? = nil,
        provider: String = "aws"
    ) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.region = region
        self.service = service
        self.provider = provider
    }
}

/// `"type": "oauth2"`: the client-credentials grant (RFC 6749 §4.4).
public struct OAuth2Spec: Sendable, Hashable {
    /// The token endpoint (`tokenURL`), absolute or relative to the suite's `baseURL`.
    public var tokenURL: String
    /// `clientId`.
    public var clientId: String
    /// `clientSecret`.
    public var clientSecret: String
    /// `scope`: space-separated scopes, or nil for the server's default.
    public var scope: String?

    /// Creates a spec.
    public init(tokenURL: String, clientId: String, clientSecret: String, scope: String? = nil) {
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scope = scope
    }
}
