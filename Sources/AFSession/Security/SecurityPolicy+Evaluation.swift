import COpenSSL
import Foundation

extension SecurityPolicy {
    /// Decides whether a chain is trusted for a host, with AFNetworking's rules
    /// (`-[AFSecurityPolicy evaluateServerTrust:forDomain:]`), on OpenSSL. Pure: no I/O beyond
    /// reading the trust store once per process, no state.
    ///
    /// The rules, in order (the first that applies decides):
    ///
    /// | # | Condition | Outcome |
    /// |---|-----------|---------|
    /// | 1 | `allowInvalidCertificates` and `validatesDomainName` and no pins for the mode (`.none`, or no certificates — for `.publicKey` no certificates and no explicit key pins) | refused: `policyRefused` ("you must use pinning") |
    /// | 2 | `.none`, `allowInvalidCertificates` | trusted (nothing checked) |
    /// | 3 | `.none` | the chain must validate against the trust store at `date`, and name the host when `validatesDomainName` |
    /// | 4 | `.certificate` or `.publicKey`, not `allowInvalidCertificates` | rule 3 must pass first |
    /// | 5 | `.certificate` | the pinned certificates alone are the anchors (any of them: root, intermediate or leaf); the chain must validate against them at `date` and name the host when `validatesDomainName` — **even when invalid certificates are allowed**, as in AFNetworking, where only the system-trust step is skipped; a pinned certificate must be in the validated chain (a pinned root the server did not send counts) |
    /// | 6 | `.publicKey` | some certificate of the presented chain, or of the chain built against the trust store (so a root the server did not send counts), carries a pinned key; neither dates nor host are checked when invalid certificates are allowed |
    ///
    /// Validation failures map to reasons: a leaf that signs itself → `selfSigned`; no path to an
    /// anchor → `untrustedRoot` (in rule 5: `pinMismatch`, since the pins are the anchors); a
    /// certificate past `notAfter` → `expired`, before `notBefore` → `notYetValid`; the leaf not
    /// naming the host (SAN DNS with RFC 6125 wildcards, or SAN IP) → `hostMismatch`; no pin
    /// matched → `pinMismatch`. When several apply, the chain's trust comes first, then other
    /// OpenSSL errors, then dates, then the host.
    ///
    /// - Parameters:
    ///   - chain: the certificates the server presented, DER, leaf first.
    ///   - host: the host connected to (DNS name or IP literal).
    ///   - date: when validity periods are checked; now by default.
    /// - Returns: the evaluation, or the rejection with its reason and the chain's summaries.
    public func evaluate(
        chain: [Data],
        forHost host: String,
        at date: Date = Date()
    ) -> Result<TrustEvaluation, TrustRejection> {
        func reject(_ reason: TrustFailureReason) -> Result<TrustEvaluation, TrustRejection> {
            .failure(
                TrustRejection(reason: reason, host: host, chain: chain.compactMap { CertificateSummary(der: $0) })
            )
        }
        var presented: [X509Certificate] = []
        for (index, der) in chain.enumerated() {
            guard let certificate = X509Certificate(der: der) else {
                return reject(.other("certificate \(index) of the server's chain is not valid DER"))
            }
            presented.append(certificate)
        }
        guard let leaf = presented.first else { return reject(.other("the server presented no certificate")) }

        // Rule 1.
        if allowInvalidCertificates && validatesDomainName && !hasPinsForMode {
            return reject(
                .policyRefused(
                    "allowing invalid certificates while validating the domain name requires pinned certificates"
                )
            )
        }
        // Rule 2.
        if pinningMode == .none && allowInvalidCertificates {
            return .success(TrustEvaluation(basis: .invalidCertificatesAllowed, host: host, validatedChain: chain))
        }
        // Rules 3 and 4: the trust store. Public-key pinning also wants the chain it builds.
        let storeVerification: X509ChainVerification?
        switch TrustStoreCache.store(for: trustStore) {
        case .success(let store):
            storeVerification = X509ChainVerifier.verify(
                chain: presented,
                store: store.pointer,
                partialChain: false,
                at: date
            )
        case .failure(let failure):
            if !allowInvalidCertificates { return reject(.other(failure.message)) }
            storeVerification = nil
        }
        if !allowInvalidCertificates, let storeVerification {
            if let reason = Self.failureReason(storeVerification.errors, anchorsArePins: false)
                ?? hostFailure(leaf, host)
            {
                guard pinningMode != .none, reason == .selfSigned || reason == .untrustedRoot else {
                    return reject(reason)
                }
                // Rule 4 surprises AFNetworking users too: pinning a certificate does not make it trusted.
                var rejection = TrustRejection(
                    reason: reason,
                    host: host,
                    chain: chain.compactMap { CertificateSummary(der: $0) }
                )
                rejection.hint =
                    "a pinning policy checks the trust store first, as in AFNetworking: set trustStore to a CA file "
                    + "holding the server's root (a self-signed certificate is its own), or allowInvalidCertificates"
                return .failure(rejection)
            }
            if pinningMode == .none {
                return .success(
                    TrustEvaluation(basis: .trustStore, host: host, validatedChain: storeVerification.builtChain)
                )
            }
        }
        switch pinningMode {
        case .none:
            return reject(.other("unreachable: pinning mode none was decided above"))
        case .certificate:
            return evaluatePinnedCertificates(presented, host: host, date: date, reject: reject)
        case .publicKey:
            let candidates = presented.map(\.der) + (storeVerification?.builtChain ?? [])
            let pins = effectivePublicKeyPins
            for der in candidates {
                if let pin = X509Certificate(der: der)?.publicKeyPin, pins.contains(pin) {
                    return .success(
                        TrustEvaluation(
                            basis: .pinnedPublicKey,
                            host: host,
                            validatedChain: storeVerification.map { $0.isValid ? $0.builtChain : chain } ?? chain,
                            matchedPin: pin
                        )
                    )
                }
            }
            return reject(.pinMismatch)
        }
    }

    /// Rule 5: the pinned certificates as the only anchors.
    private func evaluatePinnedCertificates(
        _ presented: [X509Certificate],
        host: String,
        date: Date,
        reject: (TrustFailureReason) -> Result<TrustEvaluation, TrustRejection>
    ) -> Result<TrustEvaluation, TrustRejection> {
        let anchors = pinnedCertificates.compactMap { X509Certificate(der: $0) }
        guard !anchors.isEmpty, let store = X509ChainVerifier.makeStore(anchors: anchors) else {
            return reject(.pinMismatch)
        }
        defer { X509_STORE_free(store) }
        let verification = X509ChainVerifier.verify(chain: presented, store: store, partialChain: true, at: date)
        if let reason = Self.failureReason(verification.errors, anchorsArePins: true) ?? hostFailure(presented[0], host)
        {
            return reject(reason)
        }
        let pinned = Set(anchors.map(\.der))
        // From the anchor end, as the pin is most often a root or an intermediate.
        for der in verification.builtChain.reversed() where pinned.contains(der) {
            return .success(
                TrustEvaluation(
                    basis: .pinnedCertificate,
                    host: host,
                    validatedChain: verification.builtChain,
                    matchedPin: X509Certificate(der: der)?.publicKeyPin
                )
            )
        }
        return reject(.pinMismatch)
    }

    /// `hostMismatch` when the domain name is validated and the leaf does not name the host.
    private func hostFailure(_ leaf: X509Certificate, _ host: String) -> TrustFailureReason? {
        guard validatesDomainName, !X509HostCheck.certificate(leaf, matches: host) else { return nil }
        return .hostMismatch
    }

    /// The reason for a set of OpenSSL verification errors, by priority; nil when there are none.
    /// - Parameter anchorsArePins: whether the anchors were the pinned certificates, so that a
    ///   chain reaching none of them is a pin mismatch rather than an untrusted root.
    static func failureReason(_ errors: [Int32], anchorsArePins: Bool) -> TrustFailureReason? {
        guard !errors.isEmpty else { return nil }
        let untrusted: Set<Int32> = [
            X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
            X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_CERT_UNTRUSTED, X509_V_ERR_CERT_REJECTED,
        ]
        if errors.contains(where: untrusted.contains) {
            if anchorsArePins { return .pinMismatch }
            return errors.contains(X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT) ? .selfSigned : .untrustedRoot
        }
        let dates: Set<Int32> = [X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID]
        if let other = errors.first(where: { !dates.contains($0) }) {
            return .other(X509ChainVerifier.text(for: other))
        }
        return errors.contains(X509_V_ERR_CERT_HAS_EXPIRED) ? .expired : .notYetValid
    }
}
