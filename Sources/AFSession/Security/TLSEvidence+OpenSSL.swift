import COpenSSL
import Foundation

extension TLSEvidence {
    /// Reads the negotiated session and the peer chain from an OpenSSL `SSL *`
    /// (from `CURLINFO_TLS_SSL_PTR`'s `internals`).
    ///
    /// The chain is `SSL_get_peer_cert_chain`, which on the client side is the chain exactly as
    /// the server sent it, leaf included (on a server it would leave the peer's leaf out). It is
    /// not the verified chain: the policy's verify callback replaces OpenSSL's verification, so
    /// OpenSSL keeps none. Call it once the handshake is complete.
    /// - Parameter sslPointer: an `SSL *`.
    /// - Returns: nil when no handshake has completed on it.
    init?(sslPointer: UnsafeMutableRawPointer) {
        let ssl = OpaquePointer(sslPointer)
        guard SSL_is_init_finished(ssl) == 1 else { return nil }
        let version = String(cString: SSL_get_version(ssl))
        let cipher = SSL_get_current_cipher(ssl).flatMap { SSL_CIPHER_get_name($0) }.map { String(cString: $0) } ?? ""
        var alpnBytes: UnsafePointer<UInt8>? = nil
        var alpnLength: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &alpnBytes, &alpnLength)
        let alpn = alpnBytes.flatMap { bytes in
            alpnLength > 0
                ? String(decoding: UnsafeBufferPointer(start: bytes, count: Int(alpnLength)), as: UTF8.self) : nil
        }
        var chain: [CertificateSummary] = []
        if let stack = SSL_get_peer_cert_chain(ssl) {
            for index in 0..<afs_sk_X509_num(stack) {
                if let x509 = afs_sk_X509_value(stack, index) {
                    chain.append(CertificateSummary(certificate: X509Certificate(retaining: x509)))
                }
            }
        }
        self.init(protocolVersion: version, cipher: cipher, alpn: alpn, peerChain: chain)
    }
}
