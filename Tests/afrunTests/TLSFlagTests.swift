import FixtureServer
import Foundation
import Testing

/// `--cacert`, `--cert` and `--key` through the built `afrun`: the fixture CA is not in the system store, and
/// the mutual-TLS variant asks for a client certificate of the fixtures' client CA.
@Suite(.serialized) struct TLSFlagTests {
    static func tls(_ name: String) -> String { ExampleRoot.root.appendingPathComponent("fixtures/tls/\(name)").path }

    static func suite(_ base: URL, tls: String = "") -> String {
        """
        {"name": "TLS", "baseURL": "\(base.absoluteString)", "tests": [
          {"name": "get", "request": {"url": "get"\(tls)}, "expect": {"status": 200}}
        ]}
        """
    }

    @Test("--cacert trusts the fixture CA where no suite names a caFile; a suite's own caFile wins")
    func caFileFlag() async throws {
        try await withFixtureServer { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write("s.json", Self.suite(server.httpsURL))
            let untrusted = try await AfrunProcess.run(["s.json", "--no-history"], in: folder.url)
            #expect(untrusted.status == 1, "\(untrusted.all)")
            let trusted = try await AfrunProcess.run(
                ["s.json", "--no-history", "--cacert", Self.tls("ca-bundle.pem")],
                in: folder.url
            )
            #expect(trusted.status == 0, "\(trusted.all)")
            // The suite trusts another root only: its caFile, not --cacert, decides.
            try folder.write(
                "own.json",
                Self.suite(server.httpsURL, tls: #", "tls": {"caFile": "\#(Self.tls("unknown-root-ca.pem"))"}"#)
            )
            let own = try await AfrunProcess.run(
                ["own.json", "--no-history", "--cacert", Self.tls("ca-bundle.pem")],
                in: folder.url
            )
            #expect(own.status == 1, "\(own.all)")
        }
    }

    @Test("--cert and --key send the client certificate the mutual-TLS server asks for")
    func clientCertificateFlags() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsVariants = [.mutualTLS]
        try await withFixtureServer(configuration) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write("s.json", Self.suite(server.url(for: .mutualTLS)))
            let ca = ["--cacert", Self.tls("ca-bundle.pem")]
            let without = try await AfrunProcess.run(["s.json", "--no-history"] + ca, in: folder.url)
            #expect(without.status == 1, "\(without.all)")
            let with = try await AfrunProcess.run(
                ["s.json", "--no-history", "--cert", Self.tls("client.pem"), "--key", Self.tls("client.key")] + ca,
                in: folder.url
            )
            #expect(with.status == 0, "\(with.all)")
            // An encrypted key without a passphrase fails at once, saying so. OpenSSL's own prompt (on the
            // terminal, else on standard error, reading standard input) would wait for someone to type it.
            let encrypted = try await AfrunProcess.run(
                ["s.json", "--no-history", "--cert", Self.tls("client.pem"), "--key", Self.tls("client-encrypted.key")]
                    + ca,
                in: folder.url
            )
            #expect(encrypted.status == 1, "\(encrypted.all)")
            #expect(encrypted.stdout.contains("is encrypted and no passphrase is given"), "\(encrypted.all)")
            #expect(!encrypted.all.contains("pass phrase:"), "\(encrypted.all)")
        }
    }

    @Test("a missing file, or --key without --cert, stops the run before anything is sent")
    func badFiles() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server.httpURL))
            let cases: [([String], String)] = [
                (["--cacert", "nowhere.pem"], "--cacert nowhere.pem: no readable file or folder there"),
                (["--cert", "nowhere.pem"], "--cert nowhere.pem: no readable file there"),
                (["--key", Self.tls("client.key")], "needs --cert: give the client certificate it belongs to"),
            ]
            for (flags, message) in cases {
                let output = try await AfrunProcess.run(["s.json", "--no-history"] + flags, in: folder.url)
                #expect(output.status == 64, "\(output.all)")
                #expect(output.stderr.contains(message), "\(output.all)")
            }
            #expect(server.recordedRequests.isEmpty)
        }
    }
}
