import ArgumentParser

/// `--var` and `--secret`, shared by `run` and `validate`.
struct VariableOptions: ParsableArguments {
    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable (strongest source).", valueName: "name=value"))
    var variables: [String] = []

    @Option(name: .customLong("secret"), help: ArgumentHelp("Set a secret variable: replaced by *** in all output.", valueName: "name=value"))
    var secrets: [String] = []

    /// `--var` pairs.
    func parsedVariables() throws -> [String: String] { try Self.parse(variables, flag: "--var") }
    /// `--secret` pairs.
    func parsedSecrets() throws -> [String: String] { try Self.parse(secrets, flag: "--secret") }

    /// Names defined on the command line.
    var names: Set<String> { Set((variables + secrets).compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) }) }

    func validate() throws {
        _ = try parsedVariables()
        _ = try parsedSecrets()
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
