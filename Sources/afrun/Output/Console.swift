import AFSession
import Dispatch
import Foundation
import Locking

/// Writes to standard output and error; one lock so lines and the progress bar never interleave.
///
/// On a terminal every line goes out at once. Into a pipe or a file (CI logs, `| tee`), standard output is
/// buffered: one `write(2)` per line cost about a quarter of a 10,000-test run's wall time. A buffered line
/// waits at most `flushInterval`, anything written to standard error first sends what standard output holds
/// (so that `2>&1` keeps the order), and `flush()` sends the rest before the process exits.
final class Console: Sendable {
    private struct State {
        /// Standard output's bytes not written yet.
        var pending: [UInt8] = []
        /// Whether a flush is scheduled `flushInterval` after the oldest pending line.
        var flushScheduled = false
    }
    /// How long a buffered line may wait.
    static let flushInterval: DispatchTimeInterval = .milliseconds(100)
    /// Pending bytes that are written at once, without waiting for the interval.
    private static let bufferLimit = 64 * 1024
    private let state = LockedValue(State())
    private let buffersOutput: Bool

    /// - Parameter buffersOutput: whether standard output is buffered; by default when it is not a terminal.
    init(buffersOutput: Bool = isatty(STDOUT_FILENO) != 1) {
        self.buffersOutput = buffersOutput
    }

    /// Writes a line to standard output.
    func out(_ line: String) {
        guard buffersOutput else {
            state.withLock { _ in Self.write(line + "\n", to: STDOUT_FILENO) }
            return
        }
        let schedule = state.withLock { state -> Bool in
            state.pending.append(contentsOf: line.utf8)
            state.pending.append(UInt8(ascii: "\n"))
            if state.pending.count >= Self.bufferLimit {
                Self.writePending(&state)
                return false
            }
            guard !state.flushScheduled else { return false }
            state.flushScheduled = true
            return true
        }
        if schedule {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.flushInterval) { [self] in flush() }
        }
    }

    /// Writes a line to standard error.
    func err(_ line: String) {
        errRaw(line + "\n")
    }

    /// Writes raw text to standard error (the progress bar).
    func errRaw(_ text: String) {
        state.withLock { state in
            Self.writePending(&state)
            Self.write(text, to: STDERR_FILENO)
        }
    }

    /// Writes what standard output holds.
    func flush() {
        state.withLock { Self.writePending(&$0) }
    }

    private static func writePending(_ state: inout State) {
        state.flushScheduled = false
        guard !state.pending.isEmpty else { return }
        _ = state.pending.withUnsafeBytes { FileDescriptorWriter.writeAll($0, to: STDOUT_FILENO) }
        state.pending.removeAll(keepingCapacity: true)
    }

    /// Writes `text`'s UTF-8 bytes to `descriptor`, straight from the string's storage. A closed pipe or a full
    /// disk drops the rest: the run goes on and its exit status still tells.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        _ = text.withUTF8 { FileDescriptorWriter.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
