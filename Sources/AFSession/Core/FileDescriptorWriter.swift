import Glibc

/// Writes whole buffers to a file descriptor with `write(2)`: a short write goes on from where it stopped and
/// an interrupted one (`EINTR`) is retried. Shared by downloads to a file and by `afrun`'s console.
public enum FileDescriptorWriter {
    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: nil once everything is written, else the `errno` of the write that failed (what came before
    ///   it was written).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += written
            left -= written
        }
        return nil
    }
}
