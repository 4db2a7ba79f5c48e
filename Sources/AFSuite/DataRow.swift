/// One row of a test's `each` data: the test runs once per row, with the row's columns as
/// variables (stronger than captures and suite variables, weaker than `--var`).
public struct DataRow: Sendable, Hashable {
    /// The row's place in its data, from 1.
    public var number: Int
    /// Column name → value as text (JSON strings as they are, other JSON values as JSON text).
    public var values: [String: String]

    /// Creates a row.
    public init(number: Int, values: [String: String]) {
        self.number = number
        self.values = values
    }
}
