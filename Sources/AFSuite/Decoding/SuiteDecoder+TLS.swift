import Foundation
import JSONPath

extension SuiteDecoder {
    static let tlsKeys = [
        "pinning", "pinnedCertificates", "pinnedPublicKeys", "allowInvalidCertificates", "validatesDomainName",
        "caFile",
        "clientCertificate",
    ]
    static let pinningModes = ["none", "publicKey", "certificate"]

    mutating func decodeTLS(_ node: SuiteNode) -> TLSSpec? {
        guard let node = object(node, allowed: Self.tlsKeys, context: "`tls`") else { return nil }
        var spec = TLSSpec()
        spec.pinning = name(node.member("pinning"), allowed: Self.pinningModes)
        if let certs = node.member("pinnedCertificates") {
            switch certs.value {
            case .string: spec.pinnedCertificates = path(certs).map { [$0] }
            case .array: spec.pinnedCertificates = certs.elements.compactMap { path($0) }
            default:
                report(
                    .wrongType(
                        key: "pinnedCertificates",
                        expected: "a path or an array of paths",
                        found: certs.typeDescription
                    ),
                    at: certs
                )
            }
        }
        if let keys = node.member("pinnedPublicKeys") {
            let list: [SuiteNode]
            switch keys.value {
            case .string: list = [keys]
            case .array: list = keys.elements
            default:
                report(
                    .wrongType(
                        key: "pinnedPublicKeys",
                        expected: "an array of `sha256//…` pins",
                        found: keys.typeDescription
                    ),
                    at: keys
                )
                list = []
            }
            spec.pinnedPublicKeys = list.compactMap { pin($0) }
        }
        spec.allowInvalidCertificates = bool(node.member("allowInvalidCertificates"))
        spec.validatesDomainName = bool(node.member("validatesDomainName"))
        spec.caFile = path(node.member("caFile"))
        if let client = node.member("clientCertificate") {
            let context = "`clientCertificate`"
            if let o = object(client, allowed: ["certificate", "key", "passphrase"], context: context) {
                let cert = require("certificate", in: o, context: context).flatMap { path($0) }
                let key = require("key", in: o, context: context).flatMap { path($0) }
                let passphrase = template(o.member("passphrase"))
                if let cert, let key {
                    spec.clientCertificate = ClientCertificateSpec(certificate: cert, key: key, passphrase: passphrase)
                }
            }
        }
        return spec
    }

    /// A pinning mode with nothing to pin cannot trust any server: report it where the mode is written.
    /// `request` is the request's own spec (nil when it has none); the suite default fills its gaps.
    mutating func checkPins(request: TLSSpec?, requestNode: SuiteNode) {
        // No policy anywhere (most suites): nothing to merge, nothing pinned.
        guard defaultTLS != nil || request != nil else { return }
        let merged = (defaultTLS ?? TLSSpec()).merged(with: request)
        guard let mode = merged.pinning, mode != "none", (merged.pinnedCertificates ?? []).isEmpty,
            (merged.pinnedPublicKeys ?? []).isEmpty
        else { return }
        // Pins that were written but are malformed were reported where they are: not "missing" as well.
        if defaultTLSWritesPins || requestNode.member("tls").map(Self.writesPins) == true { return }
        let fromRequest = request?.pinning != nil
        // The request's `tls.pinning` by its node (the request may sit in a part parsed apart from the root).
        let place = fromRequest ? requestNode.member("tls")?.member("pinning").map { location($0) } : nil
        if !fromRequest {
            // Report a default's problem once, not once per test.
            guard !reportedDefaultPins else { return }
            reportedDefaultPins = true
        }
        let missing = mode == "publicKey" ? "pinnedPublicKeys` or `pinnedCertificates" : "pinnedCertificates"
        var d = SuiteDiagnostic(
            location: place ?? location("/defaults/tls/pinning"),
            reason: .missingKey(key: missing, context: "`tls` with pinning `\(mode)`")
        )
        d.fix = "name the certificates (files or folders) or `sha256//…` keys to pin"
        diagnostics.append(.invalid(d))
    }

    /// Whether a `tls` object names any pin (`pinnedPublicKeys` or `pinnedCertificates`, valid or not).
    static func writesPins(_ tls: SuiteNode) -> Bool {
        ["pinnedPublicKeys", "pinnedCertificates"].contains { key in
            switch tls.member(key)?.value {
            case .string?: true
            case .array(let items)?: !items.isEmpty
            default: false
            }
        }
    }

    /// A `sha256//<base64 of 32 bytes>` pin; templates are allowed and checked later.
    private mutating func pin(_ node: SuiteNode) -> String? {
        guard let text = template(node) else { return nil }
        if text.contains("{{") { return text }
        let prefix = "sha256//"
        let b64 = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : ""
        if let data = Data(base64Encoded: b64), data.count == 32 { return text }
        report(
            .outOfRange(
                key: "pinnedPublicKeys",
                value: "\"\(text)\"",
                expected: "`sha256//` followed by the base64 SHA-256 of the public key (44 characters); "
                    + "`openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64` prints it"
            ),
            at: node
        )
        return nil
    }
}
