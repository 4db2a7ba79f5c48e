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
    }
}
