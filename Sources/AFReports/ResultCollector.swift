import AFRunner
import AFSession
import Foundation
import Locking

/// Keeps a run's results in arrival order for reporters that write once at the end.
final class ResultCollector: Sendable {
    private let results = LockedValue<[TestResult]>([])

    func append(_ result: TestResult) {
        let redacted = SinkRedactor.result(result)
        results.withLock { $0.append(redacted) }
    }

    /// Appends a result the caller has already passed through `SinkRedactor`.
    func append(redacted result: TestResult) {
        results.withLock { $0.append(result) }
    }

    /// Forgets the results so far (a reporter reused for the next run).
    func removeAll() {
        results.withLock { $0.removeAll() }
    }

    /// All results so far.
    var all: [TestResult] { results.withLock { $0 } }

    /// Results grouped by suite file, suites in order of first appearance.
    var bySuite: [(file: String, name: String, results: [TestResult])] {
        var order: [String] = []
        var groups: [String: (name: String, results: [TestResult])] = [:]
        for result in all {
            let file = result.identity.suiteFile
            if groups[file] == nil {
                order.append(file)
                groups[file] = (result.identity.suiteName, [])
            }
            groups[file]?.results.append(result)
        }
        return order.map { (file: $0, name: groups[$0]!.name, results: groups[$0]!.results) }
    }
}

/// Writes report files: creates the folder, replaces the file atomically.
enum ReportFile {
    /// Writes `data` to `path` whole or not at all: into a temporary file beside it, renamed over it once
    /// complete. Missing folders are made first.
    /// - Throws: `ReportError.cannotWrite` with the operating system's words for the call that failed
    ///   (`Not a directory`, `Permission denied`, `No space left on device`).
    static func write(_ data: Data, to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // A failure here shows again, with its errno, in the `open` below.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno) }
        let failed = data.withUnsafeBytes { FileDescriptorWriter.writeAll($0, to: descriptor) }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failed ?? closed {
            unlink(temporary)
            throw failure(path, code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> ReportError {
        .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }
}
