import FixtureServer
import Foundation
import Testing

/// Remote `$ref`s in JSON Schemas: refused unless a suite sets `"allowRemoteRefs": true` in `defaults` (or
/// `afrun jsonschema --allow-remote-refs`), then fetched over HTTP from the fixture server, references to
/// references included.
@Suite struct RemoteSchemaTests {
    static func suite(_ base: String, allow: Bool, schema: String = "schemas/user.json") -> String {
        """
        {"name": "remote", "baseURL": "\(base)", "defaults": {"allowRemoteRefs": \(allow)}, "tests": [
          {"name": "good", "request": {"url": "users/7"},
           "expect": {"status": 200, "schema": {"$ref": "\(base)/\(schema)"}}},
          {"name": "broken", "request": {"url": "contract/users/x"},
           "expect": {"schema": {"$ref": "\(base)/\(schema)"}}}
        ]}
        """
    }

    @Test func anAllowedRemoteSchemaIsFetchedWithTheDocumentsItRefersTo() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write("s.json", Self.suite(base, allow: true))
            let output = try await AfrunProcess.run(["s.json", "--no-history"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("PASS  remote/good"), "\(output.stdout)")
            #expect(output.stdout.contains("FAIL  remote/broken"), "\(output.stdout)")
            // `id` is checked by id.json, which user.json names relatively.
            #expect(output.stdout.contains("/id: expected integer, got string"), "\(output.stdout)")
        }
    }

    @Test func aRemoteReferenceIsRefusedWithoutTheSwitchAndTheFixSaysWhichOne() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server.httpURL.absoluteString, allow: false))
            let output = try await AfrunProcess.run(["validate", "s.json"], in: folder.url)
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains("s.json:3:"), "\(output.all)")
            #expect(output.all.contains("remote reference"), "\(output.all)")
            #expect(output.all.contains(#""allowRemoteRefs": true"#), "\(output.all)")
            #expect(server.recordedRequests.allSatisfy { !$0.path.hasPrefix("/schemas/") })
        }
    }

    @Test(arguments: [("schemas/broken.json", "not JSON"), ("schemas/absent.json", "answered 404")])
    func anUnusableRemoteDocumentIsReportedWithItsURI(schema: String, reason: String) async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write("s.json", Self.suite(base, allow: true, schema: schema))
            let output = try await AfrunProcess.run(["validate", "s.json"], in: folder.url)
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains("\(base)/\(schema)"), "\(output.all)")
            #expect(output.all.contains(reason), "\(output.all)")
        }
    }

    @Test("an unusable remote document is reported at the $ref that names it, in the local file that has it")
    func anUnusableRemoteDocumentIsReportedAtTheReference() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write("_data/a.schema.json", #"{"items": {"$ref": "b.schema.json"}}"#)
            try folder.write(
                "_data/b.schema.json",
                "{\"type\": \"object\",\n \"properties\": {\"id\": {\"$ref\": \"\(base)/schemas/broken.json\"}}}"
            )
            try folder.write(
                "s.json",
                """
                {"name": "remote", "baseURL": "\(base)", "defaults": {"allowRemoteRefs": true}, "tests": [
                  {"name": "a", "request": {"url": "users/7"}, "expect": {"schema": "_data/a.schema.json"}}]}
                """
            )
            let output = try await AfrunProcess.run(["validate", "s.json"], in: folder.url)
            #expect(output.status == 2, "\(output.all)")
            #expect(output.all.contains("_data/b.schema.json:2:23"), "\(output.all)")
            #expect(output.all.contains("cannot load \(base)/schemas/broken.json: not JSON"), "\(output.all)")
        }
    }

    @Test func theJSONSchemaCommandFetchesRemoteReferencesOnlyWhenAllowed() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write("local.schema.json", #"{"$ref": "\#(base)/schemas/user.json"}"#)
            try folder.write("user.json", #"{"id": 3, "name": "x"}"#)
            let refused = try await AfrunProcess.run(["jsonschema", "local.schema.json", "user.json"], in: folder.url)
            #expect(refused.status == 2, "\(refused.all)")
            #expect(refused.stderr.contains("remote reference"), "\(refused.stderr)")
            let fetched = try await AfrunProcess.run(
                ["jsonschema", "--allow-remote-refs", "local.schema.json", "user.json"],
                in: folder.url
            )
            #expect(fetched.status == 0, "\(fetched.all)")
            try folder.write("bad.json", #"{"id": 0, "name": "x"}"#)
            let invalid = try await AfrunProcess.run(
                ["jsonschema", "--allow-remote-refs", "local.schema.json", "bad.json"],
                in: folder.url
            )
            #expect(invalid.status == 1, "\(invalid.all)")
            #expect(invalid.stdout.contains("/id: 0 is less than the minimum 1"), "\(invalid.stdout)")
        }
    }
}
