import AFSession
import Foundation

/// The committed certificates in `fixtures/tls/` (made by `make-certs.sh`).
enum TLSFixtures {
    /// `fixtures/tls`, found from this source file (Tests/AFSessionTests/Security/…).
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/tls")

    /// A fixture file's URL.
    static func url(_ file: String) -> URL { directory.appendingPathComponent(file) }

    /// `NAME.der`.
    static func der(_ name: String) throws -> Data { try Data(contentsOf: url("\(name).der")) }

    /// The certificates of `NAME-chain.pem`, as a server sends them (leaf first).
    static func chain(_ name: String) throws -> [Data] {
        try SecurityPolicy.certificates(contentsOf: url("\(name)-chain.pem"))
    }

    /// `pins.txt`: fixture name → `sha256//…` pin computed by the openssl CLI.
    static func pins() throws -> [String: String] {
        let text = try String(contentsOf: url("pins.txt"), encoding: .utf8)
        var pins: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { pins[String(parts[0])] = String(parts[1]) }
        }
        return pins
    }

    /// A fixed evaluation time inside every valid certificate's period (2024–2124), after the
    /// expired one (2000–2001) and before the not-yet-valid one (2100–2124): tests do not rot.
    static let evaluationDate = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28

    /// The fixture root as the only trusted CA.
    static var rootTrustStore: TrustStore { .caFile(url("ca-bundle.pem")) }
}
