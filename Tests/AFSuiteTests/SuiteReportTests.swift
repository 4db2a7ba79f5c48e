import Foundation
import Testing

@testable import AFSuite

/// What `afrun validate` prints: every problem as a block, then one summary line.
@Suite struct SuiteReportTests {
    @Test func validSuitesGiveOneGreenSummaryLine() {
        let result = SuiteLoader(environment: [:]).load(paths: [Fixtures.valid.path])
        #expect(result.isValid)
        #expect(result.report() == "4 suites checked: 4 valid; 12 tests ready to run\n")
        #expect(result.report(color: true) == "\u{1B}[32m4 suites checked: 4 valid; 12 tests ready to run\u{1B}[0m\n")
    }

    @Test func problemsComeFirstThenTheSummary() {
        let missing = Fixtures.root.appendingPathComponent("no-such-folder").path
        let result = SuiteLoader(environment: [:]).load(paths: [Fixtures.invalid.path, missing])
        #expect(!result.isValid)
        let report = result.report()
        let blocks = report.components(separatedBy: "\n\n")
        #expect(blocks.count == result.errors.count + 1)
        #expect(blocks.first?.hasPrefix("error[") == true)
        #expect(blocks.last == "3 suites checked: 0 valid, 3 with problems, 1 path unreadable (16 errors)\n")
        #expect(report.contains("error[unknown-key]: unknown key `metod` in `request`"))
        #expect(report.contains("error[unreadable]: no such file or folder\n  --> \(missing)"))
    }

    /// The default reader quotes the right line of the file under every problem (it reads each
    /// file once for all of its problems).
    @Test func everyProblemQuotesItsOwnSourceLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        let text =
            "{\r\n  \"name\": \"x\",\r\n  \"tests\": [\r\n    {\"name\": \"a\", \"requst\": {}},\r\n    {\"name\": \"b\", \"requsts\": {}}\r\n  ]\r\n}\r\n"
        try Data(text.utf8).write(to: file)
        let report = SuiteLoader(environment: [:]).load(paths: [file.path]).report()
        #expect(report.contains("4 |     {\"name\": \"a\", \"requst\": {}},\n"), "\(report)")
        #expect(report.contains("5 |     {\"name\": \"b\", \"requsts\": {}}\n"), "\(report)")
    }
}
