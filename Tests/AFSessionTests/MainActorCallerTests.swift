import AFSession
import FixtureServer
import Foundation
import Testing

/// The APIs that take a closure and await run it on the caller's actor, so main-actor code (a view model,
/// a command's `run`) can pass a closure that uses its state. Before, this file did not compile: "sending
/// value of non-Sendable type … risks causing data races".
@MainActor @Suite struct MainActorCallerTests {
    /// Main-actor state the closures below read and write.
    @MainActor final class Model {
        var status = 0
        var fieldName = "note"
    }

    @Test func withSessionManagerRunsAMainActorClosure() async throws {
        try await withServer { server in
            let model = Model()
            try await withSessionManager { session in
                model.status = try await session.data(for: HTTPRequest(url: server.url("/status/201"))).response
                    .statusCode
            }
            #expect(model.status == 201)
        }
    }

    @Test func multipartPostBuildsTheBodyOnTheMainActor() async throws {
        try await withServer { server in
            let model = Model()
            let api = HTTPSessionManager(baseURL: server.httpURL)
            defer { api.invalidate(cancelingTasks: true) }
            let response = try await api.post("post") { form throws(SessionError) in
                form.appendPart(string: "hello", name: model.fieldName)
            }
            let form = jsonObject(response.raw.data)?["form"] as? [String: Any]
            #expect(form?["note"] as? String == "hello")
            let typed = try await api.post("post", serializer: StringResponseSerializer()) {
                form throws(SessionError) in
                form.appendPart(string: "again", name: model.fieldName)
            }
            #expect(typed.value.contains("again"))
        }
    }

    /// `withFixtureServer` on the main actor (that helper sends its closure off it).
    private func withServer(_ body: (FixtureServer) async throws -> Void) async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsPort = nil
        configuration.tlsVariants = []
        let server = try await FixtureServer.start(configuration)
        do {
            try await body(server)
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }
}
