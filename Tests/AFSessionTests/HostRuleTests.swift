import AFSession
import FixtureServer
import Foundation
import Testing

/// `SessionConfiguration.resolve` and `connectTo` (curl's `--resolve` and `--connect-to`): the connection goes
/// where the rule says, and the request keeps its URL's host for the `Host` header and TLS.
struct HostRuleTests {
    @Test("a resolve rule sends a name that DNS does not know to the given address, Host header unchanged")
    func resolveRuleSkipsDNS() async throws {
        try await withFixtureServer(ProxyTests.httpOnly()) { server in
            let port = try #require(server.httpURL.port)
            // `.invalid` never resolves (RFC 6761): only the rule can make this request arrive.
            let url = try #require(URL(string: "http://afrun-resolve.invalid:\(port)/get"))
            _ = await withSessionManager { session in
                await #expect(throws: SessionError.self) { _ = try await session.data(for: HTTPRequest(url: url)) }
            }
            var configuration = SessionConfiguration()
            configuration.resolve = [try ResolveRule(parsing: "afrun-resolve.invalid:\(port):127.0.0.1")]
            try await withSessionManager(configuration: configuration) { session in
                let response = try await session.data(for: HTTPRequest(url: url))
                #expect(response.response.statusCode == 200)
                #expect(server.recordedRequests.last?.header("Host") == "afrun-resolve.invalid:\(port)")
            }
        }
    }

    @Test("a connect-to rule sends a host and port to another port; an empty HOST1 matches every host")
    func connectToRuleChangesThePort() async throws {
        try await withFixtureServer(ProxyTests.httpOnly()) { server in
            let port = try #require(server.httpURL.port)
            var configuration = SessionConfiguration()
            configuration.connectTo = [try ConnectToRule(parsing: "afrun-connect.invalid:80:127.0.0.1:\(port)")]
            try await withSessionManager(configuration: configuration) { session in
                let url = try #require(URL(string: "http://afrun-connect.invalid/get?rule=named"))
                let response = try await session.data(for: HTTPRequest(url: url))
                #expect(response.response.statusCode == 200)
                #expect(server.recordedRequests.last?.header("Host") == "afrun-connect.invalid")
            }
            configuration.connectTo = [try ConnectToRule(parsing: ":81:127.0.0.1:\(port)")]
            try await withSessionManager(configuration: configuration) { session in
                let url = try #require(URL(string: "http://127.0.0.1:81/get?rule=any-host"))
                let response = try await session.data(for: HTTPRequest(url: url))
                #expect(response.response.statusCode == 200)
                #expect(server.recordedRequests.last?.uri == "/get?rule=any-host")
            }
        }
    }

    @Test("TLS checks the URL's host, not the address a rule connects to")
    func tlsKeepsTheURLsHost() async throws {
        let bundle = try #require(caBundle)
        var serverConfiguration = FixtureServer.Configuration()
        serverConfiguration.tlsVariants = [.valid]
        try await withFixtureServer(serverConfiguration) { server in
            let port = try #require(server.httpsURL.port)
            var configuration = SessionConfiguration()
            configuration.securityPolicy = SecurityPolicy(trustStore: .caFile(bundle))
            // The certificate names localhost: reached under that name, it is trusted.
            configuration.connectTo = [try ConnectToRule(parsing: "localhost:443:127.0.0.1:\(port)")]
            configuration.resolve = [try ResolveRule(parsing: "afrun-tls.invalid:\(port):127.0.0.1")]
            try await withSessionManager(configuration: configuration) { session in
                let trusted = try await session.data(
                    for: HTTPRequest(url: try #require(URL(string: "https://localhost/get")))
                )
                #expect(trusted.response.statusCode == 200)
                // The same server and address under a name the certificate does not hold.
                let other = try #require(URL(string: "https://afrun-tls.invalid:\(port)/get"))
                await #expect(throws: SessionError.self) { _ = try await session.data(for: HTTPRequest(url: other)) }
            }
        }
    }

    @Test("addressFamily keeps to one IP version: the server listens on 127.0.0.1 only")
    func addressFamily() async throws {
        try await withFixtureServer(ProxyTests.httpOnly()) { server in
            let port = try #require(server.httpURL.port)
            let url = try #require(URL(string: "http://localhost:\(port)/get"))
            var configuration = SessionConfiguration()
            configuration.addressFamily = .ipv4
            try await withSessionManager(configuration: configuration) { session in
                let response = try await session.data(for: HTTPRequest(url: url))
                #expect(response.response.statusCode == 200)
            }
            configuration.addressFamily = .ipv6
            _ = await withSessionManager(configuration: configuration) { session in
                await #expect(throws: SessionError.self) { _ = try await session.data(for: HTTPRequest(url: url)) }
            }
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test("rules are read as curl writes them and print the same way")
    func parsing() throws {
        let resolve = try ResolveRule(parsing: "api.example.com:443:127.0.0.1,[::1]")
        #expect(resolve.host == "api.example.com")
        #expect(resolve.port == 443)
        #expect(resolve.addresses == ["127.0.0.1", "::1"])
        #expect(resolve.description == "api.example.com:443:127.0.0.1,[::1]")
        #expect(try ResolveRule(parsing: "*:80:10.0.0.2").host == "*")
        #expect(try ResolveRule(parsing: "api:80:::1").addresses == ["::1"])

        let connect = try ConnectToRule(parsing: "[::1]:443:backend.internal:8443")
        #expect(connect.host == "::1")
        #expect(connect.toHost == "backend.internal")
        #expect(connect.toPort == 8443)
        #expect(connect.description == "[::1]:443:backend.internal:8443")
        let anyHost = try ConnectToRule(parsing: "::[2001:db8::1]:")
        #expect(anyHost.host == nil && anyHost.port == nil && anyHost.toPort == nil)
        #expect(anyHost.toHost == "2001:db8::1")
        #expect(anyHost.description == "::[2001:db8::1]:")
    }

    @Test(
        "a rule that cannot be used says what is wrong",
        arguments: [
            ("api:80", "it is not HOST:PORT:ADDRESS"),
            ("api:0:127.0.0.1", "\"0\" is not a port from 1 to 65535"),
            ("api:80:localhost", "\"localhost\" is not a numeric IPv4 or IPv6 address"),
            ("api:80:127.0.0.1,", "an address is empty"),
            ("a b:80:127.0.0.1", "\"a b\" is not a host name"),
            // libcurl reads a leading `-` as "remove this entry".
            ("-api:80:127.0.0.1", "\"-api\" is not a host name"),
        ]
    )
    func resolveProblems(text: String, problem: String) {
        let error = Self.error { () throws(HostRuleError) in _ = try ResolveRule(parsing: text) }
        #expect(error?.rule == text)
        #expect(error?.problem == problem)
        #expect(error?.fix.contains("HOST:PORT:ADDRESS") == true)
    }

    @Test(
        "a connect-to rule that cannot be used says what is wrong",
        arguments: [
            ("a:1:b", "it is not HOST1:PORT1:HOST2:PORT2"),
            ("a:1::", "it names neither a host nor a port to connect to"),
            ("[::1:1:b:2", "it is not HOST1:PORT1:HOST2:PORT2"),
            ("a:x:b:1", "\"x\" is not a port from 1 to 65535"),
            ("a:1:b/c:2", "\"b/c\" is not a host name or address"),
        ]
    )
    func connectToProblems(text: String, problem: String) {
        let error = Self.error { () throws(HostRuleError) in _ = try ConnectToRule(parsing: text) }
        #expect(error?.rule == text)
        #expect(error?.problem == problem)
        #expect(error?.fix.contains("HOST1:PORT1:HOST2:PORT2") == true)
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws(HostRuleError) -> Void) -> HostRuleError? {
        do throws(HostRuleError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
