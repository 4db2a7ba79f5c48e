import CCurl
import Foundation

// CONTRACT between the transfer loop (Transport/) and the security policy (Security/).
// The transport calls exactly these; the security issue implements them. Internal only.

/// libcurl options that a policy needs set on each easy handle.
struct TLSTransportSettings: Sendable {
    /// `CURLOPT_CAINFO`: the CA bundle to trust (nil: none). `CURLOPT_CAPATH` is always set to NULL
    /// unless `caPath` is given (Debian's default CA path disables curl's CA cache: see PLATFORM-NOTES).
    var caInfoPath: String? = "/etc/ssl/certs/ca-certificates.crt"
    /// `CURLOPT_CAPATH`: a directory of CA certificates, or nil for NULL.
    var caPath: String? = nil
    /// `CURLOPT_SSLCERT` / `CURLOPT_SSLKEY` / `CURLOPT_KEYPASSWD`.
    var clientCertificatePath: String? = nil
    var clientKeyPath: String? = nil
    var clientKeyPassphrase: String? = nil
    /// `CURLOPT_SSL_VERIFYHOST` 2 or 0. `CURLOPT_SSL_VERIFYPEER` always stays 1.
    var verifyHost: Bool = true
    /// When true the transport installs `afSSLContextFunction` with a `TLSVerificationContext`
    /// and sets `CURLOPT_SSL_SESSIONID_CACHE` to 0 (resumption skips the verify callback).
    var usesVerifyCallback: Bool = false
}

extension SecurityPolicy {
    /// The libcurl settings this policy needs.
    func transportSettings() -> TLSTransportSettings { TLSTransportSettings() }
}

/// Per-transfer state the verify callback reads and writes. Created by the transport for each
/// HTTPS transfer when `usesVerifyCallback`; passed to libcurl as `CURLOPT_SSL_CTX_DATA`.
final class TLSVerificationContext {
    let policy: SecurityPolicy
    let host: String
    /// Set by the verify callback when the policy refused the server.
    var rejection: TrustRejection?

    init(policy: SecurityPolicy, host: String) {
        self.policy = policy
        self.host = host
    }
}

/// The `CURLOPT_SSL_CTX_FUNCTION` entry point. `userdata` is an unretained `TLSVerificationContext`.
let afSSLContextFunction: curl_ssl_ctx_callback = { _, _, _ in CURLE_OK }

extension TLSEvidence {
    /// Reads the negotiated session and the peer chain from an OpenSSL `SSL *`
    /// (from `CURLINFO_TLS_SSL_PTR`'s `internals`).
    init?(sslPointer: UnsafeMutableRawPointer) { return nil }
}
