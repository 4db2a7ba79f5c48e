import COpenSSL
import Foundation

/// What OpenSSL's chain building found: every verification error (not only the first) and the
/// chain it built, leaf first, ending at the trust anchor when one was reached.
struct X509ChainVerification {
    /// `X509_V_ERR_*` codes in the order OpenSSL reported them; empty when the chain is valid.
    var errors: [Int32]
    /// The chain as built, DER, leaf first.
    var builtChain: [Data]

    /// Whether the chain validated with no error.
    var isValid: Bool { errors.isEmpty }
}

/// Runs `X509_verify_cert` over a presented chain against a store of anchors, at a given time,
/// for the TLS server purpose. Host names are checked separately (`X509HostCheck`).
enum X509ChainVerifier {
    /// Collects the errors the verify callback sees. Passed to OpenSSL as the store context's
    /// app data; lives on the stack frame of `verify` for the whole call.
    private final class ErrorLog {
        var errors: [Int32] = []
    }

    /// Verifies `chain` (leaf first; the rest are untrusted intermediates) against `store`.
    /// - Parameters:
    ///   - chain: the presented certificates, leaf first; must not be empty.
    ///   - store: an `X509_STORE *` holding the anchors.
    ///   - partialChain: whether any certificate in the store is an anchor, not only self-signed
    ///     roots (`X509_V_FLAG_PARTIAL_CHAIN`): pinned leaves and intermediates need it.
    ///   - date: the time the validity periods are checked at.
    static func verify(
        chain: [X509Certificate],
        store: OpaquePointer,
        partialChain: Bool,
        at date: Date
    ) -> X509ChainVerification {
        guard let leaf = chain.first else {
            return X509ChainVerification(errors: [X509_V_ERR_UNSPECIFIED], builtChain: [])
        }
        guard let untrusted = afs_sk_X509_new_null(), let context = X509_STORE_CTX_new() else {
            return X509ChainVerification(errors: [X509_V_ERR_OUT_OF_MEM], builtChain: [])
        }
        defer {
            X509_STORE_CTX_free(context)
            afs_sk_X509_pop_free(untrusted)
        }
        for certificate in chain.dropFirst() {
            // The stack owns one reference each, dropped by pop_free.
            X509_up_ref(certificate.pointer)
            if afs_sk_X509_push(untrusted, certificate.pointer) <= 0 { X509_free(certificate.pointer) }
        }
        guard X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1 else {
            return X509ChainVerification(errors: [X509_V_ERR_UNSPECIFIED], builtChain: [])
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_time(parameters, time_t(date.timeIntervalSince1970.rounded(.down)))
        if partialChain { X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_PARTIAL_CHAIN)) }
        X509_STORE_CTX_set_purpose(context, X509_PURPOSE_SSL_SERVER)

        let log = ErrorLog()
        let unmanagedLog = Unmanaged.passRetained(log)
        defer { unmanagedLog.release() }
        afs_X509_STORE_CTX_set_app_data(context, unmanagedLog.toOpaque())
        // Record every error and carry on, so that one pass yields all of them and the chain
        // as far as it can be built; the caller decides what they mean.
        X509_STORE_CTX_set_verify_cb(context) { ok, storeContext in
            if ok == 0, let storeContext, let raw = afs_X509_STORE_CTX_get_app_data(storeContext) {
                Unmanaged<ErrorLog>.fromOpaque(raw).takeUnretainedValue().errors.append(
                    X509_STORE_CTX_get_error(storeContext)
                )
            }
            return 1
        }
        let result = X509_verify_cert(context)
        var errors = log.errors
        if result != 1 && errors.isEmpty { errors.append(X509_STORE_CTX_get_error(context)) }
        ERR_clear_error()

        var built: [Data] = []
        if let stack = X509_STORE_CTX_get0_chain(context) {
            for index in 0..<afs_sk_X509_num(stack) {
                if let x509 = afs_sk_X509_value(stack, index) {
                    built.append(X509Certificate(retaining: x509).der)
                }
            }
        }
        return X509ChainVerification(errors: errors, builtChain: built)
    }

    /// A new `X509_STORE *` holding `certificates` as anchors; the caller frees it.
    static func makeStore(anchors certificates: [X509Certificate]) -> OpaquePointer? {
        guard let store = X509_STORE_new() else { return nil }
        for certificate in certificates { X509_STORE_add_cert(store, certificate.pointer) }
        ERR_clear_error()  // a duplicate certificate is reported but harmless
        return store
    }

    /// OpenSSL's text for a verification error code.
    static func text(for code: Int32) -> String {
        String(cString: X509_verify_cert_error_string(Int(code)))
    }
}
