import COpenSSL
import Foundation

/// SHA-256 of a file read in 1 MiB pieces (never whole), as lower-case hex. Bytes already in
/// memory go through `OpenSSLDigest.sha256Hex`; this streaming form exists for downloads too big to load.
func sha256Hex(ofFile url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let context = EVP_MD_CTX_new()
    defer { EVP_MD_CTX_free(context) }
    EVP_DigestInit_ex(context, EVP_sha256(), nil)
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        chunk.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
    }
    return finish(context)
}

private func finish(_ context: OpaquePointer?) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &digest, &length)
    return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
}
