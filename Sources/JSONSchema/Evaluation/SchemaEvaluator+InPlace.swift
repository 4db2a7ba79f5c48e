import JSONPath

extension SchemaEvaluator {
    /// The applicators that apply to the instance itself: allOf, anyOf, oneOf, not, if/then/else,
    /// dependentSchemas. Their annotations join the node's when they pass.
    mutating func evaluateInPlace(_ node: CompiledNode, _ instance: JSONValue, annotations: inout Annotations?) -> Bool
    {
        let collect = annotations != nil
        var valid = true
        for child in node.allOf {
            let outcome = evaluate(child, instance, collect: collect)
            if !outcome.valid {
                valid = false
                if stopsAtFirstFailure { return false }
            } else if let inner = outcome.annotations {
                annotations?.merge(inner)
            }
        }
        if !node.anyOf.isEmpty {
            var any = false
            for child in node.anyOf {
                let outcome = probe(child, instance, collect: collect)
                guard outcome.valid else { continue }
                any = true
                if let inner = outcome.annotations { annotations?.merge(inner) } else { break }
            }
            if !any {
                let reasons = branchReasons(node.anyOf, instance)
                fail(node, "anyOf", "does not match any schema in anyOf: " + reasons)
                valid = false
                if stopsAtFirstFailure { return false }
            }
        }
        if !node.oneOf.isEmpty {
            var matching: [Int] = []
            for (position, child) in node.oneOf.enumerated() {
                let outcome = probe(child, instance, collect: collect)
                guard outcome.valid else { continue }
                matching.append(position)
                if let inner = outcome.annotations { annotations?.merge(inner) }
                if matching.count > 1 && !collect { break }
            }
            if matching.count != 1 {
                let reasons = matching.isEmpty ? branchReasons(node.oneOf, instance) : ""
                fail(
                    node,
                    "oneOf",
                    matching.isEmpty
                        ? "does not match any schema in oneOf: " + reasons
                        : "matches more than one schema in oneOf (\(matching.map(String.init).joined(separator: ", ")))"
                )
                valid = false
                if stopsAtFirstFailure { return false }
            }
        }
        if let not = node.not, probe(not, instance, collect: false).valid {
            fail(node, "not", "must not match the schema in not")
            valid = false
            if stopsAtFirstFailure { return false }
        }
        if let condition = node.ifNode {
            let outcome = probe(condition, instance, collect: collect)
            if outcome.valid {
                if let inner = outcome.annotations { annotations?.merge(inner) }
                if let then = node.thenNode, !applyBranch(then, instance, annotations: &annotations) { valid = false }
            } else if let otherwise = node.elseNode, !applyBranch(otherwise, instance, annotations: &annotations) {
                valid = false
            }
            if !valid && stopsAtFirstFailure { return false }
        }
        if case .object(let object) = instance {
            for (name, child) in node.dependentSchemas where object.contains(key: name) {
                if !applyBranch(child, instance, annotations: &annotations) {
                    valid = false
                    if stopsAtFirstFailure { return false }
                }
            }
        }
        return valid
    }

    private mutating func applyBranch(_ child: Int, _ instance: JSONValue, annotations: inout Annotations?) -> Bool {
        let outcome = evaluate(child, instance, collect: annotations != nil)
        if outcome.valid, let inner = outcome.annotations { annotations?.merge(inner) }
        return outcome.valid
    }

    /// `unevaluatedProperties` and `unevaluatedItems`, after every other keyword of the node.
    mutating func evaluateUnevaluated(
        _ node: CompiledNode,
        _ instance: JSONValue,
        annotations: inout Annotations?
    ) -> Bool {
        var valid = true
        switch instance {
        case .object(let object):
            guard let unevaluated = node.unevaluatedProperties else { return true }
            let seen = annotations?.properties ?? []
            for (key, value) in object where !seen.contains(key) {
                if schema.nodes[unevaluated].constant == false {
                    path.append(.key(key))
                    fail(node, "unevaluatedProperties", "member \"\(key)\" is not allowed")
                    path.removeLast()
                    valid = false
                } else if !evaluateChild(unevaluated, value, step: .key(key)) {
                    valid = false
                }
                if !valid && stopsAtFirstFailure { return false }
                annotations?.properties.insert(key)
            }
        case .array(let array):
            guard let unevaluated = node.unevaluatedItems else { return true }
            let prefix = annotations?.itemPrefix ?? 0
            let seen = annotations?.items ?? []
            for position in prefix..<max(prefix, array.count) where !seen.contains(position) {
                if schema.nodes[unevaluated].constant == false {
                    path.append(.index(position))
                    fail(node, "unevaluatedItems", "item \(position) is not allowed")
                    path.removeLast()
                    valid = false
                } else if !evaluateChild(unevaluated, array[position], step: .index(position)) {
                    valid = false
                }
                if !valid && stopsAtFirstFailure { return false }
            }
            annotations?.itemPrefix = array.count
        default: break
        }
        return valid
    }

    /// Why each alternative failed (its first violation), for an `anyOf`/`oneOf` message; only worked
    /// out when the failure is reported.
    private mutating func branchReasons(_ branches: [Int], _ instance: JSONValue) -> String {
        guard quiet == 0 else { return "" }
        let saved = violations
        let savedTruncated = truncated
        let here = currentPointer
        var reasons: [String] = []
        for (position, branch) in branches.enumerated() {
            violations = []
            _ = evaluate(branch, instance, collect: false)
            let reason = violations.first.map { violation in
                (violation.instanceLocation == here ? "" : violation.instanceLocation + ": ") + violation.message
            }
            reasons.append("(\(position)) " + (reason ?? "does not match"))
        }
        violations = saved
        truncated = savedTruncated
        return reasons.joined(separator: "; ")
    }
}
