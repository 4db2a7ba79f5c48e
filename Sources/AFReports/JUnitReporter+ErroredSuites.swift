import AFRunner
import Foundation

extension JUnitReporter {
    /// The testsuite of a suite file that did not load: named after the file (its name was never read), with
    /// one errored test case, "suite does not load", whose text lists every problem with its place and fix.
    /// Without it a CI test view would show a run whose step exits 2 as all green.
    func unloadedSuite(index: Int, file: String, failures: [SuiteLoadFailure], run: RunInfo) -> String {
        let first = failures.first.map { "\($0.place): \($0.message)" } ?? "the suite does not load"
        let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
        let detail = failures.map { failure in
            "\(failure.place): \(failure.message)" + (failure.fix.map { "\n  fix: \($0)" } ?? "")
        }.joined(separator: "\n")
        return erroredSuite(
            index: index,
            name: file,
            properties: [("afrun.run_id", run.id), ("afrun.suite_file", file), ("afrun.load_error", "true")],
            testCase: "suite does not load",
            error: (type: "suiteDoesNotLoad", message: first + more, text: detail),
            systemOut: dialect == .jenkins ? detail : nil,
            run: run
        )
    }

    /// The run's interruption as a testsuite `afrun` with one errored test case, so a CI view shows it.
    func interruption(index: Int, run: RunInfo) -> String {
        let message = "the run was interrupted (SIGINT or SIGTERM): tests not started are reported as skipped"
        return erroredSuite(
            index: index,
            name: "afrun",
            properties: [("afrun.interrupted", "true"), ("afrun.run_id", run.id)],
            testCase: "run interrupted",
            error: (type: "interrupted", message: message, text: message),
            systemOut: nil,
            run: run
        )
    }

    /// A testsuite afrun makes for what no test of a suite reports: one test case that errored.
    private func erroredSuite(
        index: Int,
        name: String,
        properties: [(String, String)],
        testCase: String,
        error: (type: String, message: String, text: String),
        systemOut: String?,
        run: RunInfo
    ) -> String {
        let attribute = XMLText.escape
        let host = run.host.trimmingCharacters(in: .whitespaces).isEmpty ? "localhost" : run.host
        var out = "  <testsuite name=\"\(attribute(name))\" package=\"\(attribute(name))\" id=\"\(index)\""
        out += " tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\""
        out += " timestamp=\"\(Self.timestamp(run.startedAt))\" hostname=\"\(attribute(host))\">\n"
        out += "    <properties>\n"
        for (key, value) in properties {
            out += "      <property name=\"\(attribute(key))\" value=\"\(attribute(value))\"/>\n"
        }
        out += "    </properties>\n"
        out += "    <testcase classname=\"\(attribute(name))\" name=\"\(attribute(testCase))\" time=\"0.000\">\n"
        out += "      <error message=\"\(attribute(error.message))\" type=\"\(attribute(error.type))\">"
        out += XMLText.escapeText(error.text) + "</error>\n"
        if let systemOut { out += "      <system-out>\(XMLText.escapeText(systemOut))</system-out>\n" }
        out += "    </testcase>\n"
        out += "    <system-out></system-out>\n"
        out += "    <system-err></system-err>\n"
        out += "  </testsuite>\n"
        return out
    }
}
