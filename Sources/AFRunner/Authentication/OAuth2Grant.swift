import AFSession
import Foundation
import JSONPath

/// A rendered OAuth 2.0 client-credentials grant (RFC 6749 §4.4): where to ask and who asks. Grants that
/// are equal share one token within a suite.
public struct OAuth2Grant: Sendable, Hashable {
    /// The token endpoint.
    public var tokenURL: URL
    /// The client id.
    public var clientId: String
    /// The client secret.
    public var clientSecret: String
    /// Space-separated scopes; nil asks for the server's default.
    public var scope: String?

    /// Creates a grant.
    public init(tokenURL: URL, clientId: String, clientSecret: String, scope: String? = nil) {
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scope = scope
    }

    /// The token request: `POST` of `grant_type=client_credentials` (and `scope`) with the client's
    /// credentials in HTTP Basic, each form-encoded first as RFC 6749 §2.3.1 asks.
    func tokenRequest(timeout: Duration) -> HTTPRequest {
        var fields = "grant_type=client_credentials"
        if let scope { fields += "&scope=" + QueryString.percentEscaped(scope) }
        var request = HTTPRequest(
            url: tokenURL,
            method: .post,
            headers: [
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
                "User-Agent": RequestBuilder.userAgent,
            ],
            body: .data(Data(fields.utf8)),
            timeout: timeout
        )
        request.authentication = .basic(
            username: QueryString.percentEscaped(clientId),
            password: QueryString.percentEscaped(clientSecret)
        )
        return request
    }

    /// The access token and its lifetime from a token response, or why there is none.
    static func token(from response: DataResponse) -> Result<(value: String, expiresIn: Double?), RunnerError> {
        let status = response.response.statusCode
        let document = try? JSONValue(parsing: response.data)
        func member(_ name: String) -> JSONValue? {
            if case .object(let object)? = document { return object[name] }
            return nil
        }
        // RFC 6749 §5.2's `error` and `error_description`, which some servers send with a 200.
        var serverError = ""
        if case .string(let error)? = member("error") { serverError += ": \(error)" }
        if case .string(let text)? = member("error_description") { serverError += " (\(text))" }
        guard (200..<300).contains(status) else {
            return .failure(.authentication("the token endpoint answered \(status)" + serverError))
        }
        guard case .string(let token)? = member("access_token"), !token.isEmpty else {
            return .failure(
                .authentication("the token endpoint's answer has no `access_token` string" + serverError)
            )
        }
        if case .string(let type)? = member("token_type"), type.lowercased() != "bearer" {
            return .failure(.authentication("the token endpoint gave a `\(type)` token; only bearer tokens are sent"))
        }
        var expiresIn: Double?
        switch member("expires_in") {
        case .number(let n)?: expiresIn = n.doubleValue
        case .string(let s)?: expiresIn = Double(s)
        default: break
        }
        return .success((token, expiresIn))
    }
}
