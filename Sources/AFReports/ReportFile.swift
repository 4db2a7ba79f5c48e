import AFSession
import Foundation

/// Writes report files: creates the folder, replaces the file atomically.
enum ReportFile {
    /// Writes `data` to `path` whole or not at all: into a temporary file beside it, renamed over it once
    /// complete. Missing folders are made first. A symbolic link is followed, so the file it names is
    /// replaced and the link stays; a path that is not a regular file (`/dev/stdout`, a FIFO, a terminal) is
    /// written in place, since renaming over it would put a file where the device or pipe was.
    /// - Throws: `ReportError.cannotWrite` with the operating system's words for the call that failed
    ///   (`Not a directory`, `Permission denied`, `No space left on device`), naming `path` as given.
    static func write(_ data: Data, to path: String) throws {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            return try writeInPlace(data, to: path)
        }
        let target = finalTarget(of: path)
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        // A failure here shows again, with its errno, in the `open` below.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = target + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno) }
        let failed = data.withUnsafeBytes { FileDescriptorWriter.writeAll($0, to: descriptor) }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failed ?? closed {
            unlink(temporary)
            throw failure(path, code)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    /// Where a chain of symbolic links ends (the path itself when it is no link), even when the file it
    /// names does not exist yet.
    static func finalTarget(of path: String) -> String {
        var current = path
        // As the kernel's limit on links followed in one lookup: a loop ends here, and then fails at `open`.
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        return current
    }

    /// Writes to a device or pipe that already exists. Opened without blocking, so a FIFO nobody reads fails
    /// (`No such device or address`) instead of holding the run's end forever; then written blocking.
    private static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno) }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let failed = data.withUnsafeBytes { FileDescriptorWriter.writeAll($0, to: descriptor) }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failed ?? closed { throw failure(path, code) }
    }

    private static func failure(_ path: String, _ code: Int32) -> ReportError {
        .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }
}
