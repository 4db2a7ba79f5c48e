import Foundation

/// Finds suite files: a file path is taken as given; a folder yields every `*.json` below it,
/// sorted by path, skipping folders named `_data` or starting with `.` (bodies, fixtures and
/// editor state live there).
enum SuiteFileFinder {
    struct Found: Hashable {
        var url: URL
        var displayPath: String
    }

    static func find(_ paths: [String]) -> ([Found], [SuiteError]) {
        var found: [Found] = []
        var errors: [SuiteError] = []
        var seen: Set<String> = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(.unreadable(path: path, reason: "no such file or folder"))
                continue
            }
            let files: [Found]
            if isDirectory.boolValue {
                var collected: [Found] = []
                walk(URL(fileURLWithPath: path), display: trimmedFolder(path), into: &collected, errors: &errors)
                files = collected.sorted { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
            } else {
                files = [Found(url: URL(fileURLWithPath: path), displayPath: path)]
            }
            for file in files where seen.insert(file.url.standardizedFileURL.path).inserted {
                found.append(file)
            }
        }
        return (found, errors)
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

    private static func trimmedFolder(_ path: String) -> String {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p
    }

    private static func walk(_ folder: URL, display: String, into found: inout [Found], errors: inout [SuiteError]) {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            errors.append(.unreadable(path: display, reason: "cannot list the folder: \(error.localizedDescription)"))
            return
        }
        for name in entries.sorted() {
            let url = folder.appendingPathComponent(name)
            let shown = display == "." ? name : display + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if name == "_data" || name.hasPrefix(".") { continue }
                walk(url, display: shown, into: &found, errors: &errors)
            } else if name.hasSuffix(".json"), !name.hasPrefix("."), !name.hasSuffix(".schema.json") {
                found.append(Found(url: url, displayPath: shown))
            }
        }
    }
}
