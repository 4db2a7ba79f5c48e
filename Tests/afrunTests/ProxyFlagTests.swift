import FixtureServer
import Foundation
import Testing

/// `http_proxy` and `no_proxy` from the environment (read by libcurl, as curl does), `--proxy` and
/// `--noproxy`, through the built `afrun` with the fixture server as the proxy.
@Suite(.serialized) struct ProxyFlagTests {
    /// Nothing listens on port 1: a request sent to this proxy fails at once.
    static let closedProxy = "http://127.0.0.1:1"

    static func suite(url: String) -> String {
        """
        {"name": "Proxy", "tests": [
          {"name": "echo", "request": {"url": "\(url)"}, "expect": {"status": 200}}
        ]}
        """
    }

    @Test("http_proxy in the environment carries the request; --proxy replaces it")
    func environmentProxyAndTheFlag() async throws {
        try await withPlainFixture { folder, server in
            // `.invalid` never resolves: only a proxy can answer.
            try folder.write("s.json", Self.suite(url: "http://afrun-env-proxy.invalid/anything/env"))
            let fromEnvironment = try await AfrunProcess.run(
                ["s.json", "--no-history"],
                in: folder.url,
                environment: ["http_proxy": server.httpURL.absoluteString]
            )
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.all)")
            #expect(server.recordedRequests.last?.uri == "http://afrun-env-proxy.invalid/anything/env")

            let flag = try await AfrunProcess.run(
                ["s.json", "--no-history", "--proxy", server.httpURL.absoluteString],
                in: folder.url,
                environment: ["http_proxy": Self.closedProxy]
            )
            #expect(flag.status == 0, "\(flag.all)")
            #expect(server.recordedRequests.count == 2)
        }
    }

    @Test("no_proxy and --noproxy send the listed hosts directly; --proxy \"\" ignores http_proxy")
    func bypasses() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                Self.suite(url: server.httpURL.appendingPathComponent("anything/direct").absoluteString)
            )
            let closed = ["http_proxy": Self.closedProxy]
            let refused = try await AfrunProcess.run(["s.json", "--no-history"], in: folder.url, environment: closed)
            #expect(refused.status == 1, "\(refused.all)")
            #expect(server.recordedRequests.isEmpty)

            let noProxy = try await AfrunProcess.run(
                ["s.json", "--no-history"],
                in: folder.url,
                environment: closed.merging(["no_proxy": "127.0.0.1"]) { a, _ in a }
            )
            #expect(noProxy.status == 0, "\(noProxy.all)")
            let flag = try await AfrunProcess.run(
                ["s.json", "--no-history", "--noproxy", "localhost,127.0.0.1"],
                in: folder.url,
                environment: closed
            )
            #expect(flag.status == 0, "\(flag.all)")
            let none = try await AfrunProcess.run(
                ["s.json", "--no-history", "--proxy", ""],
                in: folder.url,
                environment: closed
            )
            #expect(none.status == 0, "\(none.all)")
            #expect(server.recordedRequests.map(\.uri) == Array(repeating: "/anything/direct", count: 3))
        }
    }
}
