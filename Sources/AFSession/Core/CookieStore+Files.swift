import Foundation

extension CookieStore {
    /// A cookie file that could not be read or written.
    public struct FileError: Error, Sendable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What went wrong.
        public var reason: String

        /// `cookie file PATH: reason`.
        public var description: String { "cookie file \(path): \(reason)" }
    }

    /// Adds the cookies of a Netscape cookie file (the format `curl -b` reads and `curl -c` writes),
    /// read by libcurl. A missing file adds nothing, as for curl.
    /// - Throws: `FileError` when the path exists but is not a readable regular file, or holds something other
    ///   than cookies (no cookie read, and neither the format's header nor a cookie line).
    public func load(contentsOf file: URL) throws(FileError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) {
            guard !isFolder.boolValue, FileManager.default.isReadableFile(atPath: file.path) else {
                throw FileError(path: file.path, reason: "not a readable file")
            }
        }
        guard let share else { throw FileError(path: file.path, reason: "libcurl has no cookie store") }
        let before = netscapeLines.count
        do { try share.loadCookies(fromFile: file.path) } catch {
            throw FileError(path: file.path, reason: "libcurl could not read it: \(error.code)")
        }
        // libcurl skips what it cannot read without a word, and `save(to:)` replaces the file: a suite or a
        // report named by mistake would be lost. A file with no cookie and nothing of the format is refused.
        if netscapeLines.count == before, let data = FileManager.default.contents(atPath: file.path),
            !Self.looksLikeCookieFile(data)
        {
            throw FileError(
                path: file.path,
                reason: "not a Netscape cookie file (a line that is neither a comment nor seven tab-separated"
                    + " fields), so it is left as it is: name a file curl or afrun wrote, or a new one"
            )
        }
    }

    /// Whether `data` may be a Netscape cookie file: every line is blank, a comment (curl's and wget's header
    /// lines, `#HttpOnly_` cookies) or seven tab-separated fields (a cookie libcurl may have skipped as expired).
    /// An empty jar, curl's or wget's, passes; a suite, a report or any other text has a line that is none of these.
    static func looksLikeCookieFile(_ data: Data) -> Bool {
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).allSatisfy { line in
            line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") || line.utf8.count(where: { $0 == 0x09 }) >= 6
        }
    }

    /// Writes every cookie to a Netscape cookie file, as `curl -c` does, replacing it.
    /// - Throws: `FileError` when the file cannot be written.
    public func save(to file: URL) throws(FileError) {
        let folder = file.deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw FileError(path: file.path, reason: "its folder \(folder) is not writable")
        }
        guard let share else { throw FileError(path: file.path, reason: "libcurl has no cookie store") }
        do { try share.saveCookies(toFile: file.path) } catch {
            throw FileError(path: file.path, reason: "libcurl could not write it: \(error.code)")
        }
        // libcurl only warns when it cannot write the jar: look for the file it wrote.
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw FileError(path: file.path, reason: "libcurl did not write it")
        }
    }

    /// Every cookie, one Netscape cookie-file line each (`#HttpOnly_` marks HttpOnly cookies).
    /// Empty when libcurl cannot list them (out of memory).
    public var netscapeLines: [String] {
        (try? share?.cookieLines()) ?? []
    }

    /// Adds cookies given as Netscape cookie-file lines: how one store's cookies are copied into another.
    /// A cookie with the name, domain and path of one held replaces it; a line libcurl cannot parse is skipped,
    /// as it skips one in a cookie file.
    public func add(netscapeLines lines: [String]) {
        guard !lines.isEmpty else { return }
        try? share?.addCookieLines(lines)
    }
}
