import Foundation

/// A JSON document named on the command line (`afrun jsonpath`, `afrun jsonschema`): read as `cat` reads it.
enum DocumentArgument {
    /// Why the document could not be read, in words a user can act on.
    struct ReadError: Error {
        var reason: String
    }

    /// The bytes of a document named on the command line: a file, a pipe (`<(…)`), or standard input for `-`.
    static func read(_ source: String) throws(ReadError) -> Data {
        if source == "-" {
            do {
                return try FileHandle.standardInput.readToEnd() ?? Data()
            } catch {
                throw ReadError(reason: error.localizedDescription)
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            throw ReadError(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(reason: "it is a directory") }
        // A pipe (`<(…)`) is read through a file handle: `contents(atPath:)` reads regular files only.
        guard
            let data = FileManager.default.contents(atPath: source)
                ?? (try? FileHandle(forReadingAtPath: source)?.readToEnd()).flatMap({ $0 })
        else {
            throw ReadError(reason: "permission denied or unreadable")
        }
        return data
    }
}
