import ArgumentParser
import Foundation

/// How results are shown on the terminal.
struct OutputOptions: ParsableArguments {
    /// `--color`.
    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Flag(name: [.short, .long], help: "Show the request and response of failing tests (redacted).")
    var verbose = false

    @Flag(name: [.short, .long], help: "Print only failures and the summary.")
    var quiet = false

    @Option(help: "Colors: auto (on a terminal), always, never.")
    var color: ColorMode = .auto

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    }

    /// Whether to print ANSI colors on standard output.
    var usesColor: Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto:
            isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        }
    }

    /// Whether the live progress bar is drawn (standard error is a terminal, not quiet).
    var showsProgress: Bool { !quiet && isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb" }
}
