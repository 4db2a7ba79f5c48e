import AFSuite

extension RequestBuilder {
    /// Checks a rendered URL, header name or header value for CR, LF or NUL before anything is sent:
    /// libcurl writes header lines as given, so a line break from a variable or a captured response
    /// value would add headers of the server's choosing (or a whole second request) to ours.
    /// - Parameters:
    ///   - text: the rendered text.
    ///   - field: what it is, for the message (`header 'X-Token'`, `the URL`).
    ///   - template: the text before rendering, to name the variable the character came from.
    ///   - scope: the variables it was rendered with.
    /// - Throws: ``RunnerError/forbiddenCharacter(field:character:source:)``.
    static func rejectLineBreaks(
        in text: String,
        field: @autoclosure () -> String,
        template: String,
        scope: VariableScope
    ) throws(RunnerError) {
        guard let character = forbiddenCharacter(in: text) else { return }
        var source: String?
        if let parsed = try? Template(template) {
            source =
                parsed.variableNames.lazy
                .filter { !$0.hasPrefix("$") && scope.value(of: $0).flatMap(forbiddenCharacter(in:)) != nil }
                .map { scope.describeSource(of: $0) }.first
        }
        throw .forbiddenCharacter(field: field(), character: character, source: source)
    }

    /// The first CR, LF or NUL in `text`, written as its escape (`\r`, `\n`, `\0`), or nil.
    static func forbiddenCharacter(in text: String) -> String? {
        for byte in text.utf8 {
            switch byte {
            case 0x0D: return "\\r"
            case 0x0A: return "\\n"
            case 0x00: return "\\0"
            default: continue
            }
        }
        return nil
    }
}

extension VariableScope {
    /// Where the value of `name` comes from, for messages: `--var 'x'`, `the capture 'x'`, …
    func describeSource(of name: String) -> String {
        if name.hasPrefix("env.") {
            return overrides[name] != nil ? "--var '\(name)'" : "the environment variable '\(name.dropFirst(4))'"
        }
        if overrides[name] != nil { return "--var '\(name)'" }
        if row[name] != nil { return "the data row's '\(name)'" }
        if captures[name] != nil { return "the capture '\(name)'" }
        return "the suite variable '\(name)'"
    }
}
