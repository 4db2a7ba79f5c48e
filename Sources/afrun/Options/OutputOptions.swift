import AFSuite
import ArgumentParser
import Foundation

/// How results are shown on the terminal.
struct OutputOptions: ParsableArguments {
    /// `--color`.
    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Flag(
        name: [.short, .long],
        help: ArgumentHelp(
            "Show the request and response of failing tests (redacted), and an errored test's curl code and measured phases.",
            discussion:
                "Twice (-vv): also every test's request and response as it finishes, passing ones too (headers, bodies clipped at 1 KiB, secrets masked)."
        )
    )
    var verbose: Int

    /// Whether `-v` (or `-vv`) was given.
    var isVerbose: Bool { verbose > 0 }
    /// Whether `-vv` was given: every request and response is traced.
    var traces: Bool { verbose > 1 }

    @Flag(name: [.short, .long], help: "Print only failures and the summary.")
    var quiet = false

    @Option(help: "Colors: auto (on a terminal, unless NO_COLOR is set to a non-empty value), always, never.")
    var color: ColorMode = .auto

    func validate() throws {
        if isVerbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    }

    /// Whether to print ANSI colors on standard output. `NO_COLOR` turns them off only when it is set and not
    /// empty (no-color.org): an empty `NO_COLOR=` left by a CI template must not change the output.
    var usesColor: Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto:
            isatty(STDOUT_FILENO) == 1 && (ProcessEnvironment.all["NO_COLOR"] ?? "").isEmpty
                && ProcessEnvironment.all["TERM"] != "dumb"
        }
    }

    /// Whether the live progress bar is drawn (standard error is a terminal, not quiet).
    var showsProgress: Bool { !quiet && isatty(STDERR_FILENO) == 1 && ProcessEnvironment.all["TERM"] != "dumb" }
}
