import Foundation
import Testing

@testable import AFSuite

/// `tags` on a suite and on a test: a test carries its suite's tags and its own, and a malformed tag is
/// reported where it is written.
@Suite struct TagDecodingTests {
    @Test func testsCarryTheSuitesTagsThenTheirOwnWithoutRepeats() throws {
        let suite = try load(
            """
            {"tags": ["api", "smoke"], "tests": [
              {"name": "a", "tags": ["slow", "smoke", "slow"], "request": {"url": "http://h/"}},
              {"name": "b", "request": {"url": "http://h/"}}
            ]}
            """
        ).get()
        #expect(suite.tags == ["api", "smoke"])
        #expect(suite.tests.map(\.tags) == [["api", "smoke", "slow"], ["api", "smoke"]])
    }

    @Test func eachRowOfADataDrivenTestCarriesTheTags() throws {
        let suite = try load(
            #"{"tests": [{"name": "t {{n}}", "tags": ["rows"], "each": [{"n": 1}, {"n": 2}], "request": {"url": "http://h/{{n}}"}}]}"#
        ).get()
        #expect(suite.tests.map(\.tags) == [["rows"], ["rows"]])
    }

    @Test func aTagWithASpaceIsReportedAtItsPlace() throws {
        let json = """
            {"tests": [
              {"name": "a", "tags": ["ok", "two words"], "request": {"url": "http://h/"}}
            ]}
            """
        let found = diagnostics(json)
        #expect(found.count == 1, "\(found)")
        let d = try #require(found.first)
        let place = try #require(position(of: "\"two words\"", in: json))
        #expect(d.location?.line == place.line)
        #expect(d.location?.column == place.column)
        #expect(d.description.contains("`two words`"), "\(d.description)")
        #expect(d.description.contains("letters, digits"), "\(d.description)")
    }

    @Test func tagsMustBeAnArrayOfStrings() throws {
        let json = #"{"tags": "smoke", "tests": [{"name": "a", "tags": [1], "request": {"url": "http://h/"}}]}"#
        let found = diagnostics(json).map(\.description)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.contains("`tags`") && $0.contains("an array of tag names") }, "\(found)")
        #expect(found.contains { $0.contains("`tags[0]`") && $0.contains("a string") }, "\(found)")
    }
}
