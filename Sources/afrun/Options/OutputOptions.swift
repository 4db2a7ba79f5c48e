import ArgumentParser

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
    var color: ColorMode = OutputSettings().color

    /// The same values as `OutputSettings`.
    var settings: OutputSettings { OutputSettings(verbose: verbose, quiet: quiet, color: color) }

    func validate() throws { try settings.validate() }

    /// Whether to print ANSI colors on standard output.
    var usesColor: Bool { settings.usesColor }
}
