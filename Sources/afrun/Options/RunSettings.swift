/// Everything `afrun run` takes from its command line, as plain values: built from `RunCommand`'s
/// parsed options, or straight from the arguments by `fastParse` without ArgumentParser.
struct RunSettings: Equatable, Sendable, CustomStringConvertible {
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

    /// Every value, for the argument-parsing check (`AFRUN_CHECK_ARGV`).
    var description: String {
        let e = execution, v = variables, o = output, r = reports
        return "paths=\(paths) jobs=\(e.jobs) filter=\(e.filter ?? "-") failFast=\(e.failFast) timeout=\(e.timeout) "
            + "insecure=\(e.insecure) var=\(v.variables) secret=\(v.secrets) varsFile=\(v.files) verbose=\(o.verbose) "
            + "quiet=\(o.quiet) color=\(o.color.rawValue) db=\(r.db ?? "-") noHistory=\(r.noHistory) "
            + "historyDetail=\(r.historyDetail?.rawValue ?? "-") junit=\(r.junit ?? "-") reportJSON=\(r.reportJSON ?? "-") "
            + "shard=\(r.shard ?? "-") rerunFailed=\(r.rerunFailed) failedFirst=\(r.failedFirst)"
    }
}
