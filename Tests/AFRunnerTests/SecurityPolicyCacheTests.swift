import AFSession
import AFSuite
import Foundation
import Testing

@testable import AFRunner

/// Pinned certificate files are read once per suite and spec; a spec with templates is built per test.
struct SecurityPolicyCacheTests {
    static let leaf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/tls/leaf.pem")

    @Test("a literal spec is built once: the pin file is not read again; a templated one is read per test")
    func literalSpecsAreBuiltOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.leaf, to: folder.appendingPathComponent("pin.pem"))
        let cache = SecurityPolicyCache(directory: folder, insecure: false)
        let literal = TLSSpec(pinning: "certificate", pinnedCertificates: ["pin.pem"])
        let templated = TLSSpec(pinning: "certificate", pinnedCertificates: ["{{pinFile}}"])
        let render = { (s: String) throws(RunnerError) -> String in
            s.replacingOccurrences(of: "{{pinFile}}", with: "pin.pem")
        }

        let first = try cache.policy(for: literal, render: render)
        #expect(first.pinningMode == .certificate)
        #expect(first.pinnedCertificates.count == 1)
        _ = try cache.policy(for: templated, render: render)

        // With the file gone, only the cached literal spec still builds.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("pin.pem"))
        #expect(try cache.policy(for: literal, render: render) == first)
        #expect(throws: RunnerError.self) { try cache.policy(for: templated, render: render) }
    }
}
