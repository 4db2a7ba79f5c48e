import FixtureServer
import Foundation
import Testing

/// The terminal summary counts a suite's tests; its setup and teardown tests are counted apart, with their
/// problems, against the fixture server's users API.
@Suite(.serialized) struct PhaseSummaryTests {
    static func suite(_ server: FixtureServer, setupStatus: Int) -> String {
        """
        {"name": "P", "baseURL": "\(server.httpURL.absoluteString)/api",
         "setup": [{"name": "create", "request": {"method": "POST", "url": "users", "json": {"name": "T"}},
                    "expect": {"status": \(setupStatus)}, "capture": {"id": {"json": "$.id"}}}],
         "tests": [{"name": "read", "request": {"url": "users/{{id}}"}, "expect": {"status": 200}},
                   {"name": "list", "request": {"url": "users"}, "expect": {"status": 200}}],
         "teardown": [{"name": "delete", "request": {"method": "DELETE", "url": "users/{{id}}"},
                       "expect": {"status": 204}}]}
        """
    }

    @Test func setupAndTeardownAreCountedApart() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("p.json", Self.suite(server, setupStatus: 201))
            let output = try await AfrunProcess.run(["p.json", "--no-history"], in: folder.url)
            #expect(output.status == 0, "\(output.all)")
            #expect(
                output.stdout.contains("2 passed, 0 failed, 0 errors, 0 skipped, setup 1, teardown 1 in "),
                "\(output.stdout)"
            )
        }
    }

    @Test func aFailingSetupSaysSoBesideTheSkippedTests() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("p.json", Self.suite(server, setupStatus: 418))
            let output = try await AfrunProcess.run(["p.json", "--no-history", "-q"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(
                output.stdout.contains(
                    "0 passed, 0 failed, 0 errors, 2 skipped, setup 1 (1 failed), teardown 1 (1 error) in "
                ),
                "\(output.stdout)"
            )
        }
    }
}
