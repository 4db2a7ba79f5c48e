/// A string with `{{name}}` and `{{env.NAME}}` placeholders.
///
/// CONTRACT (skeleton): the suite issue implements parsing and rendering.
public struct Template: Sendable, Hashable {
    /// The source text.
    public let source: String

    /// Parses a template; throws for an unclosed `{{` or an invalid name.
    public init(_ source: String) throws(SuiteError) { self.source = source }

    /// The variable names referenced, in order (`env.NAME` included as written).
    public var variableNames: [String] { [] }

    /// Renders the template; `lookup` returns a variable's value or nil when it is undefined,
    /// which throws `SuiteError.undefinedVariable`.
    public func render(_ lookup: (String) -> String?) throws(SuiteError) -> String { source }
}
