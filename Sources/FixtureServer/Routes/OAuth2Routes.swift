import Foundation
import NIOHTTP1

/// `/oauth2/{clientId}/{clientSecret}/token`: an OAuth 2.0 token endpoint for the client-credentials grant
/// (RFC 6749 §4.4). The client authenticates with HTTP Basic (or `client_id` and `client_secret` in the
/// form); every answer is a new token. `?expires_in=N` sets the lifetime it announces (default 3600).
enum OAuth2Routes {
    static var routes: [Route] {
        [
            Route("/oauth2/{clientId}/{clientSecret}/token", methods: ["POST"]) { request in
                let form = Dictionary(QueryString.parse(Substring(request.bodyText)), uniquingKeysWith: { a, _ in a })
                guard form["grant_type"] == "client_credentials" else {
                    return failure(.badRequest, "unsupported_grant_type")
                }
                let given =
                    AuthRoutes.basicCredentials(request).map { (decode($0.0), decode($0.1)) }
                    ?? (form["client_id"] ?? "", form["client_secret"] ?? "")
                guard given == (request.parameters["clientId"] ?? "", request.parameters["clientSecret"] ?? "") else {
                    return failure(.unauthorized, "invalid_client")
                }
                var answer: [String: Any] = [
                    "access_token": "at-" + UUID().uuidString.lowercased(), "token_type": "Bearer",
                    "expires_in": Int(request.queryValue("expires_in") ?? "") ?? 3600,
                ]
                if let scope = form["scope"] { answer["scope"] = scope }
                return .json(answer)
            }
        ]
    }

    /// A form-encoded client id or secret (RFC 6749 §2.3.1 encodes them before Basic).
    private static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
    }

    private static func failure(_ status: HTTPResponseStatus, _ error: String) -> RouteReply {
        .response(.json(["error": error], status: status))
    }
}
