import AFSuite
import ArgumentParser
import Foundation

/// `afrun validate PATH…`: loads and checks every suite without sending anything.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check suites without sending any request; report every problem in one pass.",
        discussion: "Exit status: 0 when every suite is valid, 2 when any problem was found.")

    @Argument(help: ArgumentHelp("Suite files or folders (folders are walked for *.json).", valueName: "path"))
    var paths: [String]

    @OptionGroup var variables: VariableOptions

    func run() async throws {
        let loaded = SuiteLoader().load(paths: paths, knownVariables: variables.names)
        let console = Console()
        for error in loaded.errors { console.err(error.description) }
        let tests = loaded.suites.reduce(0) { $0 + $1.tests.count }
        if loaded.errors.isEmpty {
            console.out("\(loaded.suites.count) suite\(loaded.suites.count == 1 ? "" : "s") valid, \(tests) test\(tests == 1 ? "" : "s")")
        } else {
            console.err("\(loaded.errors.count) problem\(loaded.errors.count == 1 ? "" : "s") found; \(loaded.suites.count) suite\(loaded.suites.count == 1 ? "" : "s") valid")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
