import Foundation

extension SecurityPolicy {
    /// The file extensions read as certificates from a folder: `cer`, `der`, `crt`, `pem`.
    public static let certificateFileExtensions: Set<String> = ["cer", "der", "crt", "pem"]

    /// A policy with a pinning mode and the certificates found in the main bundle's resources
    /// (AFNetworking's `policyWithPinningMode:`). On Linux the main bundle is the executable's
    /// folder; pass certificates explicitly with `policy(withPinningMode:withPinnedCertificates:)`
    /// or `certificates(inDirectory:)` when they live elsewhere.
    /// - Parameter pinningMode: how the certificates are pinned.
    /// - Returns: the policy; domain name validated, invalid certificates refused.
    public static func policy(withPinningMode pinningMode: PinningMode) -> SecurityPolicy {
        policy(withPinningMode: pinningMode, withPinnedCertificates: certificates(in: .main))
    }

    /// A policy with a pinning mode and pinned certificates
    /// (AFNetworking's `policyWithPinningMode:withPinnedCertificates:`).
    /// - Parameters:
    ///   - pinningMode: how the certificates are pinned.
    ///   - pinnedCertificates: DER certificates; their public keys are pinned too.
    /// - Returns: the policy; domain name validated, invalid certificates refused.
    public static func policy(
        withPinningMode pinningMode: PinningMode,
        withPinnedCertificates pinnedCertificates: [Data]
    ) -> SecurityPolicy {
        SecurityPolicy(pinningMode: pinningMode, pinnedCertificates: pinnedCertificates)
    }

    /// Every certificate in the bundle's resource folder (AFNetworking's `certificatesInBundle:`,
    /// widened from `.cer` to all of `certificateFileExtensions`). Unreadable files are skipped.
    /// - Parameter bundle: the bundle to look in.
    /// - Returns: DER certificates; empty when the bundle has none.
    public static func certificates(in bundle: Bundle) -> [Data] {
        guard let folder = bundle.resourceURL else { return [] }
        return (try? certificates(inDirectory: folder)) ?? []
    }

    /// Every certificate in the `.cer`, `.der`, `.crt` and `.pem` files of a folder (not its
    /// sub-folders), in file-name order; a PEM file may hold several.
    /// - Parameter directory: the folder.
    /// - Returns: DER certificates.
    /// - Throws: `SessionError.fileSystem` when the folder or one of its certificate files
    ///   cannot be read or holds no certificate.
    public static func certificates(inDirectory directory: URL) throws(SessionError) -> [Data] {
        let files: [URL]
        do {
            files = try certificateFiles(in: directory)
        } catch {
            throw .fileSystem(FileSystemFailure(path: directory.path, message: "cannot list the folder: \(error)"))
        }
        var result: [Data] = []
        for file in files { result += try certificates(contentsOf: file) }
        return result
    }

    /// The certificates in one file: one DER certificate, or every certificate of a PEM file.
    /// - Parameter file: the file.
    /// - Returns: DER certificates, at least one.
    /// - Throws: `SessionError.fileSystem` when the file cannot be read or holds no certificate.
    public static func certificates(contentsOf file: URL) throws(SessionError) -> [Data] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .fileSystem(FileSystemFailure(path: file.path, message: "cannot read the certificate file"))
        }
        let certificates = X509Certificate.certificates(pemOrDER: data)
        guard !certificates.isEmpty else {
            throw .fileSystem(
                FileSystemFailure(
                    path: file.path,
                    message: "no certificate in the file; expected DER or PEM (-----BEGIN CERTIFICATE-----)"
                )
            )
        }
        return certificates.map(\.der)
    }

    /// The certificate files of a folder, sorted by name.
    static func certificateFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { certificateFileExtensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Adds the certificates of files or folders to `pinnedCertificates`.
    /// - Parameter urls: files (DER or PEM) and folders (all their certificate files).
    /// - Throws: `SessionError.fileSystem` naming the first file that cannot be used.
    public mutating func pinCertificates(from urls: [URL]) throws(SessionError) {
        for url in urls {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                pinnedCertificates += try Self.certificates(inDirectory: url)
            } else {
                pinnedCertificates += try Self.certificates(contentsOf: url)
            }
        }
    }

    /// Every public key pin in force: the SPKI SHA-256 of each pinned certificate plus the
    /// explicit `pinnedPublicKeys`, all in curl's `sha256//` form. Unreadable certificates are
    /// skipped, as AFNetworking skips certificates whose key it cannot extract.
    public var effectivePublicKeyPins: Set<String> {
        var pins = pinnedPublicKeys
        for der in pinnedCertificates {
            if let certificate = X509Certificate(der: der) { pins.insert(certificate.publicKeyPin) }
        }
        return pins
    }

    /// Whether the policy has a pin its mode can use: certificates for `.certificate`,
    /// certificates or explicit key pins for `.publicKey`, never for `.none`.
    public var hasPinsForMode: Bool {
        switch pinningMode {
        case .none: false
        case .certificate: !pinnedCertificates.isEmpty
        case .publicKey: !pinnedCertificates.isEmpty || !pinnedPublicKeys.isEmpty
        }
    }
}
