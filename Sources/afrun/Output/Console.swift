import Foundation
import AFSession

/// Writes to standard output and error; one lock so lines and the progress bar never interleave.
final class Console: Sendable {
    private let lock = LockedValue(())

    /// Writes a line to standard output.
    func out(_ line: String) {
        lock.withLock { _ in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }

    /// Writes a line to standard error.
    func err(_ line: String) {
        lock.withLock { _ in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// Writes raw text to standard error (the progress bar).
    func errRaw(_ text: String) {
        lock.withLock { _ in FileHandle.standardError.write(Data(text.utf8)) }
    }
}
