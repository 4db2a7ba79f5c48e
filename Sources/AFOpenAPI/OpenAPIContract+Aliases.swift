import Yams

extension OpenAPIContract {
    /// The most values a YAML document may hold once its aliases are expanded: far above the largest
    /// public API descriptions, far below what nine levels of nine aliases ("billion laughs") make.
    static let maximumExpandedValues = 2_000_000

    /// Refuses YAML whose aliases (`*name`) expand to more than ``maximumExpandedValues`` values. The
    /// decoder expands every alias where it is used, so a few hundred bytes of nested aliases would keep
    /// it working, and growing, for hours. The walk counts the expanded values with its own stack and stops
    /// at the limit, so the check costs at most that many steps.
    static func refuseAliasBombs(_ text: String) throws(OpenAPIError) {
        // Without an alias there is nothing to expand (`*` also appears in media types such as `*/*`).
        guard text.contains("*") else { return }
        // A document that does not compose is left to the decoder, which says where it is wrong.
        guard let root = try? Yams.compose(yaml: text) else { return }
        var pending = [root]
        var count = 0
        while let node = pending.popLast() {
            count += 1
            guard count <= maximumExpandedValues else {
                throw .unreadable(
                    reason: "its YAML aliases (*name) expand to more than \(maximumExpandedValues) values "
                        + "(a \"billion laughs\" document); write the repeated parts out, or share them with $ref"
                )
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    pending.append(key)
                    pending.append(value)
                }
            case .sequence(let sequence): pending.append(contentsOf: sequence)
            case .scalar, .alias: break
            }
        }
    }
}
