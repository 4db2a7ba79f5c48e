import Foundation
import Glibc

/// Waits for changes to suite files and the files beside them, through Linux inotify: `afrun run --watch`.
///
/// Folders are watched, not files: an editor that saves by writing a new file and renaming it over the old
/// one replaces the file's inode, and a watch on the old inode would see nothing more.
///
/// `@unchecked Sendable`: the inotify descriptor and `watches` are used by one thread at a time, the one in
/// ``watch(_:)`` or ``next(settle:)``, which the command awaits before it calls either again; other threads
/// only call ``interrupt()``, which writes to a pipe.
public final class SuiteFileWatcher: @unchecked Sendable {
    /// What ended a wait.
    public enum Event: Sendable, Hashable {
        /// Files changed, created, deleted or moved: their absolute paths.
        case changed(Set<String>)
        /// ``interrupt()`` was called (a signal), with the value it was given.
        case interrupted(Int32)
    }

    /// What went wrong setting a watch up.
    public struct WatchError: Error, CustomStringConvertible {
        /// The call and the system's message.
        public var description: String
    }

    private let inotify: Int32
    private let wake: (read: Int32, write: Int32)
    /// Watch descriptors by the folder each watches.
    private var watches: [Int32: String] = [:]

    /// The events that mean a file's content or presence changed.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

    /// Opens an inotify instance.
    /// - Throws: ``WatchError`` when the system refuses (too many instances).
    public init() throws {
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw WatchError(description: "inotify_init1: \(String(cString: strerror(errno)))") }
        var fds: [Int32] = [0, 0]
        // `pipe2` is declared only under _GNU_SOURCE: `pipe`, then each end's flags.
        guard pipe(&fds) == 0 else {
            close(inotify)
            throw WatchError(description: "pipe2: \(String(cString: strerror(errno)))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        close(inotify)
        close(wake.read)
        close(wake.write)
    }

    /// How many folders are watched.
    public var folderCount: Int { watches.count }

    /// Watches `folders` too (a folder already watched is kept once).
    /// - Throws: ``WatchError`` when a folder cannot be watched (the per-user limit of watches, say).
    public func watch(_ folders: some Sequence<String>) throws {
        for folder in folders {
            let descriptor = inotify_add_watch(inotify, folder, Self.mask | UInt32(IN_ONLYDIR))
            guard descriptor >= 0 else {
                // A folder deleted since it was listed is no longer worth watching.
                if errno == ENOENT || errno == ENOTDIR { continue }
                throw WatchError(description: "cannot watch \(folder): \(String(cString: strerror(errno)))")
            }
            watches[descriptor] = folder
        }
    }

    /// Ends the current or the next ``next(settle:)`` with `.interrupted(value)`; safe from any thread (a
    /// signal handler's queue).
    public func interrupt(_ value: Int32) {
        var byte = UInt8(truncatingIfNeeded: value)
        _ = write(wake.write, &byte, 1)
    }

    /// Blocks until a watched folder changes, then goes on collecting changes until none came for `settle`
    /// (an editor's save is several events), or until ``interrupt(_:)``.
    public func next(settle: Duration = .milliseconds(200)) -> Event {
        var changed: Set<String> = []
        var created: Set<String> = []
        var timeout: Int32 = -1
        while true {
            var fds = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .interrupted(SIGTERM)
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                _ = read(wake.read, &byte, 1)
                return .interrupted(Int32(byte))
            }
            if ready == 0 {
                // A file made and gone within the change (`sed -i`'s and editors' write-then-rename files)
                // was never there for a run to read.
                return .changed(
                    changed.filter { !created.contains($0) || FileManager.default.fileExists(atPath: $0) }
                )
            }
            for (path, mask) in readEvents() {
                changed.insert(path)
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { created.insert(path) }
            }
            // A settle period starts with the first change.
            if !changed.isEmpty {
                timeout = Int32(
                    settle.components.seconds * 1_000 + settle.components.attoseconds / 1_000_000_000_000_000
                )
            }
        }
    }

    /// The path and event mask of each event queued now.
    private func readEvents() -> [(path: String, mask: UInt32)] {
        var paths: [(path: String, mask: UInt32)] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(inotify, buffer, size)
            guard count > 0 else { return paths }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                let nameBytes = UnsafeRawBufferPointer(start: nameStart, count: Int(event.len))
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if let folder = watches[event.wd], !name.isEmpty {
                    paths.append((folder.hasSuffix("/") ? folder + name : folder + "/" + name, event.mask))
                }
                if event.mask & UInt32(IN_IGNORED) != 0 { watches[event.wd] = nil }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }

    /// The folders to watch for `paths` (as `afrun run` takes them): each folder with every folder below it
    /// (`_data` and `_shared` too; not hidden ones), and the folder of each file.
    public static func folders(for paths: [String]) -> Set<String> {
        var out: Set<String> = []
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                out.insert(url.deletingLastPathComponent().path)
                continue
            }
            out.insert(url.path)
            let walker = FileManager.default.enumerator(
                at: url,
                includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles]
            )
            while let item = walker?.nextObject() as? URL {
                if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    out.insert(item.standardizedFileURL.path)
                }
            }
        }
        return out
    }
}
