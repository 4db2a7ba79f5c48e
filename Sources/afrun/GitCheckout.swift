import Foundation

/// The commit and branch of the git checkout a run starts in, read from the `.git` folder itself, so no
/// `git` process is started and a machine without git still runs: `HEAD`, then the ref it names, as a
/// loose file or a line of `packed-refs`. Linked worktrees (`.git` is a file naming the real folder) find
/// their refs through `commondir`.
struct GitCheckout: Equatable {
    /// The commit `HEAD` resolves to, when it resolves.
    var commit: String?
    /// The branch `HEAD` names; nil when detached.
    var branch: String?

    /// The checkout containing `directory`, searched upwards; nil outside any.
    static func find(from directory: URL) -> GitCheckout? {
        var folder = directory.standardizedFileURL
        while true {
            if let gitFolder = gitFolder(at: folder.appendingPathComponent(".git")) {
                return read(gitFolder)
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `.git` as a folder, or the folder a `.git` file points at (`gitdir: PATH`, relative to the file).
    private static func gitFolder(at dotGit: URL) -> URL? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let line = text(dotGit), line.hasPrefix("gitdir: ") else { return nil }
        return URL(
            fileURLWithPath: String(line.dropFirst("gitdir: ".count)),
            relativeTo: dotGit.deletingLastPathComponent()
        )
        .standardizedFileURL
    }

    private static func read(_ gitFolder: URL) -> GitCheckout? {
        guard let head = text(gitFolder.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return GitCheckout(commit: objectName(head), branch: nil) }
        let ref = String(head.dropFirst("ref: ".count))
        let branch = ref.hasPrefix("refs/heads/") ? String(ref.dropFirst("refs/heads/".count)) : nil
        // A linked worktree keeps its own HEAD; its refs live in the main repository's folder.
        let common =
            text(gitFolder.appendingPathComponent("commondir")).map {
                URL(fileURLWithPath: $0, relativeTo: gitFolder.appendingPathComponent("commondir")).standardizedFileURL
            } ?? gitFolder
        let loose = text(common.appendingPathComponent(ref)).flatMap(objectName)
        return GitCheckout(commit: loose ?? packed(ref, in: common), branch: branch)
    }

    /// The object name `packed-refs` gives `ref` (lines `NAME REF`; `^NAME` lines peel tags and are skipped).
    private static func packed(_ ref: String, in folder: URL) -> String? {
        guard let table = try? String(contentsOf: folder.appendingPathComponent("packed-refs"), encoding: .utf8) else {
            return nil
        }
        for line in table.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == ref { return objectName(String(fields[0])) }
        }
        return nil
    }

    /// `name` when it is a SHA-1 or SHA-256 object name.
    private static func objectName(_ name: String) -> String? {
        (name.count == 40 || name.count == 64) && name.allSatisfy(\.isHexDigit) ? name : nil
    }

    /// A small file's first line, trimmed.
    private static func text(_ url: URL) -> String? {
        guard let content = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return content.split(separator: "\n", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
