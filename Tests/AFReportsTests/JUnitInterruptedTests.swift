import AFReports
import AFRunner
import Foundation
import Testing

/// An interrupted run's JUnit report: marked on every testsuite and red in a CI test view, and still valid.
@Suite("JUnit report of an interrupted run")
struct JUnitInterruptedTests {
    @Test(
        "each testsuite carries afrun.interrupted and one errored testcase says 'run interrupted'; both schemas accept it",
        arguments: [
            (JUnitReporter.Dialect.portable, "windyroad-junit.xsd"), (.portable, "jenkins-xunit-junit-10.xsd"),
            (.jenkins, "jenkins-xunit-junit-10.xsd"),
        ]
    )
    func interruptedRunIsMarked(dialect: JUnitReporter.Dialect, schema: String) async throws {
        let path = ReportFixtures.temporaryFile("junit.xml")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(JUnitReporter(path: path, dialect: dialect), status: .interrupted)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let suites = xml.components(separatedBy: "<testsuite ").count - 1
        let marks = xml.components(separatedBy: #"<property name="afrun.interrupted" value="true"/>"#).count - 1
        #expect(suites >= 2 && marks == suites, "\(xml)")
        #expect(xml.contains(#"<testcase classname="afrun" name="run interrupted" time="0.000">"#), "\(xml)")
        #expect(xml.contains(#"type="interrupted""#), "\(xml)")
        let xsd = ReportFixtures.repositoryRoot.appendingPathComponent("fixtures/junit/\(schema)").path
        let result = try await ReportFixtures.run("xmllint", ["--noout", "--schema", xsd, path])
        #expect(result.status == 0, "\(schema): \(result.output)")
    }

    @Test("a complete run has no interruption mark")
    func completeRunIsNotMarked() async throws {
        let path = ReportFixtures.temporaryFile("junit.xml")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(JUnitReporter(path: path))
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!xml.contains("afrun.interrupted") && !xml.contains("run interrupted"), "\(xml)")
    }
}
