import JSONPath

extension SchemaEvaluator {
    /// The object keywords: properties, patternProperties, additionalProperties, propertyNames,
    /// required, dependentRequired, min/maxProperties.
    mutating func evaluateObject(_ node: CompiledNode, _ object: JSONObject, annotations: inout Annotations?) -> Bool {
        var valid = true
        if let limit = node.minProperties, object.count < limit {
            fail(node, "minProperties", "object has \(object.count) members, fewer than \(limit)")
            valid = false
        }
        if let limit = node.maxProperties, object.count > limit {
            fail(node, "maxProperties", "object has \(object.count) members, more than \(limit)")
            valid = false
        }
        for name in node.required where !object.contains(key: name) {
            fail(node, "required", "missing required member \"\(name)\"")
            valid = false
        }
        for (name, required) in node.dependentRequired where object.contains(key: name) {
            for other in required where !object.contains(key: other) {
                fail(node, "dependentRequired", "member \"\(name)\" requires member \"\(other)\"")
                valid = false
            }
        }
        if !valid && stopsAtFirstFailure { return false }
        let hasPatterns = !node.patternProperties.isEmpty
        if node.properties.isEmpty && !hasPatterns && node.additionalProperties == nil && node.propertyNames == nil {
            return valid
        }
        for (key, value) in object {
            var matched = false
            if let position = node.properties.firstIndex(where: { $0.name == key }) {
                matched = true
                if !evaluateChild(node.properties[position].node, value, step: .key(key)) {
                    valid = false
                    if stopsAtFirstFailure { return false }
                }
            }
            if hasPatterns {
                for (pattern, child) in node.patternProperties where pattern.matches(key) {
                    matched = true
                    if !evaluateChild(child, value, step: .key(key)) {
                        valid = false
                        if stopsAtFirstFailure { return false }
                    }
                }
            }
            if !matched, let additional = node.additionalProperties {
                matched = true
                if schema.nodes[additional].constant == false {
                    path.append(.key(key))
                    fail(node, "additionalProperties", "member \"\(key)\" is not allowed")
                    path.removeLast()
                    valid = false
                    if stopsAtFirstFailure { return false }
                } else if !evaluateChild(additional, value, step: .key(key)) {
                    valid = false
                    if stopsAtFirstFailure { return false }
                }
            }
            if matched { annotations?.properties.insert(key) }
            if let names = node.propertyNames, !probe(names, .string(key), collect: false).valid {
                fail(node, "propertyNames", "member name \"\(key)\" does not match the propertyNames schema")
                valid = false
                if stopsAtFirstFailure { return false }
            }
        }
        return valid
    }

    /// The array keywords: prefixItems, items, contains with min/maxContains, min/maxItems, uniqueItems.
    mutating func evaluateArray(_ node: CompiledNode, _ array: [JSONValue], annotations: inout Annotations?) -> Bool {
        var valid = true
        if let limit = node.minItems, array.count < limit {
            fail(node, "minItems", "array has \(array.count) items, fewer than \(limit)")
            valid = false
        }
        if let limit = node.maxItems, array.count > limit {
            fail(node, "maxItems", "array has \(array.count) items, more than \(limit)")
            valid = false
        }
        if node.uniqueItems, let (first, second) = Self.duplicate(in: array) {
            fail(node, "uniqueItems", "items \(first) and \(second) are equal")
            valid = false
        }
        if !valid && stopsAtFirstFailure { return false }
        for (position, child) in zip(node.prefixItems.indices, node.prefixItems) where position < array.count {
            if !evaluateChild(child, array[position], step: .index(position)) {
                valid = false
                if stopsAtFirstFailure { return false }
            }
        }
        if let prefix = annotations?.itemPrefix {
            annotations?.itemPrefix = max(prefix, min(node.prefixItems.count, array.count))
        }
        if let items = node.items {
            for position in node.prefixItems.count..<max(array.count, node.prefixItems.count) {
                if !evaluateChild(items, array[position], step: .index(position)) {
                    valid = false
                    if stopsAtFirstFailure { return false }
                }
            }
            annotations?.itemPrefix = array.count
        }
        if let contains = node.contains {
            var count = 0
            for (position, item) in array.enumerated() where probe(contains, item, collect: false).valid {
                count += 1
                annotations?.items.insert(position)
            }
            let minimum = node.minContains ?? 1
            if count < minimum {
                fail(
                    node,
                    "contains",
                    minimum == 1
                        ? "no item matches the contains schema" : "\(count) items match contains, fewer than \(minimum)"
                )
                valid = false
            }
            if let maximum = node.maxContains, count > maximum {
                fail(node, "maxContains", "\(count) items match contains, more than \(maximum)")
                valid = false
            }
        }
        return valid
    }

    /// The positions of the first two equal items, if any. Hashing groups candidates (its equality is
    /// coarser than ``equal(_:_:)``), which then decides.
    static func duplicate(in array: [JSONValue]) -> (Int, Int)? {
        guard array.count > 1 else { return nil }
        var seen: [JSONValue: [Int]] = [:]
        for (position, item) in array.enumerated() {
            if let earlier = seen[item]?.first(where: { equal(array[$0], item) }) { return (earlier, position) }
            seen[item, default: []].append(position)
        }
        return nil
    }
}
