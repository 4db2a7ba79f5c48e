import Foundation
import Testing

/// `afrun validate` follows `$ref`s: a problem inside a fragment is shown at the fragment's line and column,
/// with its source line, and the `$ref` that led there.
struct ReferenceValidateTests {
    @Test func aProblemInAFragmentIsShownWhereItIs() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("s/_shared/auth.json", "{\n  \"login\": {\"url\": \"/login\", \"mthod\": \"POST\"}\n}\n")
        try folder.write(
            "s/a.json",
            #"{"baseURL": "http://localhost:1", "tests": [{"name": "t", "request": {"$ref": "_shared/auth.json#/login"}}]}"#
        )
        let output = try await AfrunProcess.run(["validate", "s"], in: folder.url)
        #expect(output.status == 2, "\(output.all)")
        #expect(output.stdout.contains("--> s/_shared/auth.json:2:30"), "\(output.stdout)")
        #expect(output.stdout.contains(#"2 |   "login": {"url": "/login", "mthod": "POST"}"#))
        #expect(output.stdout.contains("= referenced from s/a.json:1:79"), "\(output.stdout)")
        #expect(output.stdout.contains("did you mean `method`?"))
        #expect(output.stdout.contains("1 suite checked"), "\(output.stdout)")
    }
}
