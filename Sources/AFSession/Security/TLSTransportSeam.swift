import Foundation
import Locking

// CONTRACT between the transfer loop (Transport/) and the security policy (Security/).
// The transport calls exactly these; the security issue implements them. Internal only.
//
// The transport, per HTTPS transfer:
//   1. `let settings = policy.transportSettings()`; applies CAINFO/CAPATH/SSLCERT/SSLKEY/KEYPASSWD,
//      VERIFYHOST (`settings.verifyHost ? 2 : 0`) and always VERIFYPEER 1;
//   2. when `settings.usesVerifyCallback` (always, today): SSL_SESSIONID_CACHE 0,
//      SSL_CTX_FUNCTION = `transferSSLContextCallback`, which calls
//      `TLSHandshakeVerifier.install`, SSL_CTX_DATA = an unretained
//      `TLSVerificationContext(policy:host:)` the transport keeps alive for the transfer;
//   3. after a failure with curl code 60 reads `context.rejection` for `SessionError.serverTrustRejected`;
//   4. once the handshake is done, `TLSEvidence(sslPointer:)` with CURLINFO_TLS_SSL_PTR's `internals`.
//      Read it DURING the transfer (e.g. in the first header callback): libcurl detaches the
//      connection when the transfer is done, and CURLINFO_TLS_SSL_PTR then gives a NULL
//      `internals` (checked against libcurl 7.88: NULL after curl_easy_perform returns, a live
//      `SSL *` from the write callback).

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
    /// When true the transport installs `transferSSLContextCallback` with a `TLSVerificationContext`
    /// and sets `CURLOPT_SSL_SESSIONID_CACHE` to 0 (resumption skips the verify callback).
    var usesVerifyCallback: Bool = false
}

extension SecurityPolicy {
    /// The libcurl settings this policy needs.
    ///
    /// The verify callback is always used: it gives every policy, the default one included, the
    /// same reasons and observed chain on rejection, and runs the authentication-challenge hook.
    /// curl's own host check is then off (`verifyHost` false) because the callback checks the
    /// host exactly as the policy says, and curl's check would refuse servers the policy accepts
    /// (`validatesDomainName` false, `.publicKey` with invalid certificates allowed, the hook).
    /// The CA settings still mirror the trust store, so curl's own chain check (VERIFYPEER 1)
    /// agrees with the policy if the callback were ever missing.
    func transportSettings() -> TLSTransportSettings {
        var settings = TLSTransportSettings()
        switch trustStore {
        case .system:
            settings.caInfoPath = TrustStoreCache.systemBundlePath
        case .caFile(let url):
            settings.caInfoPath = url.path
        case .caDirectory(let url):
            settings.caInfoPath = nil
            settings.caPath = url.path
        }
        if let clientCertificate {
            settings.clientCertificatePath = clientCertificate.certificateFile.path
            settings.clientKeyPath = clientCertificate.keyFile.path
            settings.clientKeyPassphrase = clientCertificate.passphrase
        }
        settings.usesVerifyCallback = true
        settings.verifyHost = false
        return settings
    }
}

/// Per-transfer state the verify callback reads and writes. Created by the transport for each
/// HTTPS transfer when `usesVerifyCallback`; passed to libcurl as `CURLOPT_SSL_CTX_DATA`.
///
/// `Sendable` through a `LockedValue`: the handshake writes the outcome on the transfer-loop thread
/// while the transport may read it from wherever it builds the error. Each connection's
/// `SSL_CTX` keeps its own reference (ex-data), so the context outlives the transfer while a
/// cached connection lives (PLATFORM-NOTES #6).
final class TLSVerificationContext: Sendable {
    let policy: SecurityPolicy
    /// The host of the transfer's URL; a redirected hop is checked against its own host,
    /// read from libcurl when the connection is set up. Worked out only when a handshake asks
    /// (a keep-alive run makes a context per transfer but only a few connections).
    var host: String { givenHost ?? url?.host ?? "" }
    private let givenHost: String?
    private let url: URL?
    private let outcome = LockedValue<Outcome>(Outcome())

    private struct Outcome {
        var rejection: TrustRejection?
        var evaluation: TrustEvaluation?
        var certificateRequested = false
    }

    init(policy: SecurityPolicy, host: String) {
        self.policy = policy
        self.givenHost = host
        self.url = nil
    }

    /// A context whose host is read from `url` when first needed.
    init(policy: SecurityPolicy, url: URL) {
        self.policy = policy
        self.givenHost = nil
        self.url = url
    }

    /// Set by the verify callback when the policy refused the server (the last refusal).
    var rejection: TrustRejection? {
        get { outcome.withLock { $0.rejection } }
        set { outcome.withLock { $0.rejection = newValue } }
    }

    /// Set by the verify callback when the policy accepted the server (the last acceptance).
    var evaluation: TrustEvaluation? { outcome.withLock { $0.evaluation } }

    /// Whether a server asked for a client certificate that this transfer does not have. A server that
    /// requires one then ends the connection, which libcurl reports as a send or receive error (TLS 1.3
    /// finishes the client's handshake before the server checks), not as a TLS failure.
    var certificateRequested: Bool {
        get { outcome.withLock { $0.certificateRequested } }
        set { outcome.withLock { $0.certificateRequested = newValue } }
    }

    /// Runs the policy and its challenge hook over a presented chain and records the outcome.
    /// Called from the handshake; callable directly in tests.
    /// - Parameters:
    ///   - chain: the presented chain, DER, leaf first.
    ///   - host: the host of this connection.
    ///   - date: when validity is checked.
    func decide(chain: [Data], host: String, at date: Date = Date()) -> Result<TrustEvaluation, TrustRejection> {
        var decided = policy.evaluate(chain: chain, forHost: host, at: date)
        if let handler = policy.serverTrustChallengeHandler {
            let challenge = ServerTrustChallenge(host: host, chain: chain, defaultEvaluation: decided)
            switch handler.handle(challenge) {
            case .accept:
                decided = .success(TrustEvaluation(basis: .challengeHandler, host: host, validatedChain: chain))
            case .reject:
                decided = .failure(
                    TrustRejection(
                        reason: .policyRefused("the server trust challenge handler rejected the server"),
                        host: host,
                        chain: challenge.summaries
                    )
                )
            case .performDefaultHandling:
                break
            }
        }
        outcome.withLock { state in
            switch decided {
            case .success(let evaluation): state.evaluation = evaluation
            case .failure(let rejection): state.rejection = rejection
            }
        }
        return decided
    }
}
