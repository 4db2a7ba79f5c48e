import AFSession
import AFSuite
import Foundation
import Locking

/// The security policies of one suite's tests, built once per distinct TLS spec: pinned certificate
/// files are read once per suite, not once per test. A spec whose paths, pins or passphrase hold a
/// `{{template}}` is built for every test, since its variables can change from one test to the next.
final class SecurityPolicyCache: Sendable {
    private let built = LockedValue<[TLSSpec: SecurityPolicy]>([:])
    /// The policy of tests without a TLS spec (most of them), apart: no spec to hash and no
    /// placeholder check per test.
    private let unspecified = LockedValue<SecurityPolicy?>(nil)
    private let directory: URL
    private let insecure: Bool
    private let caFile: URL?
    private let clientCertificate: ClientCertificate?

    /// A cache for the suite in `directory`; `insecure` is `--insecure`, `caFile` `--cacert`, `clientCertificate`
    /// `--cert` and `--key`.
    init(directory: URL, insecure: Bool, caFile: URL? = nil, clientCertificate: ClientCertificate? = nil) {
        self.directory = directory
        self.insecure = insecure
        self.caFile = caFile
        self.clientCertificate = clientCertificate
    }

    /// The policy for a request's merged TLS spec (nil: the default policy).
    /// - Throws: what `SecurityPolicyBuilder.policy` throws; failures are not kept.
    func policy(
        for spec: TLSSpec?,
        render: (String) throws(RunnerError) -> String
    ) throws(RunnerError) -> SecurityPolicy {
        if spec == nil, let policy = unspecified.withLock({ $0 }) { return policy }
        let key = spec ?? TLSSpec()
        guard !Self.mayHavePlaceholder(key) else {
            return try build(spec, render: render)
        }
        if let policy = built.withLock({ $0[key] }) { return policy }
        let policy = try build(spec, render: { $0 })
        built.withLock { $0[key] = policy }
        if spec == nil { unspecified.withLock { $0 = policy } }
        return policy
    }

    private func build(
        _ spec: TLSSpec?,
        render: (String) throws(RunnerError) -> String
    ) throws(RunnerError) -> SecurityPolicy {
        try SecurityPolicyBuilder.policy(
            for: spec,
            directory: directory,
            insecure: insecure,
            caFile: caFile,
            clientCertificate: clientCertificate,
            render: render
        )
    }

    private static func mayHavePlaceholder(_ spec: TLSSpec) -> Bool {
        let client = spec.clientCertificate
        let texts =
            (spec.pinnedCertificates ?? []) + (spec.pinnedPublicKeys ?? [])
            + [spec.caFile, client?.certificate, client?.key, client?.passphrase].compactMap { $0 }
        return texts.contains(where: Template.mayHavePlaceholder)
    }
}
