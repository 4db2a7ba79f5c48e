/// An ill-formed or invalid query.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `leading zeros are not allowed in integers`.
    public var message: String
    /// 0-based offset of the problem in the expression, counted in Unicode scalars.
    public var position: Int
    /// The expression.
    public var expression: String

    /// Creates an error.
    public init(message: String, position: Int, expression: String) {
        self.message = message
        self.position = position
        self.expression = expression
    }

    /// `message at position N`.
    public var description: String { "\(message) at position \(position)" }

    /// The expression with a caret under the error position, then the message:
    /// ```
    /// $.a[01]
    ///     ^ leading zeros are not allowed in integers
    /// ```
    public var caretDiagnostic: String {
        let prefix = expression.unicodeScalars.prefix(position)
        // Keep tabs so the caret lines up under tab-indented text; other characters become spaces.
        let padding = String(String.UnicodeScalarView(prefix.map { $0 == "\t" ? "\t" : " " }))
        return expression + "\n" + padding + "^ " + message
    }
}
