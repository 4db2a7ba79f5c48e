import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a child process's pipe the way the tests need, without `FileHandle.readDataToEndOfFile()`
/// and `availableData`, and without blocking a thread of the shared executor.
///
/// Every test runs in one process, and many of them start child processes: each child that exits sends
/// SIGCHLD, which interrupts a blocking `read` on another thread with EINTR. Foundation's two reads
/// answer EINTR with a `try!` that stops the whole test process (seen on this machine: the crash,
/// then a fixture child left holding the test process's stderr, then `swift test` waiting forever).
/// These reads retry instead, on a thread of their own (`OffExecutor`).
public enum PipeReading {
    /// Everything until the writer closes its end.
    public static func readToEnd(_ handle: FileHandle) async -> Data {
        await OffExecutor.run { blockingReadToEnd(handle) }
    }

    /// The text read until `isComplete` holds for all of it, or until the writer closes its end.
    public static func read(
        _ handle: FileHandle,
        until isComplete: @escaping @Sendable (String) -> Bool
    ) async -> String {
        await OffExecutor.run {
            var text = ""
            while !isComplete(text), case let chunk = readAvailable(handle), !chunk.isEmpty {
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
    }

    /// Everything until the writer closes its end, blocking the calling thread: for `OffExecutor` work only.
    static func blockingReadToEnd(_ handle: FileHandle) -> Data {
        var all = Data()
        while true {
            let chunk = readAvailable(handle)
            if chunk.isEmpty { return all }
            all.append(chunk)
        }
    }

    /// What one `read` returns (at most 64 KiB), retried on EINTR; empty at the end of the stream or on
    /// an error. Blocks the calling thread.
    private static func readAvailable(_ handle: FileHandle) -> Data {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }
}
