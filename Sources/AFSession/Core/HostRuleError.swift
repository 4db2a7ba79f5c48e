/// A `ResolveRule` or `ConnectToRule` that cannot be used: what is wrong with it and how it is written.
public struct HostRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule as given.
    public var rule: String
    /// What is wrong (`"api:99999:127.0.0.1": the port 99999 is not from 1 to 65535`).
    public var problem: String
    /// How to write it.
    public var fix: String

    public var description: String { "\"\(rule)\": \(problem)" }
}
