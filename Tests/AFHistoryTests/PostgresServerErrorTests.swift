import Foundation
import Testing

@testable import AFHistory

/// What a PostgreSQL server that refuses the client says, one sentence each, with the password masked: the
/// server of `AFRUN_TEST_POSTGRES_URL` asked with a wrong password, no password, and a database it lacks.
@Suite("PostgreSQL refusals", .enabled(if: Backend.postgresURL != nil, Backend.skipMessage))
struct PostgresServerErrorTests {
    /// The message of the error connecting to the test server with `change` made to its URL.
    static func connectError(_ change: (inout PostgresLocation) -> Void) throws -> String {
        var location = try PostgresLocation(parsing: try #require(Backend.postgresURL))
        change(&location)
        do {
            let session = try PostgresSession.connect(location)
            session.close()
            return "connected"
        } catch {
            return "\(error)"
        }
    }

    @Test("a wrong password: the server's words and SQLSTATE, the password masked")
    func wrongPassword() throws {
        let text = try Self.connectError { $0.password = "not-the-password" }
        #expect(text.contains(#"password authentication failed for user "afrun" (SQLSTATE 28P01)"#), "\(text)")
        #expect(!text.contains("not-the-password") && !text.contains("\n"), "\(text)")
        #expect(text.hasSuffix("check the host, port, user, password and database in --db or AFRUN_DB"), "\(text)")
    }

    @Test("no password where the server asks for one: says so and how to write it")
    func noPassword() throws {
        let text = try Self.connectError { $0.password = nil }
        #expect(text.contains("the server asks for the password of user 'afrun' and the URL has none"), "\(text)")
        #expect(text.contains("postgres://USER:PASSWORD@HOST/DATABASE"), "\(text)")
        #expect(!text.contains("authMechanismRequiresPassword"), "\(text)")
    }

    @Test("a database the server does not have: named, with the server's SQLSTATE")
    func unknownDatabase() throws {
        let url = try #require(Backend.postgresURL)
        let password = try #require(try PostgresLocation(parsing: url).password)
        let text = try Self.connectError { $0.database = "afrun_no_such_database" }
        #expect(text.contains(#"database "afrun_no_such_database" does not exist (SQLSTATE 3D000)"#), "\(text)")
        #expect(!text.contains(password) && !text.contains("\n"), "\(text)")
    }
}
