import Foundation
import Testing

@testable import AFSuite

/// `each`: a test becomes one test per data row, from an array, a .json or a .csv file; the rows'
/// names are variables for the check; bad data is named with the place and the fix.
struct DataRowDecodingTests {
    private func suite(each: String, name: String = "get {{id}}", url: String = "http://h/users/{{id}}") -> String {
        #"{"name": "s", "tests": [{"name": "\#(name)", "each": \#(each), "request": {"url": "\#(url)"}}]}"#
    }

    @Test func inlineRowsRenderTheNameAndCarryTheirValues() throws {
        let s = try load(suite(each: #"[{"id": 1, "role": "admin"}, {"id": "two", "flags": [1, 2]}]"#)).get()
        #expect(s.tests.map(\.name) == ["get 1", "get two"])
        #expect(s.tests[0].row == DataRow(number: 1, values: ["id": "1", "role": "admin"]))
        #expect(s.tests[1].row == DataRow(number: 2, values: ["id": "two", "flags": "[1,2]"]))
        #expect(s.tests.allSatisfy { $0.location.line == 1 })
    }

    @Test func aNameWithoutTheRowsVariablesGetsTheRowNumber() throws {
        let s = try load(suite(each: #"[{"id": 1}, {"id": 2}]"#, name: "get")).get()
        #expect(s.tests.map(\.name) == ["get #1", "get #2"])
    }

    @Test func rowsFromCSVAndJSONFilesBesideTheSuite() throws {
        try withTemporaryFolder { folder in
            try "id,name\n1,alice\n2,\"bob, jr\"\n".write(
                to: folder.appendingPathComponent("users.csv"),
                atomically: true,
                encoding: .utf8
            )
            try #"[{"id": 3}, {"id": 4}]"#.write(
                to: folder.appendingPathComponent("more.json"),
                atomically: true,
                encoding: .utf8
            )
            let csv = try load(suite(each: #""users.csv""#, name: "get {{name}}"), folder: folder).get()
            #expect(csv.tests.map(\.name) == ["get alice", "get bob, jr"])
            #expect(csv.tests[1].row?.values == ["id": "2", "name": "bob, jr"])
            let json = try load(suite(each: #""more.json""#), folder: folder).get()
            #expect(json.tests.map(\.name) == ["get 3", "get 4"])
        }
    }

    @Test func theRowsNamesAreDefinedOnlyForTheirTest() {
        let json = #"""
            {"name": "s", "tests": [
              {"name": "a {{id}}", "each": [{"id": 1}], "request": {"url": "http://h/{{id}}/{{other}}"}},
              {"name": "b", "request": {"url": "http://h/{{id}}"}}
            ]}
            """#
        let problems = diagnostics(json).map(\.description)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("undefined variable `other`") })
        #expect(problems.contains { $0.contains("undefined variable `id`") && $0.contains(":3:") }, "\(problems)")
    }

    @Test func aNameOnlySomeRowsGiveNeedsAnotherSource() {
        let partial = suite(each: #"[{"id": 1, "role": "a"}, {"id": 2}]"#, url: "http://h/{{id}}/{{role}}")
        let problems = diagnostics(partial).map(\.description)
        #expect(problems.count == 1 && problems[0].contains("undefined variable `role`"), "\(problems)")
        let withDefault =
            #"{"name": "s", "variables": {"role": "user"}, "tests": [{"name": "get {{id}}", "each": [{"id": 1, "role": "a"}, {"id": 2}], "request": {"url": "http://h/{{id}}/{{role}}"}}]}"#
        #expect(diagnostics(withDefault).isEmpty)
    }

    @Test(arguments: [
        (#"[]"#, "`each`: the array is empty"),
        (#"[{"id": 1}, 2]"#, "expected an array of objects for `each`, found a number"),
        (#"[{}]"#, "`each`: row 1 has no values"),
        (#"[{"user id": 1}]"#, "`each`: `user id` (row 1) is not a variable name"),
        (#"3"#, "expected an array of objects or a .json or .csv file path for `each`, found a number"),
        (#""rows.txt""#, "`rows.txt`: a data file must end in .json or .csv"),
        (#""_data/none.csv""#, "file `_data/none.csv` not found"),
        (#"[{"id": 1}, {"id": 1}]"#, "duplicate test name `get 1`"),
    ])
    func badDataIsNamed(each: String, message: String) {
        let problems = diagnostics(suite(each: each))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.description.contains(message) == true, "\(problems.map(\.description))")
        #expect(problems.first?.description.contains("fix:") == true)
    }

    @Test func aBadDataFileNamesItsLine() throws {
        try withTemporaryFolder { folder in
            try "id,name\n1,alice\n2\n".write(
                to: folder.appendingPathComponent("u.csv"),
                atomically: true,
                encoding: .utf8
            )
            try "[{\"id\": 1},\n {\"id\": }]".write(
                to: folder.appendingPathComponent("u.json"),
                atomically: true,
                encoding: .utf8
            )
            let csv = diagnostics(suite(each: #""u.csv""#), folder: folder).map(\.description)
            #expect(csv.first?.contains("`u.csv` line 3: 1 fields where the header has 2") == true, "\(csv)")
            let json = diagnostics(suite(each: #""u.json""#), folder: folder).map(\.description)
            #expect(json.first?.contains("`u.json` line 2: invalid JSON") == true, "\(json)")
            try "user id,name\n1,a\n".write(
                to: folder.appendingPathComponent("h.csv"),
                atomically: true,
                encoding: .utf8
            )
            let header = diagnostics(suite(each: #""h.csv""#), folder: folder).map(\.description)
            #expect(
                header.first?.contains("`h.csv` line 1: column `user id` is not a variable name") == true,
                "\(header)"
            )
        }
    }
}

/// `basicAuth` in a request and in `defaults`.
struct BasicAuthDecodingTests {
    @Test func requestAndDefaultCredentialsAreTemplates() throws {
        let json = #"""
            {"name": "s", "variables": {"pw": {"value": "p", "secret": true}},
             "defaults": {"basicAuth": {"username": "admin", "password": "{{pw}}"}},
             "tests": [{"name": "t", "request": {"url": "http://h/", "basicAuth": {"username": "u", "password": "{{pw}}"}}}]}
            """#
        let s = try load(json).get()
        #expect(s.defaults.basicAuth == BasicAuthSpec(username: "admin", password: "{{pw}}"))
        #expect(s.tests[0].request.basicAuth == BasicAuthSpec(username: "u", password: "{{pw}}"))
    }

    @Test func bothFieldsAreRequiredAndPlacesAreChecked() {
        let missing = diagnostics(
            #"{"name": "s", "tests": [{"name": "t", "request": {"url": "http://h/", "basicAuth": {"username": "u"}}}]}"#
        )
        #expect(missing.map(\.description).first?.contains("missing `password` in `basicAuth`") == true, "\(missing)")
        let misplaced = diagnostics(
            #"{"name": "s", "tests": [{"name": "t", "basicAuth": {"username": "u", "password": "p"}, "request": {"url": "http://h/"}}]}"#
        )
        #expect(misplaced.map(\.description).first?.contains("`request`") == true, "\(misplaced)")
        let undefined = diagnostics(
            #"{"name": "s", "tests": [{"name": "t", "request": {"url": "http://h/", "basicAuth": {"username": "u", "password": "{{nope}}"}}}]}"#
        )
        #expect(undefined.map(\.description).first?.contains("undefined variable `nope`") == true, "\(undefined)")
    }
}

/// Bad `each` data does not hide the test's other problems, nor cascade into undefined variables.
struct DataRowProblemTests {
    @Test func theRestOfTheTestIsStillChecked() {
        let json =
            #"{"name": "s", "tests": [{"name": "t {{id}}", "each": [], "request": {"url": "http://h/{{id}}", "timeout": -1}}]}"#
        let problems = diagnostics(json).map(\.description)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("`each`: the array is empty") })
        #expect(problems.contains { $0.contains("timeout") })
        #expect(!problems.contains { $0.contains("undefined variable") })
    }
}
