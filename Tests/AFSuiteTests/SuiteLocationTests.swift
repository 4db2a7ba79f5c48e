import Foundation
import JSONPath
import Testing

@testable import AFSuite

/// Locations are computed from byte offsets only when asked for: they must still be exact, on
/// generated one-line suites (long lines, non-ASCII text) as much as on hand-written ones.
@Suite struct SuiteLocationTests {
    /// A one-line suite of `count` tests whose names hold non-ASCII characters.
    static func oneLineSuite(count: Int, broken: Int? = nil) -> String {
        let tests = (0..<count).map { i in
            let status = i == broken ? "\"2xy\"" : "200"
            return "{\"name\": \"gét ✓ \(i)\", \"request\": {\"url\": \"http://h/item?i=\(i)\"}, "
                + "\"expect\": {\"status\": \(status), \"json\": [{\"path\": \"$.id\", \"equals\": 1}]}}"
        }
        return "{\"name\": \"bench\", \"parallel\": true, \"tests\": [" + tests.joined(separator: ", ") + "]}"
    }

    @Test func testAndAssertionLocationsOnALongLine() throws {
        let text = Self.oneLineSuite(count: 300)
        let suite = try load(text).get()
        let (_, map) = try JSONValue.parseWithLocations(Data(text.utf8))
        for (i, test) in suite.tests.enumerated() {
            let expected = try #require(map.location(of: "/tests/\(i)"))
            #expect(test.location.line == 1)
            #expect(test.location.column == expected.column)
            let assertion = try #require(test.expect.json.first?.location)
            #expect(assertion.column == map.location(of: "/tests/\(i)/expect/json/0")?.column)
        }
    }

    /// A test's and an assertion's pointer is the written place's; it equals, encodes and decodes as
    /// the written text would.
    @Test func placesGiveTheirPointerWhenRead() throws {
        let suite = try load(Self.oneLineSuite(count: 12)).get()
        let test = suite.tests[11]
        #expect(test.location.pointer == "/tests/11")
        let assertion = try #require(test.expect.json.first?.location)
        #expect(assertion.pointer == "/tests/11/expect/json/0")
        let written = AFSuite.SourceLocation(
            file: assertion.file,
            line: assertion.line,
            column: assertion.column,
            pointer: "/tests/11/expect/json/0"
        )
        #expect(assertion == written)
        #expect(Set([assertion, written]).count == 1)
        let decoded = try JSONDecoder().decode(AFSuite.SourceLocation.self, from: JSONEncoder().encode(assertion))
        #expect(decoded == written)
        #expect(decoded.pointer == "/tests/11/expect/json/0")
        var moved = assertion
        moved.pointer = "/elsewhere"
        #expect(moved.pointer == "/elsewhere")
        #expect(moved != assertion)
    }

    @Test func aDiagnosticDeepInALongLineHasItsExactColumn() throws {
        let text = Self.oneLineSuite(count: 200, broken: 150)
        let errors = diagnostics(text)
        #expect(errors.count == 1)
        let location = try #require(errors.first?.location)
        let expected = try #require(position(of: "\"2xy\"", in: text))
        #expect(location.line == 1)
        #expect(location.column == expected.column)
        #expect(location.pointer == "/tests/150/expect/status")
    }

    @Test func compiledQueriesComeWithJSONAssertions() throws {
        let suite = try load(Self.oneLineSuite(count: 2)).get()
        let assertion = try #require(suite.tests.first?.expect.json.first)
        #expect(assertion.query?.expression == "$.id")
    }

    @Test func repeatedKeysAreStillReportedWithTheirLines() throws {
        let text =
            "{\"name\": \"s\", \"tests\": [\n  {\"name\": \"a\", \"name\": \"b\", \"request\": {\"url\": \"http://h/\"}}\n]}"
        let errors = diagnostics(text)
        #expect(errors.count == 1)
        #expect(errors.first?.location?.line == 2)
        #expect(errors.first?.location?.column == 17)
    }
}
