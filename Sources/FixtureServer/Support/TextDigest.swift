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

extension TextDigest {
    /// HMAC-SHA256 of `data` under `key` (OpenSSL's EVP signing with an HMAC key), for the AWS SigV4 route.
    static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        guard let pkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_HMAC, nil, key, key.count) else {
            fatalError("EVP_PKEY_new_raw_private_key(HMAC) failed")
        }
        defer { EVP_PKEY_free(pkey) }
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: out of memory") }
        defer { EVP_MD_CTX_free(context) }
        var mac = [UInt8](repeating: 0, count: 32)
        var length = 32
        precondition(EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pkey) == 1, "EVP_DigestSignInit failed")
        precondition(EVP_DigestSignUpdate(context, data, data.count) == 1, "EVP_DigestSignUpdate failed")
        precondition(EVP_DigestSignFinal(context, &mac, &length) == 1, "EVP_DigestSignFinal failed")
        return Array(mac.prefix(length))
    }
}
