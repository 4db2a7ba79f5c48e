import JSONPath

/// One problem in a suite file: where it is, what it is (a ``Reason`` a caller can switch on),
/// the message and the fix.
public struct SuiteDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Where.
    public var location: SourceLocation
    /// What is wrong, as data.
    public var reason: Reason
    /// What is wrong, as a sentence.
    public var message: String
    /// How to fix it, if known (e.g. `did you mean "contentType"?`).
    public var fix: String?

    /// Creates a diagnostic with a free-form message (reason ``Reason/other``).
    public init(location: SourceLocation, message: String, fix: String? = nil) {
        self.location = location
        self.reason = .other
        self.message = message
        self.fix = fix
    }

    /// Creates a diagnostic whose message and fix come from `reason`.
    public init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
        self.message = reason.message
        self.fix = reason.fix
    }

    /// A short, stable name for the kind of problem, e.g. `unknown-key` (shown as `error[unknown-key]`).
    public var code: String { reason.code }

    /// `file:line:column: error: message`, a `  referenced from: …` line per `$ref` that led there, and
    /// `  fix: …`.
    public var description: String {
        "\(location): error: \(message)"
            + location.references.reversed().map { "\n  referenced from: \($0)" }.joined()
            + (fix.map { "\n  fix: \($0)" } ?? "")
    }
}

extension SuiteDiagnostic {
    /// The exact problem, with its data. Messages and fixes are written in one place:
    /// ``message`` and ``fix`` (see `SuiteDiagnostic+Messages.swift`).
    public enum Reason: Sendable, Hashable {
        /// The file is not valid JSON; `kind` is the parser's, which chooses the fix.
        case syntax(message: String, kind: JSONParseError.Kind = .syntax)
        /// A key the format does not know, with the closest known key when one is near.
        case unknownKey(key: String, suggestion: String?, context: String)
        /// A value of the wrong JSON type: `expected` and `found` are phrases like `a string`.
        case wrongType(key: String, expected: String, found: String)
        /// A required key is absent.
        case missingKey(key: String, context: String)
        /// Keys that exclude each other appear together (e.g. two bodies).
        case conflictingKeys([String])
        /// A name from a fixed list is not in it (`pinning`, a TLS rejection reason, a `type`…).
        case unknownName(key: String, value: String, allowed: [String], suggestion: String?)
        /// A status expectation that is not `200`, `"2xx"` or `"200-299"`.
        case invalidStatus(String)
        /// A number out of its range (`expected` says which, e.g. `an integer from 0 to 100`).
        case outOfRange(key: String, value: String, expected: String)
        /// A regular expression that does not compile.
        case invalidRegex(pattern: String, message: String)
        /// A JSONPath expression that does not parse.
        case invalidJSONPath(expression: String, message: String, position: Int)
        /// An XPath expression that libxml2 cannot compile; `position` is the character offset when known.
        case invalidXPath(expression: String, message: String, position: Int?)
        /// A template with an unclosed `{{` or an invalid variable name.
        case invalidTemplate(template: String, message: String, offset: Int)
        /// A URL that cannot be sent: a relative `url` without a `baseURL`, or a base that is not http(s).
        case invalidURL(url: String, problem: String)
        /// A URL with a scheme afrun does not send (`file:`, `ftp:`…): only http and https.
        case unsupportedScheme(url: String, scheme: String)
        /// A file the suite names does not exist.
        case missingFile(path: String, resolved: String)
        /// A member name written twice in one object (JSON would keep only the last value).
        case duplicateKey(key: String, firstLine: Int)
        /// Two tests of a suite share a name.
        case duplicateTestName(name: String, firstLine: Int)
        /// A `{{name}}` that nothing defines where it is used; `note` says why when the name exists elsewhere
        /// (captured by a later test, or the suite is parallel).
        case undefinedVariable(name: String, note: String?)
        /// A predicate object holds no predicate.
        case emptyPredicate(context: String)
        /// `each` data that cannot be used: `source` is `each` or the data file, `line` the file's line.
        case invalidData(source: String, line: Int?, problem: String)
        /// A URL, a header name or a header value holds CR, LF or NUL (`character` as its escape, `\r`).
        case forbiddenCharacter(key: String, character: String)
        /// A `$ref` that cannot be followed: `problem` completes the sentence (`names /x, which a.json does not have`).
        case invalidReference(reference: String, problem: String)
        /// `$ref`s that lead back to one already followed: `chain` lists the targets, `file#pointer`, in order.
        case referenceCycle(chain: [String])
        /// A free-form problem (from ``SuiteDiagnostic/init(location:message:fix:)``).
        case other
    }
}
