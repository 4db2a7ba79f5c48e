/// Why a test selection option could not be used.
public enum SelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--shard` was not `K/N` with `1 ≤ K ≤ N`.
    case invalidShard(String)

    /// A sentence naming the flag and the fix.
    public var description: String {
        switch self {
        case .invalidShard(let text):
            "--shard '\(text)' is not valid: write K/N with 1 ≤ K ≤ N, for example --shard 2/4"
        }
    }
}
