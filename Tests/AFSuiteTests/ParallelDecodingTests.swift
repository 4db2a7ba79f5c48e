import Foundation
import Testing

@testable import AFSuite

/// A long `tests` array is decoded in chunks on several threads; the outcome must be the same as in order.
@Suite struct ParallelDecodingTests {
    /// A suite of `count` tests where some have errors, templates, captures and JSONPath queries.
    static func longSuite(count: Int, parallel: Bool, brokenEvery: Int? = 37) -> String {
        var tests: [String] = []
        for i in 0..<count {
            var test = #"{"name": "t\#(i)", "request": {"url": "http://h/{{v\#(i % 5)}}"}, "#
                + #""expect": {"status": 200, "json": [{"path": "$.items[\#(i % 7)]", "equals": \#(i)}]}"#
            if i % 50 == 3 { test += #", "capture": {"c\#(i)": {"json": "$.id"}}"# }
            if let every = brokenEvery, i % every == 5 { test += #", "expcet": {}"# }
            if i == count - 2 { test += #", "description": "{{c3}} {{undefinedName}}""# }
            tests.append(test + "}")
        }
        tests.append(#"{"name": "last", "request": {"url": "http://h/{{c53}}/{{nowhere}}"}}"#)
        tests.append(#"{"name": "t1", "request": {"url": "http://h/"}}"#)   // a duplicate name
        let variables = (0..<5).map { #""v\#($0)": "x""# }.joined(separator: ", ")
        return #"{"parallel": \#(parallel), "variables": {\#(variables)}, "tests": [\#(tests.joined(separator: ",\n"))]}"#
    }

    static func outcome(_ json: String, threads: Int) -> (suite: String, errors: [String]) {
        var loader = SuiteLoader(environment: [:])
        loader.testDecodingThreads = threads
        let result = loader.loadFile(
            Fixtures.valid.appendingPathComponent("long.json"), displayPath: "long.json", data: Data(json.utf8),
            knownVariables: [])
        switch result {
        case .success(let suite): return (String(reflecting: suite), [])
        case .failure(let f): return ("", f.errors.map { $0.rendered() })
        }
    }

    @Test(arguments: [false, true])
    func chunkedDecodingReportsTheSameProblemsInTheSameOrder(parallel: Bool) {
        let json = Self.longSuite(count: 600, parallel: parallel)
        let inOrder = Self.outcome(json, threads: 1)
        let chunked = Self.outcome(json, threads: 4)
        #expect(inOrder.errors.count > 16)
        #expect(chunked.errors == inOrder.errors)
        // The captures of earlier tests are visible to later ones only in a non-parallel suite.
        #expect(inOrder.errors.contains { $0.contains("`nowhere`") })
        #expect(inOrder.errors.contains { $0.contains("`c53`") } == parallel)
        #expect(inOrder.errors.contains { $0.contains("duplicate test name `t1`") })
    }

    /// A long `tests` array is also parsed in parts; a syntax error, a repeated member name or a request's
    /// pinning problem inside it is reported exactly as the whole-document parse reports it.
    @Test(arguments: [
        (#""expect": {"status": 200,"#, #""expect": {"status": 200,,"#),
        (#"{"name": "t130", "#, #"{"name": "t130", "name": "again", "#),
        (#"{"name": "t140", "request": {"url": "http://h/{{v0}}"}"#,
         #"{"name": "t140", "request": {"url": "http://h/{{v0}}", "tls": {"pinning": "certificate"}}"#),
    ])
    func aProblemInsideAPartIsReportedAsInOrder(find: String, replace: String) throws {
        let json = Self.longSuite(count: 300, parallel: true, brokenEvery: nil)
        let range = try #require(json.range(of: find, range: json.range(of: #""t14"#)!.lowerBound..<json.endIndex)
            ?? json.range(of: find))
        let broken = json.replacingCharacters(in: range, with: replace)
        let inOrder = Self.outcome(broken, threads: 1)
        let split = Self.outcome(broken, threads: 4)
        #expect(!inOrder.errors.isEmpty)
        #expect(split.errors == inOrder.errors)
    }

    @Test func chunkedDecodingBuildsTheSameSuite() throws {
        var json = Self.longSuite(count: 400, parallel: false, brokenEvery: nil)
        json = json.replacingOccurrences(of: "{{undefinedName}}", with: "")
            .replacingOccurrences(of: "/{{nowhere}}", with: "")
            .replacingOccurrences(of: #"{"name": "t1", "request": {"url": "http://h/"}}"#,
                with: #"{"name": "other", "request": {"url": "http://h/"}}"#)
        let inOrder = Self.outcome(json, threads: 1)
        let chunked = Self.outcome(json, threads: 3)
        #expect(inOrder.errors == [])
        #expect(inOrder.suite.contains("t399"))
        #expect(chunked.suite == inOrder.suite)
    }

    @Test func aTestAfterTheLastCapturingOneSeesEveryEarlierCapture() {
        let json = #"{"tests": [{"name": "a", "request": {"url": "http://h/"}, "capture": {"id": {"json": "$.id"}}},"#
            + #"{"name": "b", "request": {"url": "http://h/"}}, {"name": "c", "request": {"url": "http://h/{{id}}"}}]}"#
        #expect(Self.outcome(json, threads: 1).errors == [])
    }
}
