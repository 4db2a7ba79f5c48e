/// Every problem the suite loader reports; each names the place and, where it can, the fix.
///
/// Switch on the case for the broad kind, and on ``SuiteDiagnostic/reason`` for the exact problem:
///
/// ```swift
/// for error in result.errors {
///     if case .invalid(let d) = error, case .unknownKey(let key, let suggestion, _) = d.reason { … }
/// }
/// ```
public enum SuiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file or folder could not be read (or a path does not exist).
    case unreadable(path: String, reason: String)
    /// A problem at a place in a suite file.
    case invalid(SuiteDiagnostic)
    /// A `{{name}}` with no value when a template is rendered (``Template/render(_:)`` throws it with a nil
    /// location). The loader reports undefined variables in suite files as ``invalid(_:)`` with
    /// ``SuiteDiagnostic/Reason/undefinedVariable(name:note:)``, so every loader problem has one shape.
    case undefinedVariable(name: String, location: SourceLocation?)
    /// A template that does not parse (an unclosed `{{`, an empty or invalid name), outside a suite file.
    /// Inside a suite file the loader reports it as ``invalid(_:)`` with ``SuiteDiagnostic/Reason/invalidTemplate(template:message:offset:)``.
    case templateSyntax(template: String, message: String, offset: Int)

    /// Where the problem is, when it is in a suite file.
    public var location: SourceLocation? {
        switch self {
        case .unreadable, .templateSyntax: nil
        case .invalid(let d): d.location
        case .undefinedVariable(_, let location): location
        }
    }

    /// The one-line message, without the place.
    public var message: String {
        switch self {
        case .unreadable(_, let reason): reason
        case .invalid(let d): d.message
        case .undefinedVariable(let name, _): "undefined variable `\(name)`"
        case .templateSyntax(let template, let message, let offset):
            "\(message) at offset \(offset) in \"\(template)\""
        }
    }

    /// How to fix it, when known.
    public var fix: String? {
        switch self {
        case .unreadable: "check the path exists and is readable"
        case .invalid(let d): d.fix
        case .undefinedVariable(let name, _): SuiteDiagnostic.Reason.undefinedVariable(name: name, note: nil).fix
        case .templateSyntax: SuiteDiagnostic.Reason.invalidTemplate(template: "", message: "", offset: 0).fix
        }
    }

    /// `file:line:column: error: message` and, on the next line, `  fix: …`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): error: \(reason)"
        case .invalid(let d): d.description
        case .undefinedVariable, .templateSyntax:
            "\(location.map { "\($0): " } ?? "")error: \(message)" + (fix.map { "\n  fix: \($0)" } ?? "")
        }
    }
}
