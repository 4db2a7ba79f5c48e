import AFRunner
import Foundation

extension JUnitReporter {
    /// The testsuite of a suite file that did not load: named after the file (its name was never read), with
    /// one errored test case, "suite does not load", whose text lists every problem with its place and fix.
    /// Without it a CI test view would show a run whose step exits 2 as all green.
    func unloadedSuite(index: Int, file: String, failures: [SuiteLoadFailure], run: RunInfo) -> String {
        let attribute = XMLText.escape
        let host = run.host.trimmingCharacters(in: .whitespaces).isEmpty ? "localhost" : run.host
        var out = "  <testsuite name=\"\(attribute(file))\" package=\"\(attribute(file))\" id=\"\(index)\""
        out += " tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\""
        out += " timestamp=\"\(Self.timestamp(run.startedAt))\" hostname=\"\(attribute(host))\">\n"
        out += "    <properties>\n"
        out += "      <property name=\"afrun.run_id\" value=\"\(attribute(run.id))\"/>\n"
        out += "      <property name=\"afrun.suite_file\" value=\"\(attribute(file))\"/>\n"
        out += "      <property name=\"afrun.load_error\" value=\"true\"/>\n"
        out += "    </properties>\n"
        out += "    <testcase classname=\"\(attribute(file))\" name=\"suite does not load\" time=\"0.000\">\n"
        let first = failures.first.map { "\($0.place): \($0.message)" } ?? "the suite does not load"
        let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
        let detail = failures.map { failure in
            "\(failure.place): \(failure.message)" + (failure.fix.map { "\n  fix: \($0)" } ?? "")
        }
        out += "      <error message=\"\(attribute(first + more))\" type=\"suiteDoesNotLoad\">"
        out += XMLText.escapeText(detail.joined(separator: "\n")) + "</error>\n"
        if dialect == .jenkins {
            out += "      <system-out>\(XMLText.escapeText(detail.joined(separator: "\n")))</system-out>\n"
        }
        out += "    </testcase>\n"
        out += "    <system-out></system-out>\n"
        out += "    <system-err></system-err>\n"
        out += "  </testsuite>\n"
        return out
    }
}
