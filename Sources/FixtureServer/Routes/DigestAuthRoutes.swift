import Foundation
import NIOHTTP1

/// `/digest-auth/{qop}/{user}/{password}[/{algorithm}]`: HTTP Digest (RFC 7616) as httpbin has it. A
/// request without a valid answer gets a `401` challenge; the answer is checked against the password.
enum DigestAuthRoutes {
    static let realm = "afrun-fixtures"

    static var routes: [Route] {
        [
            Route("/digest-auth/{qop}/{user}/{password}", methods: nil) { check($0, algorithm: "MD5") },
            Route("/digest-auth/{qop}/{user}/{password}/{algorithm}", methods: nil) { request in
                check(request, algorithm: request.parameters["algorithm"] ?? "MD5")
            },
        ]
    }

    static func check(_ request: RouteRequest, algorithm: String) -> RouteReply {
        let qop = request.parameters["qop"] ?? "auth"
        let user = request.parameters["user"] ?? ""
        let password = request.parameters["password"] ?? ""
        guard ["MD5", "SHA-256"].contains(algorithm.uppercased()) else {
            return .error(.badRequest, "algorithm must be MD5 or SHA-256")
        }
        let header = request.headers.first(name: "authorization") ?? ""
        let answer = AuthParameters.parse(String(header.dropFirst(7)))
        guard header.lowercased().hasPrefix("digest "), answer["username"] == user, answer["realm"] == realm,
            answer["uri"] == request.head.uri,
            let nonce = answer["nonce"], let response = answer["response"]
        else { return challenge(qop: qop, algorithm: algorithm) }
        func h(_ text: String) -> String { TextDigest.hex(text, algorithm: algorithm) }
        let ha1 = h("\(user):\(realm):\(password)")
        let ha2 = h("\(request.method):\(request.head.uri)")
        let expected: String
        if qop == "auth" {
            guard answer["qop"] == "auth", let nc = answer["nc"], let cnonce = answer["cnonce"] else {
                return challenge(qop: qop, algorithm: algorithm)
            }
            expected = h("\(ha1):\(nonce):\(nc):\(cnonce):auth:\(ha2)")
        } else {
            expected = h("\(ha1):\(nonce):\(ha2)")
        }
        guard response.lowercased() == expected else { return challenge(qop: qop, algorithm: algorithm) }
        return .json(["authenticated": true, "user": user])
    }

    static func challenge(qop: String, algorithm: String) -> RouteReply {
        let nonce = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        var value =
            "Digest realm=\"\(realm)\", nonce=\"\(nonce)\", opaque=\"afrun\", algorithm=\(algorithm.uppercased())"
        if qop == "auth" { value += ", qop=\"auth\"" }
        return AuthRoutes.challenge(value)
    }
}

/// The `name=value` and `name="quoted value"` pairs of an authentication header (RFC 9110 §11.2).
enum AuthParameters {
    static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let c = rest.first, c != "\"" {
                    if c == "\\", let next = rest.dropFirst().first {
                        value.append(next)
                        rest = rest.dropFirst(2)
                    } else {
                        value.append(c)
                        rest = rest.dropFirst()
                    }
                }
                rest = rest.dropFirst()
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            result[name] = value
        }
        return result
    }
}
