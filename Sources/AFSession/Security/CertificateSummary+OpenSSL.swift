import COpenSSL
import Foundation

extension CertificateSummary {
    /// Summarizes a DER certificate (the runner also uses it for pinned files).
    /// - Parameter der: one certificate, DER-encoded.
    /// - Returns: nil when the bytes are not one certificate.
    public init?(der: Data) {
        guard let certificate = X509Certificate(der: der) else { return nil }
        self.init(certificate: certificate)
    }

    /// Summaries of every certificate in a file's contents (PEM with any number of certificates,
    /// or one DER certificate).
    /// - Parameter data: the file's bytes.
    /// - Returns: the summaries, in file order; empty when there is no certificate.
    public static func summaries(pemOrDER data: Data) -> [CertificateSummary] {
        X509Certificate.certificates(pemOrDER: data).map { CertificateSummary(certificate: $0) }
    }

    init(certificate: X509Certificate) {
        let x509 = certificate.pointer
        let key = X509_get0_pubkey(x509)
        self.init(
            der: certificate.der,
            subject: Self.rfc2253(X509_get_subject_name(x509)),
            issuer: Self.rfc2253(X509_get_issuer_name(x509)),
            subjectAlternativeNames: Self.alternativeNames(x509),
            notBefore: Self.date(X509_get0_notBefore(x509)),
            notAfter: Self.date(X509_get0_notAfter(x509)),
            serialNumber: Self.serialHex(x509),
            keyType: key.map { Self.keyTypeName(EVP_PKEY_get0_type_name($0)) } ?? "unknown",
            keySize: key.map { Int(EVP_PKEY_get_bits($0)) } ?? 0,
            signatureAlgorithm: String(cString: OBJ_nid2ln(X509_get_signature_nid(x509))),
            publicKeyPin: certificate.publicKeyPin
        )
    }

    /// A name as one RFC 2253 line, most specific attribute first (`CN=…,O=…`).
    private static func rfc2253(_ name: OpaquePointer?) -> String {
        guard let name, let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard X509_NAME_print_ex(bio, name, 0, afs_xn_flag_rfc2253()) >= 0 else { return "" }
        var bytes: UnsafeMutablePointer<CChar>? = nil
        let length = afs_BIO_get_mem_data(bio, &bytes)
        guard length > 0, let bytes else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// SAN entries as `DNS:name` and `IP:address`, in certificate order; other kinds are left out.
    private static func alternativeNames(_ x509: OpaquePointer) -> [String] {
        guard let raw = X509_get_ext_d2i(x509, NID_subject_alt_name, nil, nil) else { return [] }
        let names = OpaquePointer(raw)
        defer { GENERAL_NAMES_free(names) }
        var result: [String] = []
        for index in 0..<afs_sk_GENERAL_NAME_num(names) {
            var type: Int32 = 0
            guard let name = afs_sk_GENERAL_NAME_value(names, index),
                let value = GENERAL_NAME_get0_value(name, &type)
            else { continue }
            let string = UnsafePointer(value.assumingMemoryBound(to: ASN1_STRING.self))
            let length = Int(ASN1_STRING_length(string))
            guard let data = ASN1_STRING_get0_data(string) else { continue }
            let bytes = UnsafeBufferPointer(start: data, count: length)
            switch type {
            case GEN_DNS:
                result.append("DNS:" + String(decoding: bytes, as: UTF8.self))
            case GEN_IPADD:
                if let address = ipString(Array(bytes)) { result.append("IP:" + address) }
            default:
                continue
            }
        }
        return result
    }

    /// `127.0.0.1` or `::1` from 4 or 16 address bytes.
    private static func ipString(_ bytes: [UInt8]) -> String? {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return nil
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, bytes, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// An `ASN1_TIME` as a `Date` (UTC).
    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    /// The serial number in upper-case hex, as `openssl x509 -serial` prints it.
    private static func serialHex(_ x509: OpaquePointer) -> String {
        guard let serial = X509_get0_serialNumber(x509), let number = ASN1_INTEGER_to_BN(serial, nil) else { return "" }
        defer { BN_free(number) }
        guard let hex = BN_bn2hex(number) else { return "" }
        defer { afs_openssl_free(hex) }
        return String(cString: hex).uppercased()
    }

    /// OpenSSL's key type names, spelled as users know them.
    private static func keyTypeName(_ name: UnsafePointer<CChar>?) -> String {
        guard let name else { return "unknown" }
        switch String(cString: name) {
        case "ED25519": return "Ed25519"
        case "ED448": return "Ed448"
        case let other: return other
        }
    }
}
