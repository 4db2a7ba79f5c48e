import AFSession
import AFSuite
import Foundation

/// Turns a suite's `TLSSpec` into a `SecurityPolicy`: paths relative to the suite file, pinned
/// certificate folders expanded, PEM or DER certificates read as DER.
public enum SecurityPolicyBuilder {
    /// The policy for `spec`.
    /// - Parameters:
    ///   - spec: the merged TLS spec of a request (nil: the default policy).
    ///   - directory: the suite's folder.
    ///   - insecure: `--insecure`: invalid certificates allowed and the host name not checked
    ///     (AFNetworking refuses invalid certificates with domain validation and no pinning, so
    ///     both are set together).
    ///   - render: renders templates (a client key passphrase may name a secret).
    /// - Throws: `RunnerError.unreadableFile` for a certificate that cannot be read.
    public static func policy(
        for spec: TLSSpec?, directory: URL, insecure: Bool,
        render: (String) throws(RunnerError) -> String = { $0 }
    ) throws(RunnerError) -> SecurityPolicy {
        var policy = SecurityPolicy()
        if let spec {
            if let mode = spec.pinning {
                guard let pinning = PinningMode(rawValue: mode) else {
                    throw .request("tls.pinning must be none, publicKey or certificate, not '\(mode)'")
                }
                policy.pinningMode = pinning
            }
            for path in spec.pinnedCertificates ?? [] {
                policy.pinnedCertificates += try certificates(at: resolve(try render(path), in: directory))
            }
            policy.pinnedPublicKeys = Set(try (spec.pinnedPublicKeys ?? []).map { (s: String) throws(RunnerError) -> String in try render(s) })
            if let allow = spec.allowInvalidCertificates { policy.allowInvalidCertificates = allow }
            if let validates = spec.validatesDomainName { policy.validatesDomainName = validates }
            if let caFile = spec.caFile {
                let url = resolve(try render(caFile), in: directory)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                    throw .unreadableFile(path: caFile, reason: "no CA file at \(url.path)")
                }
                policy.trustStore = isDirectory.boolValue ? .caDirectory(url) : .caFile(url)
            }
            if let client = spec.clientCertificate {
                policy.clientCertificate = ClientCertificate(
                    certificateFile: resolve(try render(client.certificate), in: directory),
                    keyFile: resolve(try render(client.key), in: directory),
                    passphrase: try client.passphrase.map { (s: String) throws(RunnerError) -> String in try render(s) })
            }
        }
        if insecure {
            policy.allowInvalidCertificates = true
            policy.validatesDomainName = false
        }
        return policy
    }

    static func resolve(_ path: String, in directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
    }

    /// Every certificate in a file (PEM with one or more blocks, or DER) or in a folder's files.
    static func certificates(at url: URL) throws(RunnerError) -> [Data] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: url.path, reason: "no such file or folder")
        }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            var all: [Data] = []
            for name in names.sorted() where ["pem", "crt", "cer", "der"].contains((name as NSString).pathExtension.lowercased()) {
                all += try certificates(at: url.appendingPathComponent(name))
            }
            return all
        }
        guard let data = try? Data(contentsOf: url) else {
            throw .unreadableFile(path: url.path, reason: "cannot be read")
        }
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("-----BEGIN CERTIFICATE-----") else { return [data] }
        var ders: [Data] = []
        for block in text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst() {
            guard let end = block.range(of: "-----END CERTIFICATE-----") else { continue }
            let base64 = block[..<end.lowerBound].filter { !$0.isWhitespace }
            if let der = Data(base64Encoded: String(base64)) { ders.append(der) }
        }
        return ders
    }
}
