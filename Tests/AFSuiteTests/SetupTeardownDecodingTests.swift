import Foundation
import Testing

@testable import AFSuite

/// `setup` and `teardown`: tests like any other, whose captures the variable check lets flow setup → tests →
/// teardown, and whose names share the suite's namespace.
@Suite struct SetupTeardownDecodingTests {
    static let create =
        #"{"name": "create", "request": {"method": "POST", "url": "http://h/users"}, "capture": {"id": {"json": "$.id"}}}"#
    static let delete = #"{"name": "delete", "request": {"method": "DELETE", "url": "http://h/users/{{id}}"}}"#

    @Test(arguments: [false, true])
    func setupCapturesAreVisibleToTestsAndTeardownInAnySuite(parallel: Bool) throws {
        let suite = try load(
            """
            {"parallel": \(parallel), "setup": [\(Self.create)],
             "tests": [{"name": "read", "request": {"url": "http://h/users/{{id}}"}}],
             "teardown": [\(Self.delete)]}
            """
        ).get()
        #expect(suite.setup.map(\.name) == ["create"])
        #expect(suite.tests.map(\.name) == ["read"])
        #expect(suite.teardown.map(\.name) == ["delete"])
    }

    @Test func aTestsCaptureReachesTheTeardownOfASequentialSuiteOnly() throws {
        let json = { (parallel: Bool) in
            """
            {"parallel": \(parallel), "tests": [\(Self.create)], "teardown": [\(Self.delete)]}
            """
        }
        #expect(throws: Never.self) { try load(json(false)).get() }
        let found = diagnostics(json(true)).map(\.description)
        #expect(found.count == 1 && found[0].contains("undefined variable `id`"), "\(found)")
    }

    @Test func aSetupTestCannotUseATestsCapture() throws {
        let json = """
            {"setup": [{"name": "early", "request": {"url": "http://h/{{id}}"}}],
             "tests": [\(Self.create)]}
            """
        let found = diagnostics(json)
        #expect(found.count == 1, "\(found)")
        let d = try #require(found.first)
        #expect(d.description.contains("undefined variable `id`"), "\(d.description)")
        let place = try #require(position(of: "{{id}}", in: json))
        #expect(d.location?.line == place.line && d.location?.column == place.column, "\(d)")
    }

    @Test func aSetupNameTakenByATestIsReportedAtTheSetupTest() throws {
        let json = """
            {"tests": [{"name": "same", "request": {"url": "http://h/"}}],
             "teardown": [{"name": "same", "request": {"url": "http://h/"}}]}
            """
        let found = diagnostics(json)
        #expect(found.count == 1, "\(found)")
        let d = try #require(found.first)
        #expect(d.description.contains("duplicate test name `same` (first used on line 1)"), "\(d.description)")
        #expect(d.location?.line == 2, "\(d)")
    }

    @Test func setupMustBeAnArrayOfValidTests() throws {
        let found = diagnostics(
            #"{"setup": {"name": "x"}, "tests": [], "teardown": [{"name": "t", "reqest": {"url": "http://h/"}}]}"#
        ).map(\.description)
        #expect(found.contains { $0.contains("`setup`") && $0.contains("an array of tests") }, "\(found)")
        #expect(found.contains { $0.contains("unknown key `reqest`") }, "\(found)")
    }
}
