import COpenSSL
import Foundation

/// An incremental SHA-256 over OpenSSL's EVP interface: bytes are fed as they arrive, so a body of
/// any size is hashed without being held.
///
/// Not `Sendable`: it owns an `EVP_MD_CTX` and is used by one transfer on the transfer-loop thread.
final class SHA256Hasher {
    private let context: OpaquePointer

    /// Starts a digest.
    init() {
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new failed (out of memory)") }
        self.context = context
        let ok = EVP_DigestInit_ex(context, EVP_sha256(), nil)
        precondition(ok == 1, "EVP_DigestInit_ex(SHA-256) failed")
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the digest.
    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let ok = EVP_DigestUpdate(context, base, bytes.count)
        precondition(ok == 1, "EVP_DigestUpdate failed")
    }

    /// The digest of everything added; the hasher must not be used afterwards.
    func finish() -> Data {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = EVP_DigestFinal_ex(context, &digest, &length)
        precondition(ok == 1, "EVP_DigestFinal_ex failed")
        return Data(digest.prefix(Int(length)))
    }
}
