import AFSuite
import Testing

/// A loaded suite's tests are decoded from the file when read; they must be the tests the load checked, with the
/// same names, places, rows and references, in every order the runner asks for them.
@Suite struct TestListTests {
    static let suite = """
        {"name": "s", "baseURL": "http://h/", "parallel": true, "tags": ["api"],
         "tests": [
          {"name": "plain", "request": {"url": "users/1", "headers": {"X-A": "1"}},
           "expect": {"status": 201}, "capture": {"token": {"json": "$.t", "secret": true}}},
          {"name": "row {{id}}", "each": [{"id": "a"}, {"id": "b"}], "request": {"url": "rows/{{id}}"}},
          {"name": "again", "tags": ["slow"], "request": {"$ref": "#/tests/0/request"},
           "expect": {"status": 202}}
         ]}
        """

    @Test func testsAreTheOnesTheLoadChecked() throws {
        let tests = try load(Self.suite).get().tests
        #expect(tests.count == 4)
        #expect(tests.map(\.name) == ["plain", "row a", "row b", "again"])
        #expect(tests.map(\.location.pointer) == ["/tests/0", "/tests/1", "/tests/1", "/tests/2"])
        #expect(tests.map(\.location.line) == [3, 5, 5, 6])
        #expect(tests.map(\.location.column) == [3, 3, 3, 3])
        #expect(tests.map(\.request.url) == ["users/1", "rows/{{id}}", "rows/{{id}}", "users/1"])
        #expect(tests.map { $0.row?.values["id"] } == [nil, "a", "b", nil])
        #expect(tests[0].expect.status == [.code(201)])
        #expect(tests[3].expect.status == [.code(202)])
        #expect(tests[3].request.headers.map(\.name) == ["X-A"])
        #expect(tests[0].captures.map(\.name) == ["token"])
        #expect(tests.map(\.tags) == [["api"], ["api"], ["api"], ["api", "slow"]])
        // Read out of order and twice: the same tests.
        #expect([tests[2].name, tests[0].name, tests[2].name, tests[1].name] == ["row b", "plain", "row b", "row a"])
    }

    @Test func outlinesAnswerWithoutTheTests() throws {
        let tests = try load(Self.suite).get().tests
        #expect(tests.outlines.map(\.name) == tests.map(\.name))
        #expect(tests.outlines.map(\.line) == tests.map(\.location.line))
        #expect(tests.outlines.map(\.tags) == tests.map(\.tags))
        #expect(tests.positions(having: .secretCaptures) == [0])
        #expect(tests.positions(having: .captures) == [0])
        #expect(tests.positions(having: .dataRow) == [1, 2])
        #expect(tests.positions(having: [.dataRow, .secretCaptures]) == [0, 1, 2])
        #expect(tests.positions(having: .ownCredentials).isEmpty)
    }

    @Test func reorderedTestsKeepTheirOutlines() throws {
        let tests = try load(Self.suite).get().tests.reordered([3, 1, 0])
        #expect(tests.map(\.name) == ["again", "row a", "plain"])
        #expect(tests.outlines.map(\.name) == ["again", "row a", "plain"])
        #expect(tests.reordered([2, 0]).map(\.name) == ["plain", "again"])
        let built = TestList(try load(Self.suite).get().tests.map { $0 })
        #expect(built.reordered([3, 1, 0]).map(\.name) == tests.map(\.name))
    }

    @Test func aProblemInALaterTestIsPlacedInTheFile() throws {
        let json = """
            {"tests": [
              {"name": "a", "request": {"url": "http://h/"}},
              {"name": "b", "request": {"url": "http://h/", "timeout": "x"}},
              {"name": "b", "request": {"url": "http://h/{{nope}}"}}
            ]}
            """
        let errors = diagnostics(json).map(\.description)
        let timeout = try #require(position(of: #""x""#, in: json))
        let duplicate = try #require(position(of: #""b", "request": {"url": "http://h/{{"#, in: json))
        let nope = try #require(position(of: "{{nope}}", in: json))
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("inline.json:\(timeout.line):\(timeout.column):") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("inline.json:\(duplicate.line):\(duplicate.column):") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("inline.json:\(nope.line):\(nope.column):") }, "\(errors)")
    }
}
