import AFSession
import AFSuite
import Foundation

/// Turns a suite's `TLSSpec` into a `SecurityPolicy`: paths relative to the suite file, pinned
/// certificate files and folders read by `SecurityPolicy.pinCertificates(from:)` (PEM or DER).
public enum SecurityPolicyBuilder {
    /// The policy for `spec`.
    /// - Parameters:
    ///   - spec: the merged TLS spec of a request (nil: the default policy).
    ///   - directory: the suite's folder.
    ///   - insecure: `--insecure`: invalid certificates allowed and the host name not checked
    ///     (AFNetworking refuses invalid certificates with domain validation and no pinning, so
    ///     both are set together).
    ///   - caFile: `--cacert`: the trust store where `spec` sets no `caFile`.
    ///   - clientCertificate: `--cert` and `--key`: where `spec` sets no `clientCertificate`.
    ///   - render: renders templates (a client key passphrase may name a secret).
    /// - Throws: `RunnerError.unreadableFile` for a certificate that cannot be read.
    public static func policy(
        for spec: TLSSpec?,
        directory: URL,
        insecure: Bool,
        caFile: URL? = nil,
        clientCertificate: ClientCertificate? = nil,
        render: (String) throws(RunnerError) -> String = { $0 }
    ) throws(RunnerError) -> SecurityPolicy {
        var policy = SecurityPolicy()
        if let caFile { policy.trustStore = caFile.hasDirectoryPath ? .caDirectory(caFile) : .caFile(caFile) }
        policy.clientCertificate = clientCertificate
        if let spec {
            if let mode = spec.pinning {
                guard let pinning = PinningMode(rawValue: mode) else {
                    throw .request("tls.pinning must be none, publicKey or certificate, not '\(mode)'")
                }
                policy.pinningMode = pinning
            }
            for path in spec.pinnedCertificates ?? [] {
                let url = Suite.resolve(try render(path), in: directory)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    throw .unreadableFile(path: url.path, reason: "no such file or folder")
                }
                do {
                    try policy.pinCertificates(from: [url])
                } catch .fileSystem(let failure) {
                    throw .unreadableFile(path: failure.path, reason: failure.message)
                } catch {
                    throw .unreadableFile(path: url.path, reason: "\(error)")
                }
            }
            policy.pinnedPublicKeys = Set(
                try (spec.pinnedPublicKeys ?? []).map { (s: String) throws(RunnerError) -> String in try render(s) }
            )
            if let allow = spec.allowInvalidCertificates { policy.allowInvalidCertificates = allow }
            if let validates = spec.validatesDomainName { policy.validatesDomainName = validates }
            if let caFile = spec.caFile {
                let url = Suite.resolve(try render(caFile), in: directory)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                    throw .unreadableFile(path: caFile, reason: "no CA file at \(url.path)")
                }
                policy.trustStore = isDirectory.boolValue ? .caDirectory(url) : .caFile(url)
            }
            if let client = spec.clientCertificate {
                policy.clientCertificate = ClientCertificate(
                    certificateFile: Suite.resolve(try render(client.certificate), in: directory),
                    keyFile: Suite.resolve(try render(client.key), in: directory),
                    passphrase: try client.passphrase.map { (s: String) throws(RunnerError) -> String in try render(s) }
                )
            }
        }
        if insecure {
            policy.allowInvalidCertificates = true
            policy.validatesDomainName = false
        }
        return policy
    }
}
