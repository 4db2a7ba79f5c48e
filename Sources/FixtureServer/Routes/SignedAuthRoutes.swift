import Foundation
import NIOHTTP1

/// Authentication that libcurl computes: AWS Signature Version 4 (the header's format and its credential
/// scope are checked; the signature is not recomputed) and NTLM's three-message handshake (the messages'
/// layout and the user name are checked; the hashes are not).
enum SignedAuthRoutes {
    static var routes: [Route] {
        [
            Route("/aws-sigv4/{key}/{region}/{service}", methods: nil) { request in
                switch checkSigV4(request) {
                case .success(let fields): return .json(["authenticated": true].merging(fields) { a, _ in a })
                case .failure(let problem):
                    return .response(.json(["authenticated": false, "problem": problem.text], status: .forbidden))
                }
            },
            Route("/aws-sigv4/{key}/{region}/{service}/verify/{secret}", methods: nil) { request in
                switch checkSigV4(request) {
                case .success(let fields):
                    let expected = signature(request, secret: request.parameters["secret"] ?? "")
                    guard fields["signature"] as? String == expected else {
                        return .response(
                            .json(
                                ["authenticated": false, "problem": "the signature does not match"],
                                status: .forbidden
                            )
                        )
                    }
                    return .json(["authenticated": true, "verified": true].merging(fields) { a, _ in a })
                case .failure(let problem):
                    return .response(.json(["authenticated": false, "problem": problem.text], status: .forbidden))
                }
            },
            Route("/ntlm/{user}", methods: nil) { ntlm($0) },
        ]
    }

    struct Problem: Error {
        var text: String
    }

    /// `AWS4-HMAC-SHA256 Credential=KEY/YYYYMMDD/REGION/SERVICE/aws4_request, SignedHeaders=a;b,
    /// Signature=<64 hex>` with an `X-Amz-Date: YYYYMMDDTHHMMSSZ` of the same day, `host` and `x-amz-date`
    /// signed.
    static func checkSigV4(_ request: RouteRequest) -> Result<[String: Any], Problem> {
        guard let header = request.headers.first(name: "authorization") else {
            return .failure(Problem(text: "no Authorization"))
        }
        let prefix = "AWS4-HMAC-SHA256 "
        guard header.hasPrefix(prefix) else { return .failure(Problem(text: "not AWS4-HMAC-SHA256")) }
        var fields: [String: String] = [:]
        for part in header.dropFirst(prefix.count).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return .failure(Problem(text: "malformed part '\(part)'")) }
            fields[String(pair[0])] = String(pair[1])
        }
        guard Set(fields.keys) == ["Credential", "SignedHeaders", "Signature"] else {
            return .failure(
                Problem(text: "expected Credential, SignedHeaders and Signature, got \(fields.keys.sorted())")
            )
        }
        let scope = fields["Credential"]!.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let expected = [
            request.parameters["key"] ?? "", request.parameters["region"] ?? "", request.parameters["service"] ?? "",
        ]
        guard scope.count == 5, [scope[0], scope[2], scope[3]] == expected, scope[4] == "aws4_request" else {
            return .failure(
                Problem(
                    text:
                        "credential scope '\(fields["Credential"]!)' is not KEY/DATE/\(expected[1])/\(expected[2])/aws4_request"
                )
            )
        }
        let amzDate = request.headers.first(name: "x-amz-date") ?? ""
        guard amzDate.count == 16, amzDate.hasPrefix(scope[1]), scope[1].count == 8, amzDate.hasSuffix("Z"),
            amzDate.dropFirst(8).first == "T", amzDate.filter(\.isNumber).count == 14
        else {
            return .failure(Problem(text: "X-Amz-Date '\(amzDate)' does not match the credential's date \(scope[1])"))
        }
        let signed = fields["SignedHeaders"]!.split(separator: ";").map(String.init)
        guard signed.contains("host"), signed.contains("x-amz-date"), signed == signed.sorted() else {
            return .failure(
                Problem(text: "SignedHeaders '\(fields["SignedHeaders"]!)' must list host and x-amz-date, sorted")
            )
        }
        let signature = fields["Signature"]!
        guard signature.count == 64, signature.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return .failure(Problem(text: "Signature is not 64 lowercase hex digits"))
        }
        return .success(["date": scope[1], "signedHeaders": signed, "signature": signature])
    }

    /// NTLM: a bare request gets `WWW-Authenticate: NTLM`; a Type 1 (negotiate) message a Type 2 challenge;
    /// a Type 3 (authenticate) message whose user name is `{user}` is let in.
    static func ntlm(_ request: RouteRequest) -> RouteReply {
        let header = request.headers.first(name: "authorization") ?? ""
        guard header.hasPrefix("NTLM "), let message = Data(base64Encoded: String(header.dropFirst(5))),
            message.count >= 12, message.prefix(8) == Data("NTLMSSP\0".utf8)
        else { return AuthRoutes.challenge("NTLM") }
        let bytes = [UInt8](message)
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        switch u32(8) {
        case 1:
            return AuthRoutes.challenge("NTLM " + Data(challengeMessage).base64EncodedString())
        case 3 where bytes.count >= 44:
            let length = u16(36)
            let offset = u32(40)
            guard offset + length <= bytes.count else { return AuthRoutes.challenge("NTLM") }
            // The server asked for Unicode: UTF-16LE.
            let units = stride(from: offset, to: offset + length - 1, by: 2).map { UInt16(u16($0)) }
            let user = String(decoding: units, as: UTF16.self)
            guard user == request.parameters["user"] else { return AuthRoutes.challenge("NTLM") }
            return .json(["authenticated": true, "user": user])
        default:
            return AuthRoutes.challenge("NTLM")
        }
    }

    /// A Type 2 message: Unicode, NTLM, always-sign and NTLM2 session security; no target name or info.
    static let challengeMessage: [UInt8] = {
        var m = Array("NTLMSSP\0".utf8)
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        m += le32(2)
        m += [0, 0, 0, 0] + le32(48)  // target name: empty
        m += le32(0x0000_0001 | 0x0000_0200 | 0x0000_8000 | 0x0008_0000)
        m += [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef]  // server challenge
        m += [UInt8](repeating: 0, count: 8)  // reserved
        m += [0, 0, 0, 0] + le32(48)  // target info: empty
        return m
    }()

    /// The AWS Signature Version 4 of `request` under `secret`, computed as AWS documents it: the canonical
    /// request (method, path, query, the signed headers, the body's SHA-256), the string to sign, and the
    /// key derived from the secret, date, region and service. For paths and queries without escapes.
    static func signature(_ request: RouteRequest, secret: String) -> String? {
        guard let header = request.headers.first(name: "authorization"),
            let credential = header.split(separator: " ").first(where: { $0.hasPrefix("Credential=") }),
            let signedPart = header.split(separator: " ").first(where: { $0.hasPrefix("SignedHeaders=") }),
            let date = request.headers.first(name: "x-amz-date")
        else { return nil }
        let scope = credential.dropFirst("Credential=".count).trimmingCharacters(in: [","]).split(separator: "/")
        let signed = signedPart.dropFirst("SignedHeaders=".count).trimmingCharacters(in: [","])
        guard scope.count == 5 else { return nil }
        let uri = request.head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = uri.count > 1 ? uri[1].split(separator: "&").sorted().joined(separator: "&") : ""
        var canonicalHeaders = ""
        for name in signed.split(separator: ";") {
            let value = request.headers[canonicalForm: String(name)].joined(separator: ",")
            canonicalHeaders += "\(name):\(value.trimmingCharacters(in: .whitespaces))\n"
        }
        let canonical = [
            request.method, String(uri[0]), query, canonicalHeaders, signed, SHA256Digest.hex(of: request.bodyBytes),
        ]
        .joined(separator: "\n")
        let scopeText = scope[1...4].joined(separator: "/")
        let toSign = "AWS4-HMAC-SHA256\n\(date)\n\(scopeText)\n" + SHA256Digest.hex(of: Array(canonical.utf8))
        var key = Array("AWS4\(secret)".utf8)
        for part in scope[1...4] { key = TextDigest.hmacSHA256(key: key, data: Array(part.utf8)) }
        return TextDigest.hmacSHA256(key: key, data: Array(toSign.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
