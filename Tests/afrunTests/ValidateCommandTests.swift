import Foundation
import Testing

@Suite struct ValidateCommandTests {
    @Test func validSuitesExitZero() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write(
            "ok.json",
            #"{"name": "OK", "baseURL": "http://127.0.0.1:1", "tests": [{"name": "t", "request": {"url": "get"}, "expect": {"status": 200}}]}"#
        )
        let output = try await AfrunProcess.run(["validate", "ok.json"], in: folder.url)
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("1 suite checked: 1 valid; 1 test ready to run"))
    }

    @Test func everyProblemIsReportedWithItsPlace() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write(
            "bad.json",
            """
            {"name": "Bad", "baseURL": "http://127.0.0.1:1", "tests": [
              {"name": "t", "request": {"url": "get/{{undefinedThing}}"}, "expect": {"statsu": 200}}
            ]}
            """
        )
        try folder.write("broken.json", "{\"name\": ")
        let output = try await AfrunProcess.run(["validate", "."], in: folder.url)
        #expect(output.status == 2, "\(output.all)")
        #expect(output.stdout.contains("--> bad.json:2:41"))
        #expect(output.stdout.contains("undefined variable `undefinedThing`"))
        #expect(output.stdout.contains("did you mean `status`?"))
        #expect(output.stdout.contains("--> broken.json:1:10"))
        #expect(output.stdout.contains("2 suites checked: 0 valid, 2 with problems (3 errors)"))
    }
}
