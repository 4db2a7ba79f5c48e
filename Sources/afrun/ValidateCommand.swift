import AFSuite
import ArgumentParser
import Foundation

/// `afrun validate PATH…`: loads and checks every suite without sending anything, and reports every
/// problem in one pass (syntax, unknown keys, types, regexes, JSON paths, files, variables).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check suites without sending any request.",
        discussion: """
            Reports every problem of every suite in one pass, each with file:line:column, \
            the JSON pointer and a fix. See docs/suite-format.md.

            Exit codes: 0 every suite is valid, 2 a suite has problems or a path is unreadable.
            """)

    @Argument(help: "Suite files or folders (folders are searched recursively for *.json).")
    var paths: [String] = ["suites"]

    @Option(name: .customLong("var"), help: "A variable defined on the command line (name=value); repeatable.")
    var variables: [String] = []

    @Option(name: .customLong("secret"), help: "A secret variable (name=value); repeatable.")
    var secrets: [String] = []

    @Option(help: "Colors: auto, always or never.")
    var color: String = "auto"

    @Flag(name: .shortAndLong, help: "Print only the summary line.")
    var quiet = false

    func validate() throws {
        guard ["auto", "always", "never"].contains(color) else {
            throw ValidationError("--color must be auto, always or never, not '\(color)'")
        }
        for definition in variables + secrets where !definition.contains("=") {
            throw ValidationError("'\(definition)' is not name=value")
        }
    }

    func run() throws {
        let known = Set((variables + secrets).map { String($0.prefix { $0 != "=" }) })
        let result = SuiteLoader().load(paths: paths, knownVariables: known)
        let useColor = color == "always" || (color == "auto" && isatty(STDOUT_FILENO) == 1
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        let report = result.report(color: useColor)
        if quiet {
            print(report.split(separator: "\n").last.map(String.init) ?? "")
        } else {
            print(report, terminator: "")
        }
        if !result.isValid { throw ExitCode(2) }
    }
}
