import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// A loaded suite's tests are decoded from its file as the runner reaches them, by several workers at once in a
/// parallel suite; every test must run as written, rows included.
@Suite struct LoadedSuiteRunTests {
    @Test func aParallelSuiteRunsEveryTestAsWritten() async throws {
        let elements = (0..<50).map { element in
            #"{"name": "e\#(element) r{{r}}", "each": [{"r": "a"}, {"r": "b"}, {"r": "c"}, {"r": "d"}],"#
                + #" "request": {"url": "get?e=\#(element)&r={{r}}"},"#
                + #" "expect": {"status": 200, "json": [{"path": "$.args.e", "equals": "\#(element)"},"#
                + #" {"path": "$.args.r", "equals": "{{r}}"}]}}"#
        }
        let json =
            #"{"baseURL": "{{env.FIXTURES}}", "parallel": true, "tests": ["# + elements.joined(separator: ",\n")
            + "]}"
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(json, on: server)
            #expect(results.count == 200)
            #expect(Set(results.map(\.identity.testName)).count == 200)
            for result in results {
                #expect(result.status == .passed, "\(result.identity.testName): \(SuiteTextRun.failures(result))")
                #expect(result.line == 1 + Int(result.identity.testName.dropFirst().prefix { $0 != " " })!)
            }
        }
    }
}
