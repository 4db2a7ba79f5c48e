import JSONPath

extension SchemaCompiler {
    /// The validation vocabulary's keywords (type, enum, const, numeric, string, array and object limits).
    func buildValidation(_ object: JSONObject, into node: inout SchemaNode, location: String) throws(JSONSchemaError) {
        switch object["type"] {
        case .string(let name)?:
            guard let type = TypeSet(name: name) else {
                throw Self.invalid("type", location, Self.unknownType(name))
            }
            node.types = type
        case .array(let names)?:
            var types: TypeSet = []
            for case .string(let name) in names {
                guard let type = TypeSet(name: name) else {
                    throw Self.invalid("type", location, Self.unknownType(name))
                }
                types.insert(type)
            }
            node.types = types
        case nil: break
        default: throw Self.invalid("type", location, "expected a type name or an array of them")
        }
        if case .array(let values)? = object["enum"] { node.enumValues = values }
        if let value = object["const"] { node.constValue = value }
        node.minimum = try number(object, "minimum", location)
        node.maximum = try number(object, "maximum", location)
        node.exclusiveMinimum = try number(object, "exclusiveMinimum", location)
        node.exclusiveMaximum = try number(object, "exclusiveMaximum", location)
        node.multipleOf = try number(object, "multipleOf", location)
        node.minLength = try count(object, "minLength", location)
        node.maxLength = try count(object, "maxLength", location)
        if case .string(let pattern)? = object["pattern"] {
            guard let compiled = CompiledPattern(pattern) else {
                throw Self.invalid("pattern", location, "\"\(pattern)\" is not a regular expression")
            }
            node.pattern = compiled
        }
        node.minItems = try count(object, "minItems", location)
        node.maxItems = try count(object, "maxItems", location)
        if case .bool(true)? = object["uniqueItems"] { node.uniqueItems = true }
        node.minContains = try count(object, "minContains", location)
        node.maxContains = try count(object, "maxContains", location)
        node.minProperties = try count(object, "minProperties", location)
        node.maxProperties = try count(object, "maxProperties", location)
        if case .array(let names)? = object["required"] {
            node.required = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        if case .object(let dependencies)? = object["dependentRequired"] {
            for (name, value) in dependencies {
                guard case .array(let names) = value else { continue }
                node.dependentRequired.append(
                    (name, names.compactMap { if case .string(let s) = $0 { s } else { nil } })
                )
            }
        }
    }

    private func number(
        _ object: JSONObject,
        _ keyword: String,
        _ location: String
    ) throws(JSONSchemaError)
        -> JSONNumber?
    {
        switch object[keyword] {
        case nil: return nil
        case .number(let value)?: return value
        case .bool?:
            // Draft-04's boolean exclusiveMinimum/Maximum; later drafts use numbers.
            return nil
        default: throw Self.invalid(keyword, location, "expected a number")
        }
    }

    private func count(_ object: JSONObject, _ keyword: String, _ location: String) throws(JSONSchemaError) -> Int? {
        guard let value = object[keyword] else { return nil }
        guard case .number(let number) = value, let integer = NumberChecks.integerValue(number), integer >= 0 else {
            throw Self.invalid(keyword, location, "expected a non-negative integer")
        }
        return integer
    }

    /// The reason for a misspelt type name, with the names there are.
    static func unknownType(_ name: String) -> String {
        "unknown type \"\(name)\" (the types are array, boolean, integer, null, number, object and string)"
    }

    static func invalid(_ keyword: String, _ location: String, _ reason: String) -> JSONSchemaError {
        .invalidKeyword(keyword: keyword, at: location, reason: reason)
    }
}
