import AFHistory
import ArgumentParser

extension RunSettings {
    /// The subcommand names; an argument list holding one of them (after an optional leading `run`) or a
    /// request to the root command (`AFRunCommand.isRootRequest`) anywhere is left to ArgumentParser.
    static let subcommands: Set<String> = ["run", "validate", "jsonpath", "jsonschema", "history"]

    /// `afrun run PATH… [flags]` (or `afrun PATH… [flags]`, `run` being the default command) read without
    /// ArgumentParser, whose reflective parsing (option groups through `Mirror`, dynamic casts that scan
    /// the binary's whole protocol-conformance table) was several milliseconds of every run's start-up.
    ///
    /// Deliberately narrow: it accepts only arguments it reads exactly as ArgumentParser does — a known
    /// flag, `--option value` or `--option=value` with a value that does not start with `-`, a path that
    /// does not start with `-` — each single-valued option at most once, and values that pass the same
    /// checks as `RunCommand`'s `validate()`. Anything else (help, the version, another command, an
    /// unknown or repeated flag, `--`, a bad value, a failed check) returns nil, and the caller parses
    /// with ArgumentParser, so usage errors and their messages stay ArgumentParser's.
    /// - Parameter arguments: the command line without the program name.
    /// - Returns: the settings, or nil to parse with ArgumentParser.
    static func fastParse(_ arguments: [String]) -> RunSettings? {
        var rest = arguments[...]
        if rest.first == "run" { rest = rest.dropFirst() }
        var settings = RunSettings(paths: [])
        var seen: Set<String> = []
        while let argument = rest.popFirst() {
            if argument.isEmpty || subcommands.contains(argument) || AFRunCommand.isRootRequest(argument) {
                return nil
            }
            guard argument.hasPrefix("-") else {
                settings.paths.append(argument)
                continue
            }
            if settings.setFlag(argument) {
                // A repeated flag is left to ArgumentParser (whatever it makes of it).
                guard seen.insert(argument).inserted else { return nil }
                continue
            }
            var name = argument
            var value: String
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                value = String(argument[argument.index(after: eq)...])
            } else {
                guard let next = rest.popFirst() else { return nil }
                value = next
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            let canonical = name == "-j" ? "--jobs" : name
            if !["--var", "--secret", "--vars-file"].contains(canonical) {
                guard seen.insert(canonical).inserted else { return nil }
            }
            guard settings.setOption(canonical, to: value) else { return nil }
        }
        guard !settings.paths.isEmpty, (try? settings.validate()) != nil else { return nil }
        return settings
    }

    /// Sets the flag `argument` names; false when it names none.
    private mutating func setFlag(_ argument: String) -> Bool {
        switch argument {
        case "--fail-fast": execution.failFast = true
        case "--insecure": execution.insecure = true
        case "-v", "--verbose": output.verbose = true
        case "-q", "--quiet": output.quiet = true
        case "--no-history": reports.noHistory = true
        case "--rerun-failed": reports.rerunFailed = true
        case "--failed-first": reports.failedFirst = true
        default: return false
        }
        return true
    }

    /// Sets the option `name` (its long form) from `value` with the same `ExpressibleByArgument`
    /// conversion ArgumentParser uses; false for an unknown name or a value that does not convert.
    private mutating func setOption(_ name: String, to value: String) -> Bool {
        switch name {
        case "--jobs":
            guard let jobs = Int(argument: value) else { return false }
            execution.jobs = jobs
        case "--filter": execution.filter = value
        case "--repeat":
            guard let count = Int(argument: value) else { return false }
            execution.repeatCount = count
        case "--timeout":
            guard let timeout = Double(argument: value) else { return false }
            execution.timeout = timeout
        case "--var": variables.variables.append(value)
        case "--secret": variables.secrets.append(value)
        case "--vars-file": variables.files.append(value)
        case "--color":
            guard let color = OutputOptions.ColorMode(argument: value) else { return false }
            output.color = color
        case "--db": reports.db = value
        case "--history-detail":
            guard let detail = HistoryDetail(argument: value) else { return false }
            reports.historyDetail = detail
        case "--junit": reports.junit = value
        case "--report-json": reports.reportJSON = value
        case "--shard": reports.shard = value
        default: return false
        }
        return true
    }
}
