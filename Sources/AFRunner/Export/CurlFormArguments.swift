import AFSession
import AFSuite
import Foundation

/// A `multipart` body as curl's own form arguments, so that `afrun curl` replays it: `--form-string name=value`
/// for a value (curl reads no `@` or `<` in it) and `-F 'name=@"path";filename="…";type=…'` for a file, which
/// curl reads from disk as afrun streams it. curl writes its own boundary, so the command sends no
/// `Content-Type` of afrun's.
enum CurlFormArguments {
    /// The arguments for `parts`, quoted for the shell, in order.
    /// - Parameters:
    ///   - parts: the test's multipart parts.
    ///   - suite: the suite, whose folder relative file paths start from.
    ///   - scope: the test's variables.
    ///   - redactor: masks secret values (nil with `--show-secrets`).
    /// - Throws: `RunnerError` for an undefined variable.
    static func arguments(
        for parts: [MultipartPartSpec],
        in suite: Suite,
        scope: VariableScope,
        redactor: Redactor?
    ) throws(RunnerError) -> [String] {
        var out: [String] = []
        for part in parts {
            let name = try scope.render(part.name)
            switch part.content {
            case .value(let template):
                var value = try scope.render(template)
                if let redactor {
                    value =
                        SinkRedactor.isSecretName(name)
                        ? Redactor.mask : SinkRedactor.text(redactor.current.field(value))
                }
                out.append("--form-string " + CurlCommandLine.quote("\(name)=\(value)"))
            case .file(let path, let filename, let contentType):
                let url = Suite.resolve(try scope.render(path), in: suite.directory)
                let fileName = try filename.map { (text: String) throws(RunnerError) -> String in
                    try scope.render(text)
                }
                let type = contentType ?? MIMEType.forPathExtension(url.pathExtension)
                let spec =
                    "\(name)=@\(quoted(url.path));filename=\(quoted(fileName ?? url.lastPathComponent));type=\(type)"
                out.append("-F " + CurlCommandLine.quote(spec))
            }
        }
        return out
    }

    /// A value inside curl's `-F` syntax: double-quoted, `\` and `"` escaped, so `;` and `,` stay in it.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
