import AFSuite
import ArgumentParser
import Foundation

/// `OutputOptions` as plain values.
struct OutputSettings: Equatable, Sendable {
    /// `--verbose`.
    var verbose = false
    /// `--quiet`.
    var quiet = false
    /// `--color`.
    var color: OutputOptions.ColorMode = .auto

    /// Checks the values together.
    /// - Throws: `ValidationError` when `--verbose` and `--quiet` are both given.
    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    }

    /// Whether to print ANSI colors on standard output.
    var usesColor: Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto:
            isatty(STDOUT_FILENO) == 1 && ProcessEnvironment.all["NO_COLOR"] == nil
                && ProcessEnvironment.all["TERM"] != "dumb"
        }
    }

    /// Whether the live progress bar is drawn (standard error is a terminal, not quiet).
    var showsProgress: Bool { !quiet && isatty(STDERR_FILENO) == 1 && ProcessEnvironment.all["TERM"] != "dumb" }
}
