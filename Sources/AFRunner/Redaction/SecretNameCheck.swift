import AFSuite

/// Finds secrets written into suite and test names. Names are identities (the history, `--filter`, reports key
/// on them) and are never masked, so a secret there would be shown and stored as written: `afrun validate` and
/// `afrun run` warn instead, naming the file and line and the secret's variable, never its value.
public enum SecretNameCheck {
    /// One warning per name that contains a secret known before the run: `--secret` and vars-file values, the
    /// suite's secret variables (literal or from the environment) and its `basicAuth` passwords. A value of four
    /// characters or more counts anywhere in a name; a shorter one only as a whole word of it.
    /// - Parameters:
    ///   - suites: the loaded suites.
    ///   - runSecrets: `--secret` and vars-file secrets by name.
    ///   - environment: what `{"env": …}` variables read.
    /// - Returns: `file:line: …` lines, in suite and test order.
    public static func warnings(
        for suites: [Suite],
        runSecrets: [String: String],
        environment: [String: String] = ProcessEnvironment.all
    ) -> [String] {
        var warnings: [String] = []
        for suite in suites {
            let base = VariableScope(
                overrides: runSecrets,
                secretOverrides: Set(runSecrets.keys),
                environment: environment
            )
            let scope = base.adding(suite.variables).scope
            var named: [(name: String, value: String)] = scope.secretNames.sorted().compactMap { name in
                scope.value(of: name).flatMap { $0.isEmpty ? nil : ("secret `\(name)`", $0) }
            }
            named += Redactor.basicAuthCredentials(of: suite, scope: scope).map {
                ("a basicAuth password", $0.password)
            }
            .sorted { $0.1 < $1.1 }
            named += Redactor.authCredentials(of: suite, scope: scope).map { ($0.what, $0.value) }
            guard !named.isEmpty else { continue }
            func check(_ text: String, what: String, line: Int) {
                guard let hit = named.first(where: { contains(text, $0.value) }) else { return }
                warnings.append(
                    "\(suite.displayPath):\(line): the \(what) contains the value of \(hit.name); names are shown and "
                        + "stored as written (never masked): rename it"
                )
            }
            // The suite's object starts the file: its name is reported at line 1.
            check(suite.name, what: "suite name", line: 1)
            for outline in suite.tests.outlines {
                check(outline.name, what: "test name", line: outline.line)
            }
        }
        return warnings
    }

    /// Whether `name` holds `secret`: anywhere when it has four characters or more, else as a whole word.
    static func contains(_ name: String, _ secret: String) -> Bool {
        if secret.count >= SecretSet.minimumSubstringLength { return name.contains(secret) }
        return name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == secret } || name == secret
    }
}
