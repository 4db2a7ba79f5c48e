import COpenSSL
import Foundation

/// Turns libcurl's words for client-certificate failures into the cause: libcurl says "unable to set
/// private key file" for a wrong passphrase, a missing one and a file that holds no key alike, and a
/// server that requires a certificate the client did not send shows up as a read error after the
/// handshake (TLS 1.3 sends the `certificate_required` alert with the first record).
enum ClientCertificateDiagnosis {
    /// Why libcurl could not use `certificate` (after `CURLE_SSL_CERTPROBLEM`), found by loading the key and
    /// the certificate with OpenSSL as libcurl does; nil when both load and match (libcurl's text stands).
    static func problem(with certificate: ClientCertificate) -> String? {
        let keyName = certificate.keyFile.lastPathComponent
        guard let keyData = FileManager.default.contents(atPath: certificate.keyFile.path) else {
            return "cannot read the client key file \(keyName)"
        }
        switch loadKey(keyData, passphrase: certificate.passphrase) {
        case .loaded(let key):
            defer { EVP_PKEY_free(key) }
            guard let certData = FileManager.default.contents(atPath: certificate.certificateFile.path) else {
                return "cannot read the client certificate file \(certificate.certificateFile.lastPathComponent)"
            }
            guard
                let x509 = certData.withUnsafeBytes({ raw in
                    withBIO(raw) { PEM_read_bio_X509($0, nil, nil, nil) }
                })
            else {
                return
                    "the client certificate file \(certificate.certificateFile.lastPathComponent) holds no PEM certificate"
            }
            defer { X509_free(x509) }
            ERR_clear_error()
            return X509_check_private_key(x509, key) == 1
                ? nil
                : "the client key \(keyName) does not belong to the certificate \(certificate.certificateFile.lastPathComponent)"
        case .encrypted:
            return certificate.passphrase == nil
                ? "the client key \(keyName) is encrypted and no passphrase is given"
                : "wrong passphrase for the client key \(keyName): it does not decrypt the key"
        case .notAKey:
            return "the client key file \(keyName) holds no PEM private key"
        }
    }

    /// The cause of a handshake or first-exchange failure that the server's demand for a client certificate
    /// explains; nil otherwise.
    /// - Parameters:
    ///   - message: libcurl's error-buffer text (OpenSSL's alert reason when libcurl read the alert).
    ///   - sentCertificate: whether the request had a client certificate.
    ///   - certificateRequested: whether the server asked for a certificate the request did not have: the
    ///     connection then ended because of it, whether or not libcurl read the alert before the socket closed.
    static func serverAlert(in message: String, sentCertificate: Bool, certificateRequested: Bool) -> String? {
        let lower = message.lowercased()
        if (certificateRequested && !sentCertificate) || lower.contains("alert certificate required") {
            return "the server requires a client certificate; configure one (a suite's `tls.clientCertificate`)"
        }
        if sentCertificate,
            ["alert bad certificate", "alert unknown ca", "alert certificate unknown", "alert access denied"]
                .contains(where: lower.contains)
        {
            return
                "the server refused the client certificate (it does not trust its issuer, or the certificate is not valid for it)"
        }
        return nil
    }

    private enum KeyLoad {
        case loaded(OpaquePointer)
        case encrypted
        case notAKey
    }

    /// Loads a PEM private key the way libcurl hands it to OpenSSL, noting whether OpenSSL asked for a
    /// passphrase (it asks only for an encrypted key). Never prompts on the terminal.
    private static func loadKey(_ data: Data, passphrase: String?) -> KeyLoad {
        final class Request {
            let passphrase: [CChar]?
            var asked = false
            init(_ passphrase: String?) { self.passphrase = passphrase.map { Array($0.utf8CString.dropLast()) } }
        }
        let request = Request(passphrase)
        ERR_clear_error()
        defer { ERR_clear_error() }
        // The request outlives the C call that reaches it through an unretained pointer.
        return withExtendedLifetime(request) { () -> KeyLoad in
            let key = data.withUnsafeBytes { raw in
                withBIO(raw) { bio in
                    PEM_read_bio_PrivateKey(
                        bio,
                        nil,
                        { buffer, size, _, context in
                            guard let buffer, let context else { return -1 }
                            let request = Unmanaged<Request>.fromOpaque(context).takeUnretainedValue()
                            request.asked = true
                            guard let passphrase = request.passphrase, passphrase.count <= Int(size) else { return -1 }
                            passphrase.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
                            return Int32(passphrase.count)
                        },
                        Unmanaged.passUnretained(request).toOpaque()
                    )
                }
            }
            if let key { return .loaded(key) }
            return request.asked ? .encrypted : .notAKey
        }
    }

    private static func withBIO<T>(_ bytes: UnsafeRawBufferPointer, _ body: (OpaquePointer) -> T?) -> T? {
        guard let base = bytes.baseAddress, let bio = BIO_new_mem_buf(base, Int32(bytes.count)) else { return nil }
        defer { BIO_free(bio) }
        return body(bio)
    }
}
