import Foundation
import JSONPath
import JSONSchema

extension SchemaFileLoader {
    /// A problem inside a schema file that the compiled schema reaches through `$ref`.
    public struct ReferencedProblem: Sendable, Hashable {
        /// The referenced file's path, beside the referring file's as the user gave it when it is in the same
        /// folder or below (`schemas/common/b.schema.json`), else absolute.
        public var path: String
        /// Line and column (1-based) in that file: the JSON syntax error, or the subschema the error is about.
        public var line: Int
        public var column: Int
        /// The subschema's JSON Pointer in that file (`""` for a syntax error).
        public var pointer: String
        /// Whether the file is not JSON at all, rather than a schema that does not compile.
        public var isInvalidJSON: Bool
        /// What is wrong, in the file's own terms (`#/properties/id: unknown type "strng"`, `invalid JSON: …`).
        public var message: String
    }

    /// Where a compile error lies when it is in another schema file than the one compiled (a `$ref`ed
    /// `b.schema.json` that is not JSON, misspells a type, or refers on to something that cannot be loaded), so
    /// that reports name that file, line and column rather than the start of the first file. The compiled form
    /// keeps no source positions: the file is read again, on this error path only.
    /// - Parameters:
    ///   - error: the compile error.
    ///   - referrer: the compiled schema's file (or the suite of an inline schema) as the user sees it.
    ///   - referrerPath: the same file's absolute path.
    /// - Returns: the problem in the referenced file, or nil when the error is in the compiled document itself
    ///   (`#/…`) or in a remote document (whose URL the error names).
    public static func referencedProblem(
        of error: JSONSchemaError,
        referrer: String,
        referrerPath: String
    ) -> ReferencedProblem? {
        let shown = { (path: String) in shownPath(path, beside: referrer, at: referrerPath) }
        if case .loadFailed(let uri, _, _) = error, let path = regularFilePath(uri) {
            do {
                _ = try read(path)
            } catch {
                if let line = error.line {
                    return ReferencedProblem(
                        path: shown(path),
                        line: line,
                        column: error.column ?? 1,
                        pointer: "",
                        isInvalidJSON: true,
                        message: error.reason
                    )
                }
            }
        }
        let location = error.location
        guard let hash = location.firstIndex(of: "#"), let path = regularFilePath(String(location[..<hash])) else {
            return nil
        }
        let pointer = String(location[location.index(after: hash)...])
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let place = (try? JSONValue.parseWithSourceIndex(data))?.1.location(of: pointer)
        return ReferencedProblem(
            path: shown(path),
            line: place?.line ?? 1,
            column: place?.column ?? 1,
            pointer: place == nil ? "" : pointer,
            isInvalidJSON: false,
            message: "\(error)".replacing(location[...hash], with: "#")
        )
    }

    /// `path` relative to the folder of `referrer` (at `referrerPath`) when it is inside it, else as it is.
    private static func shownPath(_ path: String, beside referrer: String, at referrerPath: String) -> String {
        let folder = (referrerPath as NSString).deletingLastPathComponent + "/"
        guard path.hasPrefix(folder) else { return path }
        let shownFolder = (referrer as NSString).deletingLastPathComponent
        let rest = String(path.dropFirst(folder.count))
        return shownFolder.isEmpty ? rest : (shownFolder as NSString).appendingPathComponent(rest)
    }

    /// The path of a `file:` URI naming a regular file (a pipe is not opened a second time), else nil.
    private static func regularFilePath(_ uri: String) -> String? {
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL,
            SuiteFileFinder.notRegularFileProblem(url.path) == nil
        else { return nil }
        return url.path
    }
}
