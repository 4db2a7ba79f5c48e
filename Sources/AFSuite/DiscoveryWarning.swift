/// A path suite discovery skipped without failing: a symbolic link that leads nowhere, or one that
/// leads back to a folder already walked (a loop, such as `ln -s . suites/again`).
public struct DiscoveryWarning: Sendable, Hashable, CustomStringConvertible {
    /// Why the path was skipped.
    public enum Reason: Sendable, Hashable {
        /// The link's target does not exist.
        case danglingLink(target: String)
        /// The link leads to a folder already walked (`first` is where it was walked).
        case loop(first: String)
    }

    /// The path as shown for its folder argument (`suites/a`).
    public var path: String
    /// Why it was skipped.
    public var reason: Reason

    /// `suites/a: symbolic link to a folder already walked as suites (a loop); skipped`.
    public var description: String {
        switch reason {
        case .danglingLink(let target): "\(path): symbolic link to `\(target)`, which does not exist; skipped"
        case .loop(let first): "\(path): symbolic link to a folder already walked as \(first) (a loop); skipped"
        }
    }
}
