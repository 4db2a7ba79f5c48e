extension SchemaCompiler {
    /// The subschemas `node` applies to the very instance it is given (not to a member or an item):
    /// `$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` and `dependentSchemas`.
    /// `$dynamicRef` is left out: its target depends on the dynamic scope, so a loop through it is
    /// caught while validating instead (``SchemaEvaluator/maximumDepth``).
    static func inPlaceTargets(of node: SchemaNode) -> [Int] {
        var targets: [Int] = []
        if let ref = node.ref { targets.append(ref) }
        targets += node.allOf
        targets += node.anyOf
        targets += node.oneOf
        for optional in [node.not, node.ifNode, node.thenNode, node.elseNode] {
            if let target = optional { targets.append(target) }
        }
        targets += node.dependentSchemas.map(\.node)
        return targets
    }

    /// Refuses references that lead back to where they started without stepping into a member or an
    /// item (`#/$defs/a` → `#/$defs/b` → `#/$defs/a`): validating any instance against them would
    /// never end. The walk keeps its own stack, so a deeply nested schema cannot exhaust the thread's.
    func checkInPlaceCycles() throws(JSONSchemaError) {
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: nodes.count)
        for start in nodes.indices where marks[start] == .unvisited {
            var path: [(node: Int, targets: [Int], next: Int)] = [
                (start, Self.inPlaceTargets(of: nodes[start]), 0)
            ]
            marks[start] = .onPath
            while let top = path.last {
                guard top.next < top.targets.count else {
                    marks[top.node] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = top.targets[top.next]
                switch marks[target] {
                case .done:
                    continue
                case .onPath:
                    let loop = path.drop { $0.node != target }.map { nodes[$0.node].location }
                    throw .referenceCycle(locations: loop + [nodes[target].location])
                case .unvisited:
                    marks[target] = .onPath
                    path.append((target, Self.inPlaceTargets(of: nodes[target]), 0))
                }
            }
        }
    }
}
