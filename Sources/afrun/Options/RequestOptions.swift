import AFRunner
import ArgumentParser

/// How requests are sent, for every suite of a run (a suite's own keys win where it sets them).
struct RequestOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Make {{$uuid}}, {{$randomInt(…)}} and {{$randomString(…)}} the same on every run with this seed.",
            valueName: "n"
        )
    )
    var seed: UInt64?

    /// Copies the options into `options`.
    func apply(to options: inout RunOptions) {
        options.seed = seed
    }
}
