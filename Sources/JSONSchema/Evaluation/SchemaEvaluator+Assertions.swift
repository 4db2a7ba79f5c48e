import JSONPath

extension SchemaEvaluator {
    /// `type`, `enum`, `const`, and the number and string keywords.
    mutating func checkAssertions(_ node: CompiledNode, _ instance: JSONValue) -> Bool {
        var valid = true
        if let types = node.types, !Self.matches(types, instance) {
            fail(node, "type", "expected \(types.names), got \(Self.typeName(instance))")
            valid = false
            if stopsAtFirstFailure { return false }
        }
        if let values = node.enumValues, !values.contains(where: { Self.equal($0, instance) }) {
            fail(node, "enum", "\(Self.preview(instance)) is not one of \(Self.preview(.array(values)))")
            valid = false
            if stopsAtFirstFailure { return false }
        }
        if let constant = node.constValue, !Self.equal(constant, instance) {
            fail(node, "const", "expected \(Self.preview(constant)), got \(Self.preview(instance))")
            valid = false
            if stopsAtFirstFailure { return false }
        }
        switch instance {
        case .number(let number): return checkNumber(node, number) && valid
        case .string(let string): return checkString(node, string) && valid
        default: return valid
        }
    }

    private mutating func checkNumber(_ node: CompiledNode, _ number: JSONNumber) -> Bool {
        var valid = true
        func check(_ ok: Bool, _ keyword: String, _ message: @autoclosure () -> String) {
            guard !ok else { return }
            valid = false
            fail(node, keyword, message())
        }
        if let limit = node.minimum {
            check(!NumberChecks.less(number, limit), "minimum", "\(number) is less than the minimum \(limit)")
        }
        if let limit = node.maximum {
            check(!NumberChecks.less(limit, number), "maximum", "\(number) is greater than the maximum \(limit)")
        }
        if let limit = node.exclusiveMinimum {
            check(NumberChecks.less(limit, number), "exclusiveMinimum", "\(number) is not greater than \(limit)")
        }
        if let limit = node.exclusiveMaximum {
            check(NumberChecks.less(number, limit), "exclusiveMaximum", "\(number) is not less than \(limit)")
        }
        if let divisor = node.multipleOf {
            check(
                NumberChecks.isMultiple(number, of: divisor),
                "multipleOf",
                "\(number) is not a multiple of \(divisor)"
            )
        }
        return valid
    }

    private mutating func checkString(_ node: CompiledNode, _ string: String) -> Bool {
        var valid = true
        if node.minLength != nil || node.maxLength != nil {
            let length = string.unicodeScalars.count
            if let limit = node.minLength, length < limit {
                fail(node, "minLength", "string of \(length) characters is shorter than \(limit)")
                valid = false
            }
            if let limit = node.maxLength, length > limit {
                fail(node, "maxLength", "string of \(length) characters is longer than \(limit)")
                valid = false
            }
        }
        if let pattern = node.pattern, !pattern.matches(string) {
            fail(node, "pattern", "\(Self.preview(.string(string))) does not match the pattern \(pattern.source)")
            valid = false
        }
        if let format = node.format, !format.accepts(string) {
            fail(node, "format", "\(Self.preview(.string(string))) is not a valid \(format.rawValue)")
            valid = false
        }
        return valid
    }

    static func matches(_ types: TypeSet, _ instance: JSONValue) -> Bool {
        switch instance {
        case .null: types.contains(.null)
        case .bool: types.contains(.boolean)
        case .string: types.contains(.string)
        case .array: types.contains(.array)
        case .object: types.contains(.object)
        case .number(let number):
            types.contains(.number) || (types.contains(.integer) && NumberChecks.isInteger(number))
        }
    }

    static func typeName(_ instance: JSONValue) -> String {
        if case .number(let number) = instance, NumberChecks.isInteger(number) { return "integer" }
        return instance.typeName
    }

    /// JSON equality for `enum`, `const` and `uniqueItems`: numbers by value, objects in any order,
    /// strings by code points (Swift's `==` treats canonically equivalent strings as equal; JSON
    /// Schema does not).
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && x.allSatisfy { member in y[member.key].map { equal(member.value, $0) } ?? false }
        default: return a == b
        }
    }

    /// A short rendering of a value for messages.
    static func preview(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
