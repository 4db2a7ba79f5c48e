import AFRunner
import Synchronization

/// A sink that keeps what it receives, for assertions.
final class CollectingSink: ResultSink {
    private let state = Mutex<(started: Int, results: [TestResult], finished: RunStatus?, planned: Int?)>(
        (0, [], nil, nil)
    )

    func runDidStart(_ run: RunInfo) async throws {
        state.withLock {
            $0.started += 1
            $0.planned = run.plannedTests
        }
    }
    func record(_ result: TestResult, in run: RunInfo) async throws { state.withLock { $0.results.append(result) } }
    func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        state.withLock { $0.finished = status }
    }

    var results: [TestResult] { state.withLock { $0.results } }
    var finished: RunStatus? { state.withLock { $0.finished } }
    var started: Int { state.withLock { $0.started } }
    /// The run's `plannedTests` as the sinks heard it at the start.
    var planned: Int? { state.withLock { $0.planned } }

    func result(_ name: String) -> TestResult? { results.first { $0.identity.testName == name } }
}

extension RunInfo {
    static let test = RunInfo(
        commandLine: ["afrun"],
        host: "test",
        afrunVersion: "0",
        libcurlVersion: "0",
        opensslVersion: "0"
    )
}
