import Foundation

extension SuiteDecoder {
    /// `"cookies"`: `true` (the default), `false`, or `{"file": "jar.txt"}`, a cookie file read before the
    /// suite and written after it. The file may not exist yet, but its folder must.
    mutating func decodeCookies(_ node: SuiteNode, into suite: inout Suite) {
        switch node.value {
        case .bool(let keeps):
            suite.keepsCookies = keeps
        case .object:
            let context = "`cookies`"
            guard let object = object(node, allowed: ["file"], context: context),
                let fileNode = require("file", in: object, context: context), let path = string(fileNode)
            else { return }
            let resolved = Suite.resolve(path, in: file.deletingLastPathComponent())
            var isFolder: ObjCBool = false
            let folder = resolved.deletingLastPathComponent()
            if path.isEmpty
                || FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder)
                    && isFolder.boolValue
            {
                var d = SuiteDiagnostic(location: location(fileNode), message: "cookie file `\(path)` is a folder")
                d.fix = "name a file, relative to the suite file (it is created when missing)"
                diagnostics.append(.invalid(d))
            } else if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
                || !isFolder.boolValue
            {
                var d = SuiteDiagnostic(
                    location: location(fileNode),
                    message: "the folder of cookie file `\(path)` does not exist (looked for \(folder.path))"
                )
                d.fix = "create the folder, or write a path relative to the suite file"
                diagnostics.append(.invalid(d))
            } else {
                suite.cookieFile = path
            }
        default:
            report(
                .wrongType(key: "cookies", expected: "`true`, `false` or `{\"file\": …}`", found: node.typeDescription),
                at: node
            )
        }
    }
}
