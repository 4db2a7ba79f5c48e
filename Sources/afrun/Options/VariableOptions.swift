import AFSuite
import ArgumentParser
import Foundation

/// `--var`, `--secret` and `--vars-file`, shared by `run` and `validate`.
struct VariableOptions: ParsableArguments {
    @Option(
        name: .customLong("var"),
        help: ArgumentHelp(
            "Set a variable: the strongest source, until a test captures the same name.",
            valueName: "name=value"
        )
    )
    var variables: [String] = []

    @Option(
        name: .customLong("secret"),
        help: ArgumentHelp("Set a secret variable: replaced by *** in all output.", valueName: "name=value")
    )
    var secrets: [String] = []

    @Option(
        name: .customLong("vars-file"),
        help: ArgumentHelp(
            "Read variables from a file: a JSON object ({\"name\": \"value\", \"token\": {\"value\": \"…\", \"secret\": true}}) or name=value lines. Repeatable; later files win, --var and --secret win over files.",
            valueName: "file"
        )
    )
    var files: [String] = []

    /// The variables of the command line and the files, with the names suites may use.
    struct Resolved {
        /// Plain variables.
        var variables: [String: String] = [:]
        /// Secret variables.
        var secrets: [String: String] = [:]
        /// Every name defined.
        var names: Set<String> { Set(variables.keys).union(secrets.keys) }
    }

    func validate() throws {
        _ = try Self.parse(variables, flag: "--var")
        _ = try Self.parse(secrets, flag: "--secret")
    }

    /// Reads the files, then applies `--var` and `--secret` over them. A name marked secret anywhere (a
    /// file's `"secret": true`, `--secret`) stays secret whichever source gives its final value: a file
    /// that marks `token` secret and `--var token=…` in CI must not print the real token.
    /// - Throws: `ValidationError` for a malformed pair or name; `ExitCode` 64 after printing the problem
    ///   for an unreadable or malformed file.
    func resolve() throws -> Resolved {
        var values: [String: String] = [:]
        var secretNames: Set<String> = []
        for path in files {
            let file: VariablesFile
            do throws(VariablesFile.ParseError) { file = try VariablesFile(path: path) } catch {
                // Printed here rather than thrown as a `ValidationError`: the file is read in `run()`, where
                // ArgumentParser would follow the message with the root command's usage, which says nothing
                // about a file's content. Still a usage error (64): the command line named a bad input.
                FileHandle.standardError.write(Data("error: \(TerminalText.visible(error.description))\n".utf8))
                throw ExitCode(ExitStatus.usage)
            }
            values.merge(file.variables) { _, new in new }
            values.merge(file.secrets) { _, new in new }
            secretNames.formUnion(file.secrets.keys)
        }
        values.merge(try Self.parse(variables, flag: "--var")) { _, new in new }
        let secretPairs = try Self.parse(secrets, flag: "--secret")
        values.merge(secretPairs) { _, new in new }
        secretNames.formUnion(secretPairs.keys)
        var resolved = Resolved()
        for (name, value) in values {
            if secretNames.contains(name) { resolved.secrets[name] = value } else { resolved.variables[name] = value }
        }
        return resolved
    }

    /// Splits `name=value` pairs, checking each name.
    /// - Throws: `ValidationError` naming the flag (the value is not echoed: it may be a secret).
    static func parse(_ pairs: [String], flag: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw ValidationError("\(flag) expects name=value")
            }
            let name = String(pair[..<eq])
            if let problem = VariablesFile.problem(withName: name) {
                throw ValidationError("\(flag) \(name)=…: \(problem)")
            }
            out[name] = String(pair[pair.index(after: eq)...])
        }
        return out
    }
}
