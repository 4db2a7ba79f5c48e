import COpenSSL
import Foundation

/// One connection's verification: the transfer's context and the host this connection is for.
/// Owned by the connection's `SSL_CTX` (ex-data) and released by the ex-data free callback when
/// libcurl frees the `SSL_CTX` with the connection. Used only on the transfer-loop thread.
final class ConnectionVerification {
    let context: TLSVerificationContext
    let host: String

    init(context: TLSVerificationContext, host: String) {
        self.context = context
        self.host = host
    }
}

/// Puts the security policy into OpenSSL's handshake.
///
/// `SSL_CTX_set_cert_verify_callback` replaces OpenSSL's whole chain verification with the
/// policy's evaluation. A refusal makes OpenSSL abort the handshake with a fatal alert while
/// processing the server's Certificate message: the client has not sent its Finished message
/// yet, so no application data (no request byte) can have left. libcurl reports
/// `CURLE_PEER_FAILED_VERIFICATION` (60) and the transport reads the context's `rejection`.
///
/// libcurl stays on the transport's side: the transport's `CURLOPT_SSL_CTX_FUNCTION` reads the
/// connection's host from its easy handle and calls `install`.
enum TLSHandshakeVerifier {
    /// What `install` did.
    enum Installation: Equatable {
        /// The verify callback is in place on the `SSL_CTX`.
        case installed
        /// OpenSSL could not make the ex-data slot or store the connection in it.
        case outOfMemory
    }

    /// The `SSL_CTX` ex-data slot holding a retained `ConnectionVerification`; its free callback
    /// releases it. OpenSSL calls the callback for every `SSL_CTX` freed, with nil where the
    /// slot was never set.
    static let exDataIndex: Int32 = afs_SSL_CTX_get_ex_new_index { _, pointer, _, _, _, _ in
        if let pointer { Unmanaged<ConnectionVerification>.fromOpaque(pointer).release() }
    }

    /// Installs the policy's verify callback on a new connection's `SSL_CTX`. The transport calls it
    /// from `CURLOPT_SSL_CTX_FUNCTION`, once per new connection, after libcurl's own `SSL_CTX` setup
    /// (VERIFYPEER, CA file) and before the handshake.
    /// - Parameters:
    ///   - sslContext: the connection's `SSL_CTX *`.
    ///   - context: the transfer's verification context.
    ///   - host: the host this connection is for (a followed redirect's own host), normalized.
    /// - Returns: whether the callback is in place.
    static func install(
        sslContext: UnsafeMutableRawPointer,
        context: TLSVerificationContext,
        host: String
    ) -> Installation {
        guard exDataIndex >= 0 else { return .outOfMemory }
        let connection = ConnectionVerification(context: context, host: host)
        let sslContextPointer = OpaquePointer(sslContext)

        if let previous = SSL_CTX_get_ex_data(sslContextPointer, exDataIndex) {
            Unmanaged<ConnectionVerification>.fromOpaque(previous).release()
        }
        let retained = Unmanaged.passRetained(connection)
        guard SSL_CTX_set_ex_data(sslContextPointer, exDataIndex, retained.toOpaque()) == 1 else {
            retained.release()
            return .outOfMemory
        }
        // VERIFY_PEER makes a failed verification fatal to the handshake even if the transport
        // set VERIFYPEER 0 by mistake (PLATFORM-NOTES #1).
        SSL_CTX_set_verify(sslContextPointer, SSL_VERIFY_PEER, nil)
        SSL_CTX_set_cert_verify_callback(
            sslContextPointer,
            { storeContext, argument in
                guard let storeContext, let argument else { return 0 }
                let connection = Unmanaged<ConnectionVerification>.fromOpaque(argument).takeUnretainedValue()
                return TLSHandshakeVerifier.verify(storeContext, connection)
            },
            retained.toOpaque()
        )
        // OpenSSL calls this only when the server asks for a certificate and none is configured (with
        // `CURLOPT_SSLCERT` set it never runs); sending none stays the answer, the request is only noted.
        SSL_CTX_set_client_cert_cb(sslContextPointer) { ssl, _, _ in
            if let ssl, let sslContext = SSL_get_SSL_CTX(ssl),
                let pointer = SSL_CTX_get_ex_data(sslContext, TLSHandshakeVerifier.exDataIndex)
            {
                Unmanaged<ConnectionVerification>.fromOpaque(pointer).takeUnretainedValue().context
                    .certificateRequested = true
            }
            return 0
        }
        return .installed
    }

    /// The verify callback's body: 1 to continue the handshake, 0 to abort it.
    static func verify(_ storeContext: OpaquePointer, _ connection: ConnectionVerification) -> Int32 {
        let chain = peerChain(storeContext)
        switch connection.context.decide(chain: chain, host: connection.host) {
        case .success:
            X509_STORE_CTX_set_error(storeContext, X509_V_OK)
            return 1
        case .failure(let rejection):
            // The code picks the TLS alert sent and libcurl's "SSL certificate problem: …" text.
            X509_STORE_CTX_set_error(storeContext, verifyErrorCode(for: rejection.reason))
            return 0
        }
    }

    /// The chain the server sent, DER, leaf first: on the client side OpenSSL hands the callback
    /// the whole peer chain, leaf included, as the store context's untrusted stack.
    static func peerChain(_ storeContext: OpaquePointer) -> [Data] {
        var chain: [Data] = []
        if let stack = X509_STORE_CTX_get0_untrusted(storeContext) {
            for index in 0..<afs_sk_X509_num(stack) {
                if let x509 = afs_sk_X509_value(stack, index) { chain.append(X509Certificate(retaining: x509).der) }
            }
        }
        if chain.isEmpty, let leaf = X509_STORE_CTX_get0_cert(storeContext) {
            chain = [X509Certificate(retaining: leaf).der]
        }
        return chain
    }

    /// The OpenSSL verification code reported for a reason.
    static func verifyErrorCode(for reason: TrustFailureReason) -> Int32 {
        switch reason {
        case .expired: X509_V_ERR_CERT_HAS_EXPIRED
        case .notYetValid: X509_V_ERR_CERT_NOT_YET_VALID
        case .hostMismatch: X509_V_ERR_HOSTNAME_MISMATCH
        case .untrustedRoot: X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY
        case .selfSigned: X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT
        case .pinMismatch, .policyRefused, .other: X509_V_ERR_APPLICATION_VERIFICATION
        }
    }
}
