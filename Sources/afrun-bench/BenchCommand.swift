import AFSession
import ArgumentParser

/// Drives GET requests through the session core and reports throughput.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun-bench", abstract: "Benchmark the afrun session core against a local server.")

    func run() async throws {}
}
