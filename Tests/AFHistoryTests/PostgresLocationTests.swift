import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// Reading a PostgreSQL URL, and keeping its password out of every message.
@Suite("PostgreSQL URLs")
struct PostgresLocationTests {
    @Test("a URL gives host, port, user, database, TLS mode and timeout; its description masks the password")
    func parse() throws {
        let location = try PostgresLocation(
            parsing: "postgresql://ci%40team:p%40ss-w0rd@db.example:6543/afrun?sslmode=verify-full&connect_timeout=3"
        )
        #expect(location.host == "db.example" && location.port == 6543)
        #expect(location.user == "ci@team" && location.password == "p@ss-w0rd" && location.database == "afrun")
        #expect(location.tlsMode == .verifyFull && location.connectTimeout == 3)
        #expect(location.description == "postgres://ci%40team:***@db.example:6543/afrun")
        #expect(!location.spoolFileName.contains("ss-w0rd"))
        #expect(location.scrub("auth failed for p@ss-w0rd and p%40ss-w0rd") == "auth failed for *** and ***")
        let plain = try PostgresLocation(parsing: "postgres://afrun@localhost/history")
        #expect(plain.port == 5432 && plain.tlsMode == .prefer && plain.password == nil)
        #expect(PostgresLocation.isURL("POSTGRES://x") && !PostgresLocation.isURL("history.sqlite"))
    }

    @Test(
        "a malformed URL is an error that says why, without the password",
        arguments: [
            ("postgres://afrun:hunter22@/db", "no host"),
            ("postgres://:hunter22@host/db", "no user name"),
            ("postgres://afrun:hunter22@host", "no database name"),
            ("postgres://afrun:hunter22@host/db?sslmode=always", "sslmode 'always' is not one of"),
            ("postgres://afrun:hunter22@host/db?connect_timeout=0", "connect_timeout must be"),
            ("postgres://afrun:hunter22@host/db?options=x", "unknown parameter 'options'"),
            ("postgres://afrun@host/db?password=hunter22", "write the password in the URL itself"),
            ("postgres://afrun@host/db?sslmode=disable&PassWord=hunter22&x=1", "unknown parameter 'PassWord'"),
            ("postgres://afrun@host/db?options=1&pass%77ord=hunter22", "unknown parameter 'options'"),
            ("postgres://afrun:x@[bad/db?password=hunter22", "not a URL"),
        ]
    )
    func invalid(url: String, why: String) {
        #expect {
            _ = try PostgresLocation(parsing: url)
        } throws: { error in
            let text = "\(error)"
            return text.contains(why) && !text.contains("hunter22") && text.contains("postgres://USER:PASSWORD@")
        }
    }

    @Test("a recorded command line masks the password of --db URL and --db=URL")
    func commandLine() {
        let masked = SinkRedactor.commandLine([
            "afrun", "run", "--db", "postgres://afrun:hunter22@db/h", "--db=postgres://afrun:hunter22@db/h",
        ])
        #expect(!masked.joined(separator: " ").contains("hunter22"), "\(masked)")
        #expect(masked.contains("--db=postgres://afrun:***@db/h"))
    }
}
