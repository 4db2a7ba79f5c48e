import JSONPath

extension SchemaCompiler {
    /// The node for a scanned subschema, built the first time it is asked for.
    mutating func node(_ index: Int) throws(JSONSchemaError) -> Int {
        if let existing = nodeOfScanned[index] { return existing }
        let source = scanned[index]
        let uri = resources[source.resource]
        let location = (uri == rootURI ? "#" : uri + "#") + source.pointer
        let position = nodes.count
        nodes.append(SchemaNode(location: location, resource: source.resource, constant: true))
        nodeOfScanned[index] = position
        switch source.json {
        case .bool(let value):
            nodes[position].constant = value
        case .object(let object):
            nodes[position] = try build(object, source, location: location)
        default:
            throw .invalidKeyword(keyword: "", at: location, reason: "a schema must be an object or a boolean")
        }
        return position
    }

    /// The node of a subschema reached by keyword tokens from `source`.
    private mutating func child(
        _ source: Scanned,
        _ location: String,
        _ tokens: String...
    ) throws(JSONSchemaError)
        -> Int
    {
        let suffix = tokens.map { "/" + JSONPointer.escape($0) }.joined()
        guard let index = locations[resources[source.resource] + "#" + source.pointer + suffix] else {
            throw .invalidKeyword(keyword: tokens.joined(separator: "/"), at: location, reason: "not a schema")
        }
        return try node(index)
    }

    private mutating func build(
        _ object: JSONObject,
        _ source: Scanned,
        location: String
    ) throws(JSONSchemaError)
        -> SchemaNode
    {
        var node = SchemaNode(location: location, resource: source.resource)
        let d07 = source.dialect == .draft07
        if case .string(let reference)? = object["$ref"] {
            node.ref = try self.node(resolve(reference, base: source.base, at: location))
            if d07 { return node }
        }
        if !d07, case .string(let reference)? = object["$dynamicRef"] {
            let target = try resolve(reference, base: source.base, at: location)
            var dynamic = DynamicReference(fallback: try self.node(target), anchor: nil)
            let fragment = source.base.resolving(reference).fragment ?? ""
            if case .object(let targetObject) = scanned[target].json,
                case .string(let anchor)? = targetObject["$dynamicAnchor"], anchor == fragment
            {
                dynamic.anchor = anchor
                try compileDynamicAnchors(named: anchor)
            }
            node.dynamicRef = dynamic
        }
        let vocabularies = source.vocabularies
        if vocabularies.validation { try buildValidation(object, into: &node, location: location) }
        if case .string(let name)? = object["format"], options.formatAssertion || vocabularies.formatAssertion {
            node.format = Format(rawValue: name)
        }
        if vocabularies.applicator { try buildApplicators(object, source, into: &node, location: location) }
        if vocabularies.unevaluated && !d07 {
            if object["unevaluatedItems"] != nil {
                node.unevaluatedItems = try child(source, location, "unevaluatedItems")
            }
            if object["unevaluatedProperties"] != nil {
                node.unevaluatedProperties = try child(source, location, "unevaluatedProperties")
            }
        }
        return node
    }

    /// Builds every subschema that declares `$dynamicAnchor: name`, as any of them may be chosen at run time.
    private mutating func compileDynamicAnchors(named name: String) throws(JSONSchemaError) {
        for (_, anchors) in dynamicAnchors {
            if let index = anchors[name] { _ = try node(index) }
        }
    }

    private mutating func buildApplicators(
        _ object: JSONObject,
        _ source: Scanned,
        into node: inout SchemaNode,
        location: String
    ) throws(JSONSchemaError) {
        let d07 = source.dialect == .draft07
        for (keyword, path) in [("allOf", \SchemaNode.allOf), ("anyOf", \.anyOf), ("oneOf", \.oneOf)] {
            guard case .array(let children)? = object[keyword] else { continue }
            for position in children.indices {
                node[keyPath: path].append(try child(source, location, keyword, String(position)))
            }
        }
        if object["not"] != nil { node.not = try child(source, location, "not") }
        if object["if"] != nil {
            node.ifNode = try child(source, location, "if")
            if object["then"] != nil { node.thenNode = try child(source, location, "then") }
            if object["else"] != nil { node.elseNode = try child(source, location, "else") }
        }
        if case .object(let properties)? = object["properties"] {
            for (name, _) in properties {
                node.properties.append((name, try child(source, location, "properties", name)))
            }
        }
        if case .object(let patterns)? = object["patternProperties"] {
            for (pattern, _) in patterns {
                guard let compiled = CompiledPattern(pattern) else {
                    throw .invalidKeyword(
                        keyword: "patternProperties",
                        at: location,
                        reason: "\"\(pattern)\" is not a regular expression"
                    )
                }
                node.patternProperties.append((compiled, try child(source, location, "patternProperties", pattern)))
            }
        }
        if object["additionalProperties"] != nil {
            node.additionalProperties = try child(source, location, "additionalProperties")
        }
        if object["propertyNames"] != nil { node.propertyNames = try child(source, location, "propertyNames") }
        // Draft-07's `dependencies` is read in 2020-12 schemas too, as most validators do.
        for dependencies in d07 ? ["dependencies"] : ["dependentSchemas", "dependencies"] {
            guard case .object(let schemas)? = object[dependencies] else { continue }
            for (name, value) in schemas {
                if case .array(let names) = value {
                    let required = names.compactMap { if case .string(let s) = $0 { s } else { nil } }
                    node.dependentRequired.append((name, required))
                } else {
                    node.dependentSchemas.append((name, try child(source, location, dependencies, name)))
                }
            }
        }
        if object["contains"] != nil { node.contains = try child(source, location, "contains") }
        if d07 {
            if case .array(let items)? = object["items"] {
                for position in items.indices {
                    node.prefixItems.append(try child(source, location, "items", String(position)))
                }
                if object["additionalItems"] != nil { node.items = try child(source, location, "additionalItems") }
            } else if object["items"] != nil {
                node.items = try child(source, location, "items")
            }
        } else {
            if case .array(let items)? = object["prefixItems"] {
                for position in items.indices {
                    node.prefixItems.append(try child(source, location, "prefixItems", String(position)))
                }
            }
            if object["items"] != nil { node.items = try child(source, location, "items") }
        }
    }
}
