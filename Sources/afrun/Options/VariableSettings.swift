import ArgumentParser

/// `VariableOptions` as plain values.
struct VariableSettings: Equatable, Sendable {
    /// `--var` pairs, in order.
    var variables: [String] = []
    /// `--secret` pairs, in order.
    var secrets: [String] = []
    /// `--vars-file` paths, in order.
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

    /// Reads the files, then applies `--var` and `--secret` over them. A name marked secret anywhere (a
    /// file's `"secret": true`, `--secret`) stays secret whichever source gives its final value: a file
    /// that marks `token` secret and `--var token=…` in CI must not print the real token.
    /// - Throws: `ValidationError` for a malformed pair or an unreadable or malformed file.
    func resolve() throws -> Resolved {
        var values: [String: String] = [:]
        var secretNames: Set<String> = []
        for path in files {
            let file = try VariablesFile(path: path)
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
