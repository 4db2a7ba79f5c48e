import FixtureServer
import Foundation
import Testing

@Suite struct UserRouteTests {
    @Test func crudRoundTrip() async throws {
        try await withServer { server in
            let json = ["-H", "Content-Type: application/json"]
            let list = try await Curl.run([server.http("/api/users")])
            #expect(try list.json()["count"] as? Int == 2)
            let created = try await Curl.run(
                json + ["--data", #"{"name":"Alan","role":"user"}"#, server.http("/api/users")]
            )
            #expect(created.status == 201)
            let id = try #require(try created.json()["id"] as? Int)
            #expect(created.header("location") == "/api/users/\(id)")
            let patched = try await Curl.run(
                json + ["-X", "PATCH", "--data", #"{"role":"admin"}"#, server.http("/api/users/\(id)")]
            )
            #expect(try patched.json()["role"] as? String == "admin")
            #expect(try patched.json()["name"] as? String == "Alan")
            let replaced = try await Curl.run(
                json + ["-X", "PUT", "--data", #"{"name":"Turing"}"#, server.http("/api/users/\(id)")]
            )
            #expect(try replaced.json()["role"] == nil)
            let fetched = try await Curl.run([server.http("/api/users/\(id)")])
            #expect(try fetched.json()["name"] as? String == "Turing")
            let deleted = try await Curl.run(["-X", "DELETE", server.http("/api/users/\(id)")])
            #expect(deleted.status == 204)
            let gone = try await Curl.run([server.http("/api/users/\(id)")])
            #expect(gone.status == 404)
            let invalid = try await Curl.run(json + ["--data", #"{"role":"x"}"#, server.http("/api/users")])
            #expect(invalid.status == 422)
        }
    }

    @Test func loginIssuesATokenThatMeAccepts() async throws {
        try await withServer { server in
            let login = try await Curl.run([
                "-H", "Content-Type: application/json", "--data", #"{"username":"ada","password":"secret"}"#,
                server.http("/api/login"),
            ])
            let token = try #require(try login.json()["token"] as? String)
            let me = try await Curl.run(["-H", "Authorization: Bearer \(token)", server.http("/api/me")])
            #expect(try me.json()["username"] as? String == "ada")
            let refused = try await Curl.run([
                "--data", #"{"username":"ada","password":"no"}"#, server.http("/api/login"),
            ])
            #expect(refused.status == 401)
            let user = try await Curl.run([server.http("/users/7")])
            #expect(try user.json()["email"] as? String == "user7@example.test")
        }
    }
}
