import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// The serializers through `HTTPSessionManager` against the fixture server: what arrived is
/// checked from the server's echo, byte for byte where it matters.
@Suite struct SerializationEndToEndTests {
    /// An HTTP-only fixture server and a manager on it, both shut down afterwards.
    static func withManager<T: Sendable>(
        _ body: (FixtureServer, HTTPSessionManager) async throws -> T
    ) async throws -> T {
        var configuration = FixtureServer.Configuration()
        configuration.tlsPort = nil
        configuration.tlsVariants = []
        configuration.recordsRequests = false
        return try await withFixtureServer(configuration) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            do {
                let result = try await body(server, manager)
                await manager.shutdown()
                return result
            } catch {
                await manager.shutdown()
                throw error
            }
        }
    }

    static func echo(_ response: SerializedResponse<any Sendable>) throws -> [String: Any] {
        let data = try #require(response.value as? Data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        "GET query strings arrive exactly as AF writes them",
        arguments: [
            (
                ParameterValue.dictionary(["user": ["name": "ann", "age": 7], "ids": [3, 1]]),
                "ids%5B%5D=3&ids%5B%5D=1&user%5Bage%5D=7&user%5Bname%5D=ann"
            ),
            (["flag": nil, "s": .set(["b", "a"])], "flag&s=a&s=b"),
            (["q": "a b+c/?&", "e": "👴🏿é"], "e=%F0%9F%91%B4%F0%9F%8F%BF%C3%A9&q=a%20b%2Bc/?%26"),
        ] as [(ParameterValue, String)]
    )
    func queryStrings(parameters: ParameterValue, query: String) async throws {
        try await Self.withManager { _, manager in
            let echo = try Self.echo(try await manager.get("anything/q?x=0", parameters: parameters))
            let url = try #require(echo["url"] as? String)
            #expect(url.hasSuffix("/anything/q?x=0&" + query))
        }
    }

    @Test("form, JSON and property-list bodies arrive with their content types")
    func bodies() async throws {
        try await Self.withManager { _, manager in
            let form = try Self.echo(try await manager.post("anything", parameters: ["a": ["b": "c d"], "n": 1]))
            #expect(form["data"] as? String == "a%5Bb%5D=c%20d&n=1")
            #expect((form["form"] as? [String: Any])?["a[b]"] as? String == "c d")
            #expect(
                (form["headers"] as? [String: Any])?["Content-Type"] as? String == "application/x-www-form-urlencoded"
            )

            manager.requestSerializer = JSONRequestSerializer(writingOptions: [.sortedKeys])
            let json = try Self.echo(try await manager.put("anything", parameters: ["z": [1, true], "a": "é"]))
            #expect(json["data"] as? String == "{\"a\":\"é\",\"z\":[1,true]}")

            manager.requestSerializer = PropertyListRequestSerializer(format: .xml)
            let plist = try Self.echo(try await manager.patch("anything", parameters: ["k": "v"]))
            let text = try #require(plist["data"] as? String)
            #expect(text.hasPrefix("<?xml") && text.contains("<key>k</key>"))
        }
    }

    @Test("default headers and Basic authorization reach the server")
    func headers() async throws {
        try await Self.withManager { _, manager in
            var serializer = HTTPRequestSerializer()
            serializer.setAuthorizationHeader(username: "user", password: "p@ss")
            manager.requestSerializer = serializer
            let auth = try await manager.get("basic-auth/user/p@ss", serializer: JSONResponseSerializer())
            #expect(auth.value == ["authenticated": true, "user": "user"])
            let echo = try Self.echo(try await manager.get("anything"))
            let headers = try #require(echo["headers"] as? [String: Any])
            #expect((headers["User-Agent"] as? String)?.hasPrefix("afrun/") == true)
            #expect((headers["Accept-Language"] as? String)?.contains(";q=1") == true)
        }
    }

    @Test("response serializers decode the fixture documents")
    func responseSerializers() async throws {
        try await Self.withManager { _, manager in
            var json = JSONResponseSerializer()
            json.removesKeysWithNullValues = true
            let library = try await manager.get("json", serializer: json).value
            guard case .dictionary(let root)? = library, case .dictionary(let inner)? = root["library"],
                case .array(let books)? = inner["books"], case .dictionary(let third)? = books.last
            else {
                Issue.record("unexpected JSON \(String(describing: library))")
                return
            }
            #expect(third["isbn"] == nil)
            #expect(third["available"] == true)

            let xml = try await manager.get("xml", serializer: XMLDocumentResponseSerializer()).value
            #expect(xml.rootElementName == "library")

            let parser = try await manager.get("xml", serializer: XMLParserResponseSerializer()).value
            #expect(parser.makeParser().parse())

            let compound = CompoundResponseSerializer([JSONResponseSerializer(), ImageResponseSerializer()])
            #expect(try await manager.get("json", serializer: compound).value.serializerIndex == 0)
            #expect(try await manager.get("image/png", serializer: compound).value.serializerIndex == 1)
            let fallback = try await manager.get("html", serializer: compound).value
            #expect(fallback.serializerIndex == nil && fallback.value is Data)

            for (path, format) in [("image/png", ImageInfo.Format.png), ("image/jpeg", .jpeg), ("image/gif", .gif)] {
                let info = try await manager.get(path, serializer: ImageResponseSerializer()).value
                #expect(info.format == format)
                #expect(info.width > 0 && info.height > 0)
            }
        }
    }

    @Test(
        "validation failures carry the response and the body",
        arguments: [
            ("status/404", ResponseValidationFailure.Reason.unacceptableStatusCode(404)),
            ("html", .unacceptableContentType("text/html")),
        ]
    )
    func validationFailures(path: String, reason: ResponseValidationFailure.Reason) async throws {
        try await Self.withManager { _, manager in
            do {
                _ = try await manager.get(path, serializer: JSONResponseSerializer())
                Issue.record("\(path) must fail validation")
            } catch {
                guard case .responseValidation(let failure) = error as? SessionError else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(failure.reason == reason)
                #expect(failure.response.url.path.hasSuffix(path))
                if path == "html" { #expect(String(decoding: failure.data, as: UTF8.self).contains("<html")) }
            }
        }
    }
}
