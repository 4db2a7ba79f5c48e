import FixtureServer
import Foundation
import Testing

/// `--with-deps`: a selected test that uses a capture of a test the selection left out gets that test run too
/// (and that test's own providers), against the fixture server's users API.
@Suite(.serialized) struct WithDepsTests {
    static func suite(_ server: FixtureServer, parallel: Bool = false) -> String {
        """
        {"name": "D", "baseURL": "\(server.httpURL.absoluteString)/api", "parallel": \(parallel), "tests": [
          {"name": "create", "request": {"method": "POST", "url": "users", "json": {"name": "Dep"}},
           "expect": {"status": 201}, "capture": {"id": {"json": "$.id"}}},
          {"name": "unrelated", "request": {"url": "users"}},
          {"name": "rename", "request": {"method": "PATCH", "url": "users/{{id}}", "json": {"name": "Dep2"}},
           "capture": {"newName": {"json": "$.name"}}},
          {"name": "read", "request": {"url": "users/{{id}}"},
           "expect": {"status": 200, "json": [{"path": "$.name", "equals": "{{newName}}"}]}}
        ]}
        """
    }

    @Test func theProvidersAndTheirProvidersRunToo() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("d.json", Self.suite(server))
            let output = try await AfrunProcess.run(
                ["d.json", "--no-history", "--filter", "D/read", "--with-deps"],
                in: folder.url
            )
            #expect(output.status == 0, "\(output.all)")
            for test in ["create", "rename", "read"] { #expect(output.stdout.contains("PASS  D/\(test)")) }
            #expect(!output.stdout.contains("D/unrelated"), "\(output.stdout)")
            #expect(output.stdout.contains("3 passed"))
            #expect(
                output.stderr.contains("note: --with-deps runs 'D/create' too: it captures `id`"),
                "\(output.stderr)"
            )
            #expect(output.stderr.contains("note: --with-deps runs 'D/rename' too: it captures `newName`"))
        }
    }

    @Test func withoutTheFlagTheErrorNamesTheProviderAndTheFlag() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("d.json", Self.suite(server))
            let output = try await AfrunProcess.run(["d.json", "--no-history", "--filter", "D/read"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("test 'create' captures it"), "\(output.stdout)")
            #expect(output.stdout.contains("or pass --with-deps"))
        }
    }

    @Test func aSelectionThatNeedsNothingIsLeftAsItIs() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("d.json", Self.suite(server))
            let output = try await AfrunProcess.run(
                ["d.json", "--no-history", "--filter", "D/unrelated", "--with-deps"],
                in: folder.url
            )
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stdout.contains("1 passed"), "\(output.stdout)")
            #expect(!output.stderr.contains("--with-deps runs"))
        }
    }
}
