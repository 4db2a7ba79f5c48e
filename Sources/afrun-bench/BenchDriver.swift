import AFSession
import Foundation
import Synchronization

/// Runs N requests with C in flight and collects per-request latency.
enum BenchDriver {
    struct Result: Sendable {
        var latencies: [Double] = []
        var failures = 0
    }

    /// Sends `count` copies of `request`, `concurrency` at a time, each worker taking the next index.
    static func drive(
        session: SessionManager,
        request: HTTPRequest,
        count: Int,
        concurrency: Int
    ) async throws -> Result {
        let next = Counter()
        return await withTaskGroup(of: Result.self) { group in
            for _ in 0..<min(concurrency, count) {
                group.addTask {
                    var local = Result()
                    local.latencies.reserveCapacity(count / concurrency + 1)
                    let clock = ContinuousClock()
                    while next.take() < count {
                        let start = clock.now
                        do {
                            let response = try await session.data(for: request)
                            if response.response.statusCode != 200 {
                                if local.failures == 0 {
                                    FileHandle.standardError.write(
                                        Data("afrun-bench: status \(response.response.statusCode)\n".utf8)
                                    )
                                }
                                local.failures += 1
                            }
                        } catch {
                            if local.failures == 0 {
                                FileHandle.standardError.write(Data("afrun-bench: \(error)\n".utf8))
                            }
                            local.failures += 1
                        }
                        local.latencies.append((clock.now - start).milliseconds)
                    }
                    return local
                }
            }
            var total = Result()
            total.latencies.reserveCapacity(count)
            for await part in group {
                total.latencies.append(contentsOf: part.latencies)
                total.failures += part.failures
            }
            return total
        }
    }

    /// The process's peak resident set (`VmHWM` in /proc/self/status), in KiB.
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

/// A shared index handed out to the workers.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    /// Returns the next index.
    func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}
