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

    /// The same values as `VariableSettings`.
    var settings: VariableSettings { VariableSettings(variables: variables, secrets: secrets, files: files) }

    /// Reads the files, then applies `--var` and `--secret` over them (see `VariableSettings.resolve()`).
    /// - Throws: `ValidationError` for a malformed pair or an unreadable or malformed file.
    func resolve() throws -> VariableSettings.Resolved { try settings.resolve() }

    func validate() throws { try settings.validate() }
}
