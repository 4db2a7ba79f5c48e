import COpenSSL
import Foundation

/// SHA-256 and MD5 through OpenSSL's EVP interface (the one-shot `SHA256()` is deprecated in 3.0): the
/// one digest implementation the project uses, for certificate pins, `body.sha256` assertions and the
/// `sha256`/`md5` filters.
public enum OpenSSLDigest {
    /// The SHA-256 digest of `data`.
    /// - Parameter data: the bytes to hash.
    /// - Returns: 32 bytes.
    public static func sha256(_ data: Data) -> Data {
        digest(data, EVP_sha256(), name: "SHA-256")
    }

    /// The MD5 digest of `data` (for the `md5` filter: checksums servers still publish, never security).
    /// - Parameter data: the bytes to hash.
    /// - Returns: 16 bytes.
    public static func md5(_ data: Data) -> Data {
        digest(data, EVP_md5(), name: "MD5")
    }

    private static func digest(_ data: Data, _ type: OpaquePointer?, name: String) -> Data {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = data.withUnsafeBytes { raw in
            EVP_Digest(raw.baseAddress, raw.count, &digest, &length, type, nil)
        }
        precondition(ok == 1, "EVP_Digest(\(name)) failed")
        return Data(digest.prefix(Int(length)))
    }

    /// The MD5 digest of `data` as lower-case hex.
    /// - Parameter data: the bytes to hash.
    /// - Returns: 32 hex digits.
    public static func md5Hex(_ data: Data) -> String {
        hex(md5(data))
    }

    /// The SHA-256 digest of `data` as lower-case hex.
    /// - Parameter data: the bytes to hash.
    /// - Returns: 64 hex digits.
    public static func sha256Hex(_ data: Data) -> String {
        hex(sha256(data))
    }

    /// `digest` as lower-case hex.
    /// - Parameter digest: bytes.
    /// - Returns: two hex digits per byte.
    public static func hex(_ digest: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
