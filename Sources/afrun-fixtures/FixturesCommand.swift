import ArgumentParser
import Dispatch
import FixtureServer
import Foundation

/// Runs the fixture server until interrupted.
///
/// Prints one `NAME URL` line per endpoint (`http`, `h2c`, `https`, then each variant), flushes,
/// and serves until SIGINT or SIGTERM, then shuts down cleanly.
@main
struct FixturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afrun-fixtures",
        abstract: "Serve afrun's httpbin-like fixture routes over HTTP and HTTPS."
    )

    @Option(help: "The plain HTTP port (HTTP/1.1 and h2c prior knowledge); 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("tls-port"), help: "The HTTPS port of the valid certificate; 0 picks a free one.")
    var tlsPort = 8443

    @Flag(help: "Also serve every TLS variant, on the ports after --tls-port (or free ones when it is 0).")
    var variants = false

    @Flag(name: .customLong("no-tls"), help: "Serve plain HTTP only.")
    var noTLS = false

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The folder of the TLS fixtures (default: fixtures/tls from the working directory upwards).")
    var certificates: String?

    @Option(help: "Event-loop threads; the default is one per core of this machine.")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Keep a log of every request (grows without bound; off for benchmarks).")
    var recordRequests = false

    @Flag(
        name: .customLong("exit-with-parent"),
        help: "Shut down when the process that started this one ends (a test process that crashed, say)."
    )
    var exitWithParent = false

    func validate() throws {
        guard (0...65_535).contains(port), (0...65_535).contains(tlsPort) else {
            throw ValidationError("ports must be from 0 to 65535")
        }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
    }

    func run() async throws {
        // Taken first, so a parent that ends while the server starts is noticed too.
        let parent = getppid()
        var configuration = FixtureServer.Configuration()
        configuration.host = host
        configuration.httpPort = port
        configuration.tlsPort = noTLS ? nil : tlsPort
        configuration.tlsVariants = variants ? Set(FixtureServer.TLSVariant.allCases) : []
        configuration.certificatesDirectory = certificates.map { URL(fileURLWithPath: $0) }
        configuration.eventLoopThreads = threads
        configuration.recordsRequests = recordRequests
        if variants, tlsPort != 0 {
            let others = FixtureServer.TLSVariant.allCases.filter { $0 != .valid }
            for (offset, variant) in others.enumerated() { configuration.variantPorts[variant] = tlsPort + 1 + offset }
        }
        let signals = SignalStream()
        let server = try await FixtureServer.start(configuration)
        var lines = ["http \(server.httpURL.absoluteString)", "h2c \(server.http2PriorKnowledgeURL.absoluteString)"]
        if !noTLS {
            lines.append("https \(server.httpsURL.absoluteString)")
            for variant in FixtureServer.TLSVariant.allCases where server.port(for: .tls(variant)) != nil {
                lines.append("\(variant.rawValue) \(server.url(for: variant).absoluteString)")
            }
        }
        // Written straight to the file descriptor so a script reading a pipe sees the lines at once.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        let reason = await withTaskGroup(of: String.self) { group in
            let received = signals.received
            group.addTask {
                for await name in received { return name }
                return "end of signals"
            }
            if exitWithParent {
                // An orphan is re-parented: polling is the portable way to notice (PR_SET_PDEATHSIG follows
                // the parent thread, not the process).
                group.addTask {
                    while getppid() == parent, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(250)) }
                    return "parent process ended"
                }
            }
            let first = await group.next() ?? "end of signals"
            group.cancelAll()
            return first
        }
        signals.cancel()
        FileHandle.standardError.write(Data("afrun-fixtures: \(reason), shutting down\n".utf8))
        try await server.shutdown()
    }
}

/// SIGINT and SIGTERM as an async sequence of names, through dispatch sources (default handlers ignored).
struct SignalStream {
    private let sources: [any DispatchSourceSignal]
    private let names: AsyncStream<String>

    init() {
        let (names, continuation) = AsyncStream<String>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(name) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
        self.names = names
    }

    /// The names of the signals as they come.
    var received: AsyncStream<String> { names }

    /// Stops watching (the signals stay ignored).
    func cancel() {
        for source in sources { source.cancel() }
    }
}
