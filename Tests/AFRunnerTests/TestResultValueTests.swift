import AFRunner
import Foundation
import Testing

/// `TestResult` keeps its values behind one shared reference; it must still behave as a value and
/// encode as it always did.
@Suite struct TestResultValueTests {
    static let identity = TestIdentity(suiteFile: "users.json", suiteName: "Users", testName: "get user")

    @Test func aCopyChangesAlone() {
        let original = TestResult(identity: Self.identity, line: 7, status: .passed, captures: ["id": "42"])
        var copy = original
        copy.status = .failed
        copy.captures["id"] = "43"
        copy.unlistedAssertions = 3
        #expect(original.status == .passed)
        #expect(original.captures == ["id": "42"])
        #expect(original.unlistedAssertions == 0)
        #expect(copy.status == .failed)
        #expect(copy.captures == ["id": "43"])
        #expect(copy.assertionCount == 3)
    }

    @Test func encodesItsListedFieldsAndPrintsThemForFailureMessages() throws {
        var result = TestResult(identity: Self.identity, line: 7, status: .passed, attempts: 2)
        result.unlistedAssertions = 4
        let data = try JSONEncoder().encode(result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["line"] as? Int == 7)
        #expect(object["attempts"] as? Int == 2)
        #expect(object["unlistedAssertions"] == nil)
        #expect(object["storage"] == nil)
        let decoded = try JSONDecoder().decode(TestResult.self, from: data)
        #expect(decoded.identity == Self.identity)
        #expect(decoded.unlistedAssertions == 0)
        let printed = String(describing: result)
        #expect(printed.contains("line: 7"), "\(printed)")
        #expect(printed.contains("get user"), "\(printed)")
    }
}
