import FixtureServer
import Foundation
import Testing

/// `afrun run --resolve` and `--connect-to`, through the built `afrun` against the fixture server: a name DNS
/// does not know reaches the server, with the URL's host in the `Host` header.
@Suite(.serialized) struct HostRuleFlagTests {
    static func suite(url: String) -> String {
        """
        {"name": "Rules", "tests": [
          {"name": "echo", "request": {"url": "\(url)"}, "expect": {"status": 200}}
        ]}
        """
    }

    @Test("--resolve and --connect-to send names DNS does not know to the fixture server")
    func rulesReachTheServer() async throws {
        try await withPlainFixture { folder, server in
            let port = try #require(server.httpURL.port)
            // `.invalid` never resolves: without a rule the request fails.
            try folder.write("resolve.json", Self.suite(url: "http://afrun-cli.invalid:\(port)/anything/resolve"))
            let unruled = try await AfrunProcess.run(["resolve.json", "--no-history"], in: folder.url)
            #expect(unruled.status == 1, "\(unruled.all)")
            #expect(server.recordedRequests.isEmpty)

            let resolved = try await AfrunProcess.run(
                ["resolve.json", "--no-history", "--resolve", "afrun-cli.invalid:\(port):127.0.0.1"],
                in: folder.url
            )
            #expect(resolved.status == 0, "\(resolved.all)")
            #expect(server.recordedRequests.last?.header("Host") == "afrun-cli.invalid:\(port)")

            try folder.write("connect.json", Self.suite(url: "http://afrun-cli.invalid/anything/connect"))
            let connected = try await AfrunProcess.run(
                ["connect.json", "--no-history", "--connect-to", "afrun-cli.invalid:80:127.0.0.1:\(port)"],
                in: folder.url
            )
            #expect(connected.status == 0, "\(connected.all)")
            #expect(server.recordedRequests.last?.uri == "/anything/connect")
            #expect(server.recordedRequests.last?.header("Host") == "afrun-cli.invalid")
        }
    }

    @Test("-4 keeps to IPv4 addresses, -6 to IPv6 ones; both at once is a usage error")
    func addressFamilyFlags() async throws {
        try await withPlainFixture { folder, server in
            let port = try #require(server.httpURL.port)
            // The fixture server listens on 127.0.0.1 only.
            try folder.write("s.json", Self.suite(url: "http://localhost:\(port)/get"))
            let v4 = try await AfrunProcess.run(["s.json", "--no-history", "-4"], in: folder.url)
            #expect(v4.status == 0, "\(v4.all)")
            let v6 = try await AfrunProcess.run(["s.json", "--no-history", "--ipv6"], in: folder.url)
            #expect(v6.status == 1, "\(v6.all)")
            let both = try await AfrunProcess.run(["s.json", "--no-history", "-4", "-6"], in: folder.url)
            #expect(both.status == 64, "\(both.all)")
            #expect(both.stderr.contains("--ipv4 and --ipv6 cannot be used together"), "\(both.all)")
            // libcurl drops a rule's addresses of the other version: a rule left with none is refused up front.
            let dropped = try await AfrunProcess.run(
                ["s.json", "--no-history", "-4", "--resolve", "localhost:\(port):[::1]"],
                in: folder.url
            )
            #expect(dropped.status == 64, "\(dropped.all)")
            #expect(
                dropped.stderr.contains(
                    "--resolve \"localhost:\(port):[::1]\" gives only IPv6 addresses, which --ipv4 leaves out"
                ),
                "\(dropped.all)"
            )
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test("a rule that cannot be used names the flag, the rule, the problem and how to write it")
    func badRules() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(url: server.httpURL.appendingPathComponent("get").absoluteString))
            let resolve = try await AfrunProcess.run(
                ["s.json", "--no-history", "--resolve", "api.example.com:443:localhost"],
                in: folder.url
            )
            #expect(resolve.status == 64, "\(resolve.all)")
            #expect(
                resolve.stderr.contains(
                    "--resolve \"api.example.com:443:localhost\": \"localhost\" is not a numeric IPv4 or IPv6 address"
                ),
                "\(resolve.all)"
            )
            #expect(resolve.stderr.contains("write HOST:PORT:ADDRESS"), "\(resolve.all)")
            let connect = try await AfrunProcess.run(
                ["s.json", "--no-history", "--connect-to", "api.example.com:443"],
                in: folder.url
            )
            #expect(connect.status == 64, "\(connect.all)")
            #expect(connect.stderr.contains("--connect-to \"api.example.com:443\": it is not HOST1:PORT1:HOST2:PORT2"))
            #expect(server.recordedRequests.isEmpty)
        }
    }
}
