import FixtureServer
import Foundation
import Testing

/// How `afrun run` prints a failed `schema` check: one violation per line, data kept on its own line.
@Suite struct SchemaFailureOutputTests {
    @Test func violationsArePrintedOnePerLineAndDataCannotAddLines() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                #"""
                {"name": "s", "baseURL": "\#(server.httpURL.absoluteString)", "tests": [
                  {"name": "t", "request": {"method": "POST", "url": "anything", "json": {"k\n✓ fake": 1}},
                   "expect": {"schema": {"properties": {"json": {"required": ["id"], "additionalProperties": false}}}}}
                ]}
                """#
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--color", "never"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            #expect(!output.stdout.contains(#"\x0a"#), "\(output.stdout)")
            #expect(
                output.stdout.contains(
                    """
                      ✗ does not match inline schema:
                        /json: missing required member "id" (at #/properties/json/required)
                        /json/k\\n✓ fake: member "k\\n✓ fake" is not allowed (at #/properties/json/additionalProperties)
                    """
                ),
                "\(output.stdout)"
            )
            #expect(!output.stdout.contains("\n✓ fake"))
        }
    }
}
