import Foundation
import NIOSSL

/// Finds the committed certificates and builds one server TLS context per variant.
enum CertificateStore {
    /// The folder holding `leaf.pem`: the configured one, else `fixtures/tls` from the working
    /// directory upwards, else the one beside this package's sources.
    static func directory(configured: URL?) throws -> URL {
        if let configured { return configured }
        let start = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var candidate = start
        while true {
            let tls = candidate.appendingPathComponent("fixtures/tls")
            if FileManager.default.fileExists(atPath: tls.appendingPathComponent("leaf.pem").path) { return tls }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { break }
            candidate = parent
        }
        // Sources/FixtureServer/Server/CertificateStore.swift -> package root.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let beside = packageRoot.appendingPathComponent("fixtures/tls")
        if FileManager.default.fileExists(atPath: beside.appendingPathComponent("leaf.pem").path) { return beside }
        throw FixtureServerError.certificatesNotFound(searchedFrom: start.path)
    }

    /// The chain and key files of a variant.
    static func files(for variant: FixtureServer.TLSVariant) -> (chain: String, key: String) {
        switch variant {
        case .valid, .mutualTLS: ("leaf-chain.pem", "leaf.key")
        case .expired: ("expired-chain.pem", "expired.key")
        case .notYetValid: ("not-yet-valid-chain.pem", "not-yet-valid.key")
        case .wrongHost: ("wrong-host-chain.pem", "wrong-host.key")
        case .selfSigned: ("self-signed-chain.pem", "self-signed.key")
        case .unknownCA: ("unknown-ca-leaf-chain.pem", "unknown-ca-leaf.key")
        }
    }

    /// A server context for `variant`, offering h2 and http/1.1 by ALPN.
    static func context(for variant: FixtureServer.TLSVariant, in directory: URL) throws -> NIOSSLContext {
        let (chainFile, keyFile) = files(for: variant)
        let chainPath = directory.appendingPathComponent(chainFile).path
        let keyPath = directory.appendingPathComponent(keyFile).path
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(chainPath) } catch {
            throw FixtureServerError.certificateUnreadable(file: chainPath, reason: "\(error)")
        }
        do { key = try NIOSSLPrivateKey(file: keyPath, format: .pem) } catch {
            throw FixtureServerError.certificateUnreadable(file: keyPath, reason: "\(error)")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(key)
        )
        configuration.applicationProtocols = ["h2", "http/1.1"]
        // Short, so a client that vanishes without close_notify does not hold a connection for long.
        configuration.shutdownTimeout = .seconds(1)
        if variant == .mutualTLS {
            let clientCA = directory.appendingPathComponent("client-ca.pem").path
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .file(clientCA)
            configuration.sendCANameList = true
        }
        do { return try NIOSSLContext(configuration: configuration) } catch {
            throw FixtureServerError.certificateUnreadable(file: chainPath, reason: "\(error)")
        }
    }
}
