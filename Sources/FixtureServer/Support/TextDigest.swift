import COpenSSL

/// One-shot hex digests of text through OpenSSL's EVP interface, for the HTTP Digest route (MD5, SHA-256).
enum TextDigest {
    /// The lowercase hex digest of `text`'s UTF-8 bytes; `algorithm` is `MD5` or `SHA-256` (any case).
    static func hex(_ text: String, algorithm: String) -> String {
        let md = algorithm.uppercased() == "SHA-256" ? EVP_sha256() : EVP_md5()
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        precondition(EVP_Digest(bytes, bytes.count, &digest, &length, md, nil) == 1, "EVP_Digest failed")
        return digest.prefix(Int(length)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
