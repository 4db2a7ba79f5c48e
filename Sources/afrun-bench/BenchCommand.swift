import AFSession
import ArgumentParser
import FixtureServer
import Foundation

/// Drives GET requests through the session core and reports throughput, latency and memory.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun-bench",
        abstract: "Benchmark the afrun session core against a local server."
    )

    @Option(name: [.customShort("n"), .long], help: "Number of GET requests.")
    var requests = 10_000

    @Option(name: .shortAndLong, help: "Requests in flight at once.")
    var concurrency = 64

    @Option(help: "The URL to GET; default: an in-process fixture server's /bytes/64.")
    var url: String?

    @Option(help: "Requests sent before measuring (connections warmed up).")
    var warmup = 200

    @Flag(help: "Ask for HTTP/2 over TLS (ALPN) instead of HTTP/1.1.")
    var http2 = false

    func validate() throws {
        guard requests > 0, concurrency > 0 else {
            throw ValidationError("--requests and --concurrency must be positive")
        }
    }

    func run() async throws {
        var server: FixtureServer?
        let target: URL
        if let url {
            guard let parsed = URL(string: url) else { throw ValidationError("--url is not a URL: \(url)") }
            target = parsed
        } else {
            var configuration = FixtureServer.Configuration()
            configuration.tlsPort = nil
            configuration.tlsVariants = []
            let started = try await FixtureServer.start(configuration)
            server = started
            target = started.httpURL.appendingPathComponent("bytes/64")
        }

        var configuration = SessionConfiguration()
        configuration.maxConnections = concurrency
        configuration.httpVersion = http2 ? .http2OverTLS : .http1_1
        // As `curl --parallel` without --compressed or a cookie jar.
        configuration.cookiesEnabled = false
        configuration.automaticDecompression = false
        let session = SessionManager(configuration: configuration)

        let request = HTTPRequest(url: target)
        if warmup > 0 {
            _ = try await BenchDriver.drive(session: session, request: request, count: warmup, concurrency: concurrency)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await BenchDriver.drive(
            session: session,
            request: request,
            count: requests,
            concurrency: concurrency
        )
        let elapsed = clock.now - start
        await session.shutdown()
        try await server?.shutdown()

        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let latencies = result.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        }
        print("url=\(target.absoluteString)")
        print("requests=\(requests) concurrency=\(concurrency) failures=\(result.failures)")
        print(String(format: "seconds=%.3f", seconds))
        print(String(format: "req_per_s=%.0f", Double(requests) / seconds))
        print(String(format: "p50_ms=%.3f p95_ms=%.3f", percentile(0.50), percentile(0.95)))
        print("peak_rss_kib=\(BenchDriver.peakResidentKiB())")
        if result.failures > 0 { throw ExitCode(1) }
    }
}
