/// Every problem the suite loader reports; each names the place and, where it can, the fix.
///
/// CONTRACT (skeleton): the suite issue completes it.
public enum SuiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// A problem at a place in a suite file.
    case invalid(SuiteDiagnostic)
    /// A `{{name}}` with no value.
    case undefinedVariable(name: String, location: SourceLocation?)

    /// `file:line:column: message` (and the fix on the next line).
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .invalid(let d): d.description
        case .undefinedVariable(let name, let location):
            "\(location.map { "\($0): " } ?? "")undefined variable '\(name)'"
        }
    }
}

/// One problem in a suite file.
public struct SuiteDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Where.
    public var location: SourceLocation
    /// What is wrong.
    public var message: String
    /// How to fix it, if known (e.g. `did you mean "contentType"?`).
    public var fix: String?

    /// Creates a diagnostic.
    public init(location: SourceLocation, message: String, fix: String? = nil) {
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// `file:line:column: error: message` and `  fix: …`.
    public var description: String {
        "\(location): error: \(message)" + (fix.map { "\n  fix: \($0)" } ?? "")
    }
}
