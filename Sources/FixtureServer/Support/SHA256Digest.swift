import COpenSSL

/// A streaming SHA-256 through OpenSSL's EVP interface, so the server can hash uploads and tests can
/// recompute digests of `/bytes` with the same implementation the session core uses.
public struct SHA256Digest {
    /// The EVP context; a copy of the digest that is changed gets its own (`EVP_MD_CTX_copy_ex`).
    private final class Context {
        let pointer: OpaquePointer

        init() {
            guard let pointer = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: out of memory") }
            self.pointer = pointer
            precondition(EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1, "EVP_DigestInit_ex(SHA-256) failed")
        }

        init(copying other: Context) {
            guard let pointer = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: out of memory") }
            self.pointer = pointer
            precondition(EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1, "EVP_MD_CTX_copy_ex failed")
        }

        deinit { EVP_MD_CTX_free(pointer) }
    }

    private var context = Context()

    /// Creates an empty digest.
    public init() {}

    /// Hashes `bytes` in one call.
    /// - Returns: the digest as 64 lowercase hexadecimal characters.
    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var digest = SHA256Digest()
        digest.update(Array(bytes))
        return digest.finalizeHex()
    }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
        precondition(EVP_DigestUpdate(context.pointer, bytes.baseAddress, bytes.count) == 1, "EVP_DigestUpdate failed")
    }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Ends the message.
    /// - Returns: the digest as 64 lowercase hexadecimal characters.
    public mutating func finalizeHex() -> String {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context.pointer, &digest, &length) == 1, "EVP_DigestFinal_ex failed")
        let hexDigits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
