import AFSession
import FixtureServer
import Foundation
import Testing

/// AFNetworking's base-URL rule, the HTTP verbs through the serializers, and the AF-style API.
struct HTTPSessionManagerTests {
    static let resolution: [(String, String, String)] = [
        ("http://h.test/api", "users", "http://h.test/api/users"),
        ("http://h.test/api/", "users", "http://h.test/api/users"),
        ("http://h.test", "users", "http://h.test/users"),
        ("http://h.test/", "users/1", "http://h.test/users/1"),
        ("http://h.test/api", "/root", "http://h.test/root"),
        ("http://h.test/api/v1", "../v2/x", "http://h.test/api/v2/x"),
        ("http://h.test/api", "http://other.test/x", "http://other.test/x"),
        ("http://h.test/api", "?q=1", "http://h.test/api/?q=1"),
    ]

    @Test(arguments: resolution)
    func baseURLRuleAndRelativeResolution(base: String, path: String, expected: String) async throws {
        let manager = HTTPSessionManager(baseURL: URL(string: base)!)
        defer { manager.invalidate(cancelingTasks: true) }
        #expect(try manager.url(for: path).absoluteString == expected)
    }

    @Test func getSendsParametersInTheQueryAndDecodesWithTheDefaultSerializer() async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            let response = try await manager.get("get", parameters: ["name": "a b", "n": 2])
            let data = try #require(response.value as? Data)
            let args = jsonObject(data)?["args"] as? [String: Any]
            #expect(args?["name"] as? String == "a b")
            #expect("\(args?["n"] ?? "")" == "2")
            await manager.shutdown()
        }
    }

    @Test func postSendsAFormBody() async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            let response = try await manager.post("post", parameters: ["k": "v"])
            let echo = jsonObject(try #require(response.value as? Data))
            #expect((echo?["form"] as? [String: Any])?["k"] as? String == "v")
            #expect(response.raw.request.headers["Content-Type"] == "application/x-www-form-urlencoded")
            await manager.shutdown()
        }
    }

    @Test(arguments: [HTTPMethod.put, .patch, .delete])
    func otherVerbsReachTheServer(method: HTTPMethod) async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            let response: SerializedResponse<any Sendable>
            switch method {
            case .put: response = try await manager.put("anything", parameters: ["a": 1])
            case .patch: response = try await manager.patch("anything", parameters: ["a": 1])
            default: response = try await manager.delete("anything", parameters: ["a": 1])
            }
            #expect(jsonObject(try #require(response.value as? Data))?["method"] as? String == method.rawValue)
            await manager.shutdown()
        }
    }

    @Test func headReturnsTheRawResponse() async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            let response = try await manager.head("get")
            #expect(response.response.statusCode == 200)
            #expect(response.data.isEmpty)
            await manager.shutdown()
        }
    }

    @Test func unacceptableStatusFailsValidationWithTheBody() async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            do {
                _ = try await manager.get("status/404")
                Issue.record("404 must fail validation")
            } catch {
                guard case .responseValidation(let failure)? = error as? SessionError else {
                    Issue.record("expected .responseValidation, got \(error)")
                    return
                }
                #expect(failure.response.statusCode == 404)
            }
            await manager.shutdown()
        }
    }

    @Test func explicitSerializerOverloadKeepsItsType() async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            var serializer = HTTPResponseSerializer()
            serializer.acceptableStatusCodes = IndexSet(integer: 418)
            let response: SerializedResponse<Data> = try await manager.get("status/418", serializer: serializer)
            #expect(response.raw.response.statusCode == 418)
            await manager.shutdown()
        }
    }

    @Test func completionStyleCallsSuccessOrFailureOnce() async throws {
        try await withFixtureServer(noTLS) { server in
            let manager = HTTPSessionManager(baseURL: server.httpURL)
            let ok: Bool = await withCheckedContinuation { continuation in
                let task = manager.get(
                    "get",
                    success: { _, value in continuation.resume(returning: value is Data) },
                    failure: { _, _ in continuation.resume(returning: false) }
                )
                #expect(task?.state == .running || task?.state == .completed)
            }
            #expect(ok)
            let failed: SessionError? = await withCheckedContinuation { continuation in
                manager.get(
                    "status/500",
                    success: { _, _ in continuation.resume(returning: nil) },
                    failure: { task, error in continuation.resume(returning: task == nil ? nil : error) }
                )
            }
            guard case .responseValidation? = failed else {
                Issue.record("expected .responseValidation, got \(String(describing: failed))")
                return
            }
            await manager.shutdown()
        }
    }
}
