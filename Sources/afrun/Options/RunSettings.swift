import ArgumentParser

/// Everything `afrun run` takes from its command line, as plain values: built from `RunCommand`'s
/// parsed options, or straight from the arguments by `fastParse` without ArgumentParser.
struct RunSettings: Equatable, Sendable {
    /// The suite files and folders.
    var paths: [String]
    /// Scheduling and sending.
    var execution = ExecutionSettings()
    /// `--var`, `--secret`, `--vars-file`.
    var variables = VariableSettings()
    /// Terminal output.
    var output = OutputSettings()
    /// History, reports and selection.
    var reports = ReportSettings()

    /// Checks every group, in the order ArgumentParser validates `RunCommand`'s option groups.
    /// - Throws: the first group's `ValidationError`.
    func validate() throws {
        try execution.validate()
        try variables.validate()
        try output.validate()
        try reports.validate()
        try validateTogether()
    }

    /// The checks that span groups (ArgumentParser validates each group on its own).
    /// - Throws: `ValidationError` naming the flags and the fix.
    func validateTogether() throws {
        if execution.repeatCount > 1, let flag = reports.junit != nil ? "--junit" : reports.reportJSON != nil ? "--report-json" : nil {
            throw ValidationError(
                "\(flag) writes one run's report, and --repeat makes \(execution.repeatCount) runs: drop one of them "
                    + "(each repeated run is in the history: `afrun history show RUN`)")
        }
    }
}
