import AFReports
import AFSuite

extension SuiteLoadFailure {
    /// The loader's problem as the reports show it: at its place in the file (a shared fragment's own file
    /// when the problem is there), or the path that could not be read.
    init(_ error: SuiteError) {
        switch error {
        case .unreadable(let path, let reason):
            self.init(file: path, message: reason, fix: error.fix)
        default:
            self.init(
                file: error.location?.file ?? "",
                line: error.location?.line,
                column: error.location?.column,
                message: error.message,
                fix: error.fix
            )
        }
    }
}
