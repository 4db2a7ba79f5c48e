/// `--tag` and `--exclude-tag`: a test runs when it has any selected tag (or none is selected) and no
/// excluded one.
public struct TagSelection: Sendable, Hashable {
    /// `--tag`: tags of which a test needs one; empty selects every test.
    public var included: Set<String>
    /// `--exclude-tag`: tags of which a test may have none.
    public var excluded: Set<String>

    /// Creates a selection.
    /// - Parameters:
    ///   - included: tags of which a test needs one (all tests when empty).
    ///   - excluded: tags that leave a test out.
    public init(included: some Sequence<String> = [], excluded: some Sequence<String> = []) {
        self.included = Set(included)
        self.excluded = Set(excluded)
    }

    /// Whether the selection leaves every test in.
    public var selectsAll: Bool { included.isEmpty && excluded.isEmpty }

    /// Whether a test with `tags` runs.
    /// - Parameter tags: the test's tags (its suite's and its own).
    /// - Returns: true when it has a selected tag (or none is selected) and no excluded one.
    public func selects(_ tags: [String]) -> Bool {
        (included.isEmpty || tags.contains { included.contains($0) }) && !tags.contains { excluded.contains($0) }
    }
}
