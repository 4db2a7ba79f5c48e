import FixtureServer
import Foundation
import Testing

@Suite struct EchoRouteTests {
    @Test func getEchoesArgsWithRepeatedKeysAsArraysAndHeaders() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/get?a=1&b=x%20y&a=2&c=plus+sign"), "-H", "X-Probe: 42"])
            #expect(result.exitCode == 0)
            #expect(result.status == 200)
            #expect(result.header("content-type") == "application/json")
            let json = try result.json()
            let args = try #require(json["args"] as? [String: Any])
            #expect(args["a"] as? [String] == ["1", "2"])
            #expect(args["b"] as? String == "x y")
            #expect(args["c"] as? String == "plus sign")
            #expect((json["headers"] as? [String: String])?["X-Probe"] == "42")
            #expect(json["method"] as? String == "GET")
            #expect((json["url"] as? String)?.hasSuffix("/get?a=1&b=x%20y&a=2&c=plus+sign") == true)
            #expect(server.recordedRequests(path: "/get").first?.header("x-probe") == "42")
            #expect(server.requestCount(on: .plain) == 1)
        }
    }

    @Test func postEchoesJSONBody() async throws {
        try await withServer { server in
            let result = try await Curl.run([
                server.http("/post"), "-H", "Content-Type: application/json", "--data", #"{"n":3,"s":"x"}"#,
            ])
            let json = try result.json()
            #expect(json["data"] as? String == #"{"n":3,"s":"x"}"#)
            let body = try #require(json["json"] as? [String: Any])
            #expect(body["n"] as? Int == 3)
            #expect(body["s"] as? String == "x")
        }
    }

    @Test func postEchoesURLEncodedForm() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/post"), "--data", "name=Ada+L&tag=a&tag=b"])
            let form = try #require(try result.json()["form"] as? [String: Any])
            #expect(form["name"] as? String == "Ada L")
            #expect(form["tag"] as? [String] == ["a", "b"])
        }
    }

    @Test(arguments: ["PUT", "PATCH", "DELETE", "OPTIONS", "POST"])
    func anythingAcceptsEveryMethodAndDeepPaths(method: String) async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/anything/a/b?q=1"), "-X", method, "--data", "payload"])
            #expect(result.status == 200)
            let json = try result.json()
            #expect(json["method"] as? String == method)
            #expect(json["data"] as? String == "payload")
        }
    }

    @Test func methodSpecificRoutesRejectOtherMethodsAndUnknownPathsAre404() async throws {
        try await withServer { server in
            let wrongMethod = try await Curl.run([server.http("/post")])
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("allow") == "POST")
            let missing = try await Curl.run([server.http("/no/such/route")])
            #expect(missing.status == 404)
            let head = try await Curl.run([server.http("/get"), "--head"])
            #expect(head.status == 200)
            // curl --head writes the head where the body would go: no JSON may follow it.
            #expect(!head.text.contains("{"))
            #expect(head.header("content-length").flatMap(Int.init) ?? 0 > 0)
        }
    }

    @Test func headersAndUUID() async throws {
        try await withServer { server in
            let headers = try await Curl.run([server.http("/headers"), "-H", "X-One: 1"])
            #expect((try headers.json()["headers"] as? [String: String])?["X-One"] == "1")
            let uuid = try await Curl.run([server.http("/uuid")])
            let text = try #require(try uuid.json()["uuid"] as? String)
            #expect(UUID(uuidString: text) != nil)
        }
    }
}
