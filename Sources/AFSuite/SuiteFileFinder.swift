import Foundation
import Glibc

/// Finds suite files: a file path is taken as given; a folder yields every `*.json` below it,
/// sorted by path, skipping folders whose name starts with `_` or `.` (bodies, data, shared `$ref`
/// fragments and editor state live there: `_data`, `_shared`).
///
/// Symbolic links are followed, but each folder and file (by device and inode) is visited once:
/// a link back to a folder above it would otherwise be walked forever, and a link to a folder
/// beside it would load every suite below it twice. Such links and dangling ones are skipped with
/// a ``DiscoveryWarning``.
enum SuiteFileFinder {
    struct Found: Hashable {
        var url: URL
        var displayPath: String
    }

    /// A file's identity, the same through every link to it.
    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// What a walk has seen so far.
    private struct Walk {
        var found: [Found] = []
        var errors: [SuiteError] = []
        var warnings: [DiscoveryWarning] = []
        /// Folders walked and files taken, with the path each was first seen at.
        var visited: [FileID: String] = [:]
    }

    static func find(_ paths: [String]) -> ([Found], [SuiteError], [DiscoveryWarning]) {
        var walk = Walk()
        for path in paths {
            guard let (id, isDirectory) = status(path) else {
                walk.errors.append(.unreadable(path: path, reason: "no such file or folder"))
                continue
            }
            if isDirectory {
                let display = displayForm(path)
                guard walk.visited[id] == nil else { continue }
                walk.visited[id] = display
                var collected = Walk(visited: walk.visited)
                Self.walk(URL(fileURLWithPath: path), display: display, into: &collected)
                walk.visited = collected.visited
                walk.errors += collected.errors
                walk.warnings += collected.warnings
                walk.found += collected.found.sorted {
                    $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8)
                }
            } else if walk.visited.updateValue(path, forKey: id) == nil {
                walk.found.append(Found(url: URL(fileURLWithPath: path), displayPath: displayForm(path)))
            }
        }
        return (walk.found, walk.errors, walk.warnings)
    }

    /// Why the file at `path` cannot be read as a suite or data file without opening it, or nil for a
    /// regular file (or one `stat` cannot see: reading it then reports the error). A FIFO would block the
    /// read until a writer came, and `/dev/zero` would never end: their type is checked first.
    static func notRegularFileProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        return "not a regular file: it is \(kind)"
    }

    /// The bytes of the regular file at `path`, read straight into the array a suite keeps (read through `Data`, a
    /// large suite was held twice while it was copied); or why it cannot be read.
    static func readBytes(_ path: String) -> Result<[UInt8], ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadProblem(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadProblem(errno)) }
        // One byte more than the file: the read that finds the end needs room, and the array is not regrown.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            // Past the size `stat` gave, should the file have grown since.
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 65536)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(ReadProblem(errno)) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// Why a file could not be read: the system's words for `errno`.
    struct ReadProblem: Error {
        let message: String
        init(_ code: Int32) { message = String(cString: strerror(code)) }
    }

    /// One spelling of `path` for output and for the history, which keys every test by it: `suites`,
    /// `suites/`, `./suites`, `suites//` and, run from the folder holding it, `/work/repo/suites` are all
    /// `suites`. A re-run job that names the folder another way than the shards did then still finds their
    /// failures (`--rerun-failed`) and durations (`--shard`). `..` is kept: through a link it may lead
    /// elsewhere than the folder above.
    static func displayForm(
        _ path: String,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        let absolute = path.hasPrefix("/")
        var parts = path.split(separator: "/").filter { $0 != "." }
        if absolute {
            let base = workingDirectory.split(separator: "/").filter { $0 != "." }
            if !base.isEmpty, parts.count >= base.count, Array(parts.prefix(base.count)) == base {
                parts.removeFirst(base.count)
                return parts.isEmpty ? "." : parts.joined(separator: "/")
            }
            return "/" + parts.joined(separator: "/")
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The identity of what `path` leads to (links followed) and whether it is a folder; nil when it
    /// does not exist.
    private static func status(_ path: String) -> (FileID, Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), (info.st_mode & S_IFMT) == S_IFDIR)
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    private static func walk(_ folder: URL, display: String, into walk: inout Walk) {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            walk.errors.append(
                .unreadable(path: display, reason: "cannot list the folder: \(error.localizedDescription)")
            )
            return
        }
        for name in entries.sorted() {
            let url = folder.appendingPathComponent(name)
            let shown = display == "." ? name : display + "/" + name
            guard let (id, isDirectory) = status(url.path) else {
                if isLink(url.path), isCandidate(name) {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
                    walk.warnings.append(DiscoveryWarning(path: shown, reason: .danglingLink(target: target)))
                }
                continue
            }
            if isDirectory {
                if name.hasPrefix("_") || name.hasPrefix(".") { continue }
                if let first = walk.visited[id] {
                    if isLink(url.path) {
                        walk.warnings.append(DiscoveryWarning(path: shown, reason: .loop(first: first)))
                    }
                    continue
                }
                walk.visited[id] = shown
                Self.walk(url, display: shown, into: &walk)
            } else if name.hasSuffix(".json"), !name.hasPrefix("."), !name.hasSuffix(".schema.json") {
                // A second link to a suite already found loads nothing new.
                guard walk.visited.updateValue(shown, forKey: id) == nil else { continue }
                walk.found.append(Found(url: url, displayPath: shown))
            }
        }
    }

    /// Whether a dangling link named `name` would have been read (a folder or a suite file): links
    /// named like `_data` or hidden ones are not the walk's business.
    private static func isCandidate(_ name: String) -> Bool {
        !name.hasPrefix("_") && !name.hasPrefix(".")
    }
}
