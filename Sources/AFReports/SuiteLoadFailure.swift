import AFRunner
import Foundation

/// A problem that kept a suite file from loading, as the reports show it.
///
/// A suite that does not load runs no test, so without these the run's reports would list only the suites
/// that ran and a CI test view would show a green run whose step exits 2. Every report names each problem:
/// JUnit as an errored test case of a testsuite named after the file, the JSON report under `loadErrors`,
/// the HTML page in a section of its own, GitHub Actions as an `::error` on the file's line.
public struct SuiteLoadFailure: Sendable, Hashable, Codable {
    /// The suite file (or the path that could not be read), as the user gave it.
    public var file: String
    /// 1-based line of the problem, when it has a place in the file.
    public var line: Int?
    /// 1-based column, with `line`.
    public var column: Int?
    /// What is wrong, in the loader's words.
    public var message: String
    /// How to fix it, when the loader knows.
    public var fix: String?

    /// Creates a load failure; the message and fix pass through the reports' redaction rules.
    /// - Parameters:
    ///   - file: the suite file or path.
    ///   - line: the problem's line, nil when it concerns the whole file.
    ///   - column: the problem's column.
    ///   - message: the loader's message.
    ///   - fix: the loader's fix hint.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, fix: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        // A loader message may quote the suite's text, a `name=value` pair included.
        self.message = SinkRedactor.text(message)
        self.fix = fix.map(SinkRedactor.text)
    }

    /// `file:line:column`, or the file alone.
    public var place: String {
        guard let line else { return file }
        return "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
    }

    /// The failures grouped by file, files in order of first appearance.
    static func byFile(_ failures: [SuiteLoadFailure]) -> [(file: String, failures: [SuiteLoadFailure])] {
        var order: [String] = []
        var groups: [String: [SuiteLoadFailure]] = [:]
        for failure in failures {
            if groups[failure.file] == nil { order.append(failure.file) }
            groups[failure.file, default: []].append(failure)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
