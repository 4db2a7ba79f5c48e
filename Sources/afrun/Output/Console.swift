import AFSession
import Foundation
import Locking

/// Writes to standard output and error; one lock so lines and the progress bar never interleave.
final class Console: Sendable {
    private let lock = LockedValue(())

    /// Writes a line to standard output.
    func out(_ line: String) {
        lock.withLock { _ in Self.write(line + "\n", to: STDOUT_FILENO) }
    }

    /// Writes a line to standard error.
    func err(_ line: String) {
        lock.withLock { _ in Self.write(line + "\n", to: STDERR_FILENO) }
    }

    /// Writes raw text to standard error (the progress bar).
    func errRaw(_ text: String) {
        lock.withLock { _ in Self.write(text, to: STDERR_FILENO) }
    }

    /// Writes `text`'s UTF-8 bytes to `descriptor`, straight from the string's storage (going through `Data`
    /// and `FileHandle` copied the text and made the runtime look up a conformance on first use). A closed pipe
    /// or a full disk drops the rest: the run goes on and its exit status still tells.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        _ = text.withUTF8 { FileDescriptorWriter.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
