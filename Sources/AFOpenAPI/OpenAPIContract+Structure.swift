import Yams

extension OpenAPIContract {
    /// The most values a YAML document may hold once its aliases are expanded: far above the largest
    /// public API descriptions, far below what nine levels of nine aliases ("billion laughs") make.
    static let maximumExpandedValues = 2_000_000
    /// The deepest nesting of mappings and sequences read. OpenAPIKit decodes schemas recursively, on a
    /// thread of Swift's pool whose stack 600 nested `not`s overflow in a debug build; real documents
    /// nest a few dozen levels.
    static let maximumNesting = 256

    /// Refuses YAML (or JSON) that would make the decoder run out of time, memory or stack: aliases
    /// (`*name`) that expand to more than ``maximumExpandedValues`` values, since the decoder expands
    /// every alias where it is used, and nesting deeper than ``maximumNesting``. The walk keeps its own
    /// stack and stops at the first limit, so the check costs at most that many steps.
    static func refuseHostileStructure(_ text: String) throws(OpenAPIError) {
        // A document that does not compose is left to the decoder, which says where it is wrong.
        guard let root = try? Yams.compose(yaml: text) else { return }
        var pending = [(node: root, depth: 1)]
        var count = 0
        while let (node, depth) = pending.popLast() {
            count += 1
            guard count <= maximumExpandedValues else {
                throw .unreadable(
                    reason: "its YAML aliases (*name) expand to more than \(maximumExpandedValues) values "
                        + "(a \"billion laughs\" document); write the repeated parts out, or share them with $ref"
                )
            }
            guard depth <= maximumNesting else {
                throw .unreadable(
                    reason: "it nests mappings and sequences more than \(maximumNesting) levels deep; "
                        + "move deep schemas into components and $ref them"
                )
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    pending.append((key, depth + 1))
                    pending.append((value, depth + 1))
                }
            case .sequence(let sequence): pending += sequence.map { ($0, depth + 1) }
            case .scalar, .alias: break
            }
        }
    }
}
