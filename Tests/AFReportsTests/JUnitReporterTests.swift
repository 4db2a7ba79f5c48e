import AFReports
import AFRunner
import Foundation
import Testing

@Suite("JUnit report")
struct JUnitReporterTests {
    static let schemas = ["jenkins-xunit-junit-10.xsd", "windyroad-junit.xsd"]

    func write(_ dialect: JUnitReporter.Dialect = .portable) async throws -> String {
        let path = ReportFixtures.temporaryFile("junit.xml")
        let flakiness = [ReportFixtures.identity("passes after retry"): 0.5]
        try await ReportFixtures.feed(JUnitReporter(path: path, flakiness: flakiness, dialect: dialect))
        return path
    }

    @Test("the portable layout validates against both schemas", arguments: schemas)
    func validatesPortable(schema: String) async throws {
        let path = try await write()
        defer { ReportFixtures.removeTemporaryFile(path) }
        let xsd = ReportFixtures.repositoryRoot.appendingPathComponent("fixtures/junit/\(schema)").path
        let result = try await ReportFixtures.run("xmllint", ["--noout", "--schema", xsd, path])
        #expect(result.status == 0, "\(schema): \(result.output)")
    }

    @Test("the jenkins layout validates against the Jenkins schema")
    func validatesJenkins() async throws {
        let path = try await write(.jenkins)
        defer { ReportFixtures.removeTemporaryFile(path) }
        let xsd = ReportFixtures.repositoryRoot.appendingPathComponent("fixtures/junit/jenkins-xunit-junit-10.xsd").path
        let result = try await ReportFixtures.run("xmllint", ["--noout", "--schema", xsd, path])
        #expect(result.status == 0, "\(result.output)")
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"afrun\" tests=\"5\" failures=\"1\" errors=\"1\""))
        #expect(xml.components(separatedBy: "<system-out>").count - 1 == 5 + 2)
    }

    @Test("the schema check can fail: the jenkins layout is not valid windyroad")
    func validatorRejects() async throws {
        let path = try await write(.jenkins)
        defer { ReportFixtures.removeTemporaryFile(path) }
        let xsd = ReportFixtures.repositoryRoot.appendingPathComponent("fixtures/junit/windyroad-junit.xsd").path
        let result = try await ReportFixtures.run("xmllint", ["--noout", "--schema", xsd, path])
        #expect(result.status != 0)
        #expect(result.output.contains("testsuites"))
    }

    @Test("content: counts, failure detail, error type, skip message, properties, redaction")
    func content() async throws {
        let path = try await write()
        defer { ReportFixtures.removeTemporaryFile(path) }
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            xml.contains(
                "<testsuite name=\"Users &amp; &lt;Admins&gt;\" package=\"suites/users.json\" id=\"0\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.092\" timestamp=\"2027-01-15T08:00:00\" hostname=\"ci-runner-1\">"
            )
        )
        #expect(
            xml.contains(
                "<failure message=\"status: expected 200, got 404 (and 1 more)\" type=\"assertion\">status equals: expected 200, actual 404\njson $.id equals: expected 42, actual (none)</failure>"
            )
        )
        #expect(
            xml.contains(
                "<error message=\"certificate pin mismatch\" type=\"tlsRejected\">libcurl code 60\nTLS rejected: pinMismatch"
            )
        )
        #expect(xml.contains("<skipped message=\"skip: true in the suite\"/>"))
        #expect(xml.contains("<property name=\"afrun.run_id\" value=\"9d1c0e2a-1111-2222-3333-444455556666\"/>"))
        #expect(xml.contains("<property name=\"passes after retry.retries\" value=\"2\"/>"))
        #expect(xml.contains("<property name=\"passes after retry.flakiness\" value=\"0.500\"/>"))
        #expect(xml.contains("<property name=\"lists users.timing.ttfb_ms\" value=\"10.000\"/>"))
        #expect(xml.contains("<property name=\"gets &quot;one&quot; user.file\" value=\"suites/users.json:18\"/>"))
        #expect(xml.contains("&lt; HTTP/2 404 (22 bytes) from 127.0.0.1:8443"))
        #expect(!xml.contains(ReportFixtures.secret), "a secret reached the JUnit file")
        #expect(!xml.contains("\u{1}"), "a control character XML forbids")
    }

    @Test("a real consumer (junitparser) reads the right counts")
    func junitparserCounts() async throws {
        let probe = try await ReportFixtures.run("python3", ["-c", "import junitparser"])
        try #require(
            probe.status == 0,
            "junitparser is not installed: run ci/install-deps.sh (python3 -m pip install junitparser)"
        )
        for dialect in JUnitReporter.Dialect.allCases {
            let path = try await write(dialect)
            defer { ReportFixtures.removeTemporaryFile(path) }
            let script = """
                import sys, junitparser
                xml = junitparser.JUnitXml.fromfile(sys.argv[1])
                for suite in xml:
                    cases = list(suite)
                    kinds = [type(r).__name__ for c in cases for r in c.result]
                    print(suite.name, suite.tests, suite.failures, suite.errors, suite.skipped, len(cases),
                          kinds.count('Failure'), kinds.count('Error'), kinds.count('Skipped'), sep='|')
                """
            let result = try await ReportFixtures.run("python3", ["-c", script, path])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output == "Users & <Admins>|3|1|0|0|3|1|0|0\nTLS|2|0|1|1|2|0|1|1\n", "\(dialect)")
        }
    }

    @Test("an unwritable path is a ReportError naming the file")
    func unwritable() async throws {
        let reporter = JUnitReporter(path: "/proc/afrun-cannot-write/junit.xml")
        await #expect(throws: ReportError.self) {
            try await ReportFixtures.feed(reporter)
        }
    }
}
