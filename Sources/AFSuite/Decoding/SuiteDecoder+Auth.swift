extension SuiteDecoder {
    /// The keys each `auth` type accepts besides `type`, required ones first.
    static let authKeys: [AuthSpec.Kind: (required: [String], optional: [String])] = [
        .basic: (["username", "password"], []),
        .digest: (["username", "password"], []),
        .ntlm: (["username", "password"], []),
        .bearer: (["token"], []),
        .awsSigV4: (["key", "secret"], ["region", "service", "provider"]),
        .oauth2: (["tokenURL", "clientId", "clientSecret"], ["scope"]),
    ]

    /// `auth`: `{"type": …}` and the keys of that type, every value a template. `basicAuth` beside it in
    /// the same object is a conflict.
    mutating func decodeAuth(in parent: SuiteNode) -> AuthSpec? {
        guard let node = parent.member("auth") else { return nil }
        if parent.member("basicAuth") != nil {
            report(.conflictingKeys(["basicAuth", "auth"]), at: node, key: true)
            return nil
        }
        guard case .object = node.value else {
            report(.wrongType(key: "auth", expected: "an object with a `type`", found: node.typeDescription), at: node)
            return nil
        }
        let allTypes = AuthSpec.Kind.allCases.map(\.rawValue)
        guard let typeNode = require("type", in: node, context: "`auth`"),
            let type = name(typeNode, allowed: allTypes).flatMap(AuthSpec.Kind.init(rawValue:)),
            let keys = Self.authKeys[type]
        else {
            // The other keys cannot be judged without a type: no cascade of unknown keys.
            return nil
        }
        let context = "`auth` of type `\(type.rawValue)`"
        guard let node = object(node, allowed: ["type"] + keys.required + keys.optional, context: context) else {
            return nil
        }
        var values: [String: String] = [:]
        for key in keys.required {
            if let value = require(key, in: node, context: context).flatMap({ template($0) }) { values[key] = value }
        }
        for key in keys.optional {
            if let value = template(node.member(key)) { values[key] = value }
        }
        guard keys.required.allSatisfy({ values[$0] != nil }) else { return nil }
        if type == .oauth2, let url = values["tokenURL"], let urlNode = node.member("tokenURL") {
            checkTokenURL(url, at: urlNode)
        }
        return Self.authSpec(type, values)
    }

    private static func authSpec(_ type: AuthSpec.Kind, _ v: [String: String]) -> AuthSpec {
        func credentials() -> BasicAuthSpec { BasicAuthSpec(username: v["username"]!, password: v["password"]!) }
        switch type {
        case .basic: return .basic(credentials())
        case .digest: return .digest(credentials())
        case .ntlm: return .ntlm(credentials())
        case .bearer: return .bearer(token: v["token"]!)
        case .awsSigV4:
            return .awsSigV4(
                AWSSigV4Spec(
                    accessKey: v["key"]!,
                    secretKey: v["secret"]!,
                    region: v["region"],
                    service: v["service"],
                    provider: v["provider"] ?? "aws"
                )
            )
        case .oauth2:
            return .oauth2(
                OAuth2Spec(
                    tokenURL: v["tokenURL"]!,
                    clientId: v["clientId"]!,
                    clientSecret: v["clientSecret"]!,
                    scope: v["scope"]
                )
            )
        }
    }

    /// A token endpoint is sent like a request URL: http or https, absolute or relative to `baseURL`.
    private mutating func checkTokenURL(_ url: String, at node: SuiteNode) {
        rejectLineBreaks(in: url, at: node, keyName: "tokenURL")
        checkSentURL(url, at: node)
    }
}
