import ArgumentParser

/// `--var`, `--secret` and `--vars-file`, shared by `run` and `validate`.
struct VariableOptions: ParsableArguments {
    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable (strongest source).", valueName: "name=value"))
    var variables: [String] = []

    @Option(name: .customLong("secret"), help: ArgumentHelp("Set a secret variable: replaced by *** in all output.", valueName: "name=value"))
    var secrets: [String] = []

    @Option(
        name: .customLong("vars-file"),
        help: ArgumentHelp(
            "Read variables from a file: a JSON object ({\"name\": \"value\", \"token\": {\"value\": \"…\", \"secret\": true}}) or name=value lines. Repeatable; later files win, --var and --secret win over files.",
            valueName: "file"))
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

    /// Reads the files, then applies `--var` and `--secret` over them.
    /// - Throws: `ValidationError` for a malformed pair or an unreadable or malformed file.
    func resolve() throws -> Resolved {
        var resolved = Resolved()
        for path in files {
            let file = try VariablesFile(path: path)
            for (name, value) in file.variables {
                resolved.variables[name] = value
                resolved.secrets[name] = nil
            }
            for (name, value) in file.secrets {
                resolved.secrets[name] = value
                resolved.variables[name] = nil
            }
        }
        for (name, value) in try Self.parse(variables, flag: "--var") {
            resolved.variables[name] = value
            resolved.secrets[name] = nil
        }
        for (name, value) in try Self.parse(secrets, flag: "--secret") {
            resolved.secrets[name] = value
            resolved.variables[name] = nil
        }
        return resolved
    }

    func validate() throws {
        _ = try Self.parse(variables, flag: "--var")
        _ = try Self.parse(secrets, flag: "--secret")
    }

    static func parse(_ pairs: [String], flag: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                // The value is not echoed: it may be a secret.
                throw ValidationError("\(flag) expects name=value")
            }
            out[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
        }
        return out
    }
}
