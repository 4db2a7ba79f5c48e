import COpenSSL
import Foundation

/// Owns one OpenSSL `X509 *` reference. Internal and deliberately not `Sendable`: the pointer is
/// used on the thread that made it (the evaluation or the handshake callback) and freed in `deinit`.
final class X509Certificate {
    /// The owned reference.
    let pointer: OpaquePointer

    /// Takes ownership of one reference (the caller must not free it).
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference to a certificate owned elsewhere (e.g. a stack OpenSSL owns).
    convenience init(retaining pointer: OpaquePointer) {
        X509_up_ref(pointer)
        self.init(owning: pointer)
    }

    /// Parses one DER certificate; nil when the bytes are not a whole certificate.
    convenience init?(der: Data) {
        let parsed: OpaquePointer? = der.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let x509 = d2i_X509(nil, &cursor, raw.count) else { return nil }
            // Trailing bytes mean this was not one DER certificate.
            guard let cursor, cursor == base + raw.count else {
                X509_free(x509)
                return nil
            }
            return x509
        }
        guard let parsed else { return nil }
        self.init(owning: parsed)
    }

    deinit { X509_free(pointer) }

    /// Parses a file's contents: every certificate of a PEM text, or one DER certificate.
    /// Returns an empty array when nothing in it is a certificate.
    static func certificates(pemOrDER data: Data) -> [X509Certificate] {
        if data.range(of: Data("-----BEGIN".utf8)) == nil {
            return X509Certificate(der: data).map { [$0] } ?? []
        }
        return data.withUnsafeBytes { raw -> [X509Certificate] in
            guard let base = raw.baseAddress, let bio = BIO_new_mem_buf(base, Int32(raw.count)) else { return [] }
            defer { BIO_free(bio) }
            var result: [X509Certificate] = []
            while let x509 = PEM_read_bio_X509(bio, nil, nil, nil) {
                result.append(X509Certificate(owning: x509))
            }
            // Reading stops with an expected "no start line" error; leave no trace of it.
            ERR_clear_error()
            return result
        }
    }

    /// The certificate, DER-encoded.
    var der: Data {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509(pointer, &buffer)
        guard length > 0, let buffer else { return Data() }
        defer { afs_openssl_free(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    /// The SubjectPublicKeyInfo, DER-encoded.
    var subjectPublicKeyInfo: Data {
        guard let key = X509_get_X509_PUBKEY(pointer) else { return Data() }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509_PUBKEY(key, &buffer)
        guard length > 0, let buffer else { return Data() }
        defer { afs_openssl_free(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    /// The SPKI SHA-256 pin in curl's `sha256//` form.
    var publicKeyPin: String {
        "sha256//" + OpenSSLDigest.sha256(subjectPublicKeyInfo).base64EncodedString()
    }
}
