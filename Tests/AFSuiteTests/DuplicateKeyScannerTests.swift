import Testing

@testable import AFSuite

/// Member names written twice are found with their pointer and place.
@Suite struct DuplicateKeyScannerTests {
    @Test func findsNestedDuplicatesWithPointerLineAndColumn() {
        let json = "{\"tests\": [{\"é\": \"x,{\", \"b\": [0, {\"x\": 1,\n \"x\": 2}]}],\n \"tests\": []}"
        let found = DuplicateKeyScanner.scan(Array(json.utf8))
        #expect(
            found == [
                .init(key: "x", pointer: "/tests/0/b/1/x", line: 2, column: 2, firstLine: 1),
                .init(key: "tests", pointer: "/tests", line: 3, column: 2, firstLine: 1),
            ]
        )
    }

    @Test func sameNameInDifferentObjectsIsFine() {
        let json = #"{"a": {"k": 1}, "b": {"k": 2}, "c": [{"k": 1}, {"k": 2}]}"#
        #expect(DuplicateKeyScanner.scan(Array(json.utf8)).isEmpty)
    }
}
