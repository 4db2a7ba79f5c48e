import FixtureServer
import Foundation
import Testing

/// `--seed` through the built `afrun`: the generated values a failing test sent are printed with `-v`,
/// and the same seed prints the same ones.
@Suite(.serialized) struct SeedFlagTests {
    @Test("--seed repeats the generated values, and -v prints them under a failure")
    func seedRepeatsGeneratedValues() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "s.json",
                """
                {"name": "Gen", "baseURL": "\(base)", "tests": [
                  {"name": "fails", "request": {"url": "anything/{{$uuid}}?n={{$randomInt(1,1000)}}"},
                   "expect": {"status": 299}}
                ]}
                """
            )
            func generated() async throws -> [String] {
                let output = try await AfrunProcess.run(
                    ["s.json", "--no-history", "-v", "--seed", "12"],
                    in: folder.url
                )
                #expect(output.status == 1, "\(output.all)")
                return output.stdout.split(separator: "\n").map(String.init).filter {
                    $0.hasPrefix("    $uuid = ") || $0.hasPrefix("    $randomInt(1,1000) = ")
                }
            }
            let first = try await generated()
            #expect(first.count == 2, "\(first)")
            #expect(try await generated() == first)
        }
    }
}
