import Foundation

/// Filter semantics: logical operators, comparisons with Nothing, and the function extensions.
extension JSONPathEvaluator {
    /// The value of a function: ValueType (nil is Nothing), LogicalType or NodesType.
    enum FunctionResult {
        case value(JSONValue?)
        case logical(Bool)
        /// Nodes stay in the document's form: `count()` counts them without building values.
        case nodes([Tree.Node])
    }

    /// Evaluates a logical expression with `current` as `@`.
    func test(_ expression: LogicalExpression, current: Tree.Node) -> Bool {
        switch expression {
        case .or(let operands):
            return operands.contains { test($0, current: current) }
        case .and(let operands):
            return operands.allSatisfy { test($0, current: current) }
        case .not(let operand):
            return !test(operand, current: current)
        case .exists(let query):
            return !select(query, current: current, trackPaths: false).isEmpty
        case .function(let functionCall):
            switch invoke(functionCall, current: current) {
            case .logical(let flag): return flag
            case .nodes(let nodes): return !nodes.isEmpty
            case .value(let value): return value != nil  // unreachable: the type checker rejects it
            }
        case .comparison(let left, let op, let right):
            return compare(value(of: left, current: current), op, value(of: right, current: current))
        }
    }

    /// A comparable's value, or nil for Nothing (an empty singular query, a Nothing result).
    func value(of comparable: ComparableExpression, current: Tree.Node) -> JSONValue? {
        switch comparable {
        case .literal(let value):
            return value
        case .query(let query):
            return select(query, current: current, trackPaths: false).first.map { tree.value(of: $0.node) }
        case .function(let functionCall):
            if case .value(let value) = invoke(functionCall, current: current) { return value }
            return nil
        }
    }

    /// Comparison per RFC 9535 §2.3.5.2.2: `<=` is `<` or `==`; `<` only orders two numbers or
    /// two strings; Nothing equals only Nothing.
    func compare(_ left: JSONValue?, _ op: ComparisonOperator, _ right: JSONValue?) -> Bool {
        switch op {
        case .equal: return Self.equal(left, right)
        case .notEqual: return !Self.equal(left, right)
        case .less: return Self.less(left, right)
        case .lessOrEqual: return Self.less(left, right) || Self.equal(left, right)
        case .greater: return Self.less(right, left)
        case .greaterOrEqual: return Self.less(right, left) || Self.equal(left, right)
        }
    }

    /// Equality of values: numbers numerically, strings by Unicode scalars (not canonical
    /// equivalence), arrays element-wise, objects by members in any order.
    static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.allSatisfy { member in b[member.key].map { equal(member.value, $0) } ?? false }
        default: return false
        }
    }

    static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): return a < b
        case (.string(let a), .string(let b)): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    // MARK: - Functions

    func invoke(_ call: FunctionCall, current: Tree.Node) -> FunctionResult {
        switch call.function {
        case .length:
            // A query argument is measured in place: no value is built for an array or an object.
            if case .query(let query) = call.arguments[0] {
                guard let node = select(query, current: current, trackPaths: false).first?.node else {
                    return .value(nil)
                }
                switch tree.kind(of: node) {
                case .string: return .value(.number(JSONNumber(tree.string(of: node)?.unicodeScalars.count ?? 0)))
                case .array: return .value(.number(JSONNumber(tree.elementCount(of: node))))
                case .object: return .value(.number(JSONNumber(tree.memberCount(of: node))))
                default: return .value(nil)
                }
            }
            switch valueArgument(call.arguments[0], current: current) {
            case .string(let text): return .value(.number(JSONNumber(text.unicodeScalars.count)))
            case .array(let elements): return .value(.number(JSONNumber(elements.count)))
            case .object(let object): return .value(.number(JSONNumber(object.count)))
            default: return .value(nil)
            }
        case .count:
            return .value(.number(JSONNumber(nodesArgument(call.arguments[0], current: current).count)))
        case .value:
            let nodes = nodesArgument(call.arguments[0], current: current)
            return .value(nodes.count == 1 ? tree.value(of: nodes[0]) : nil)
        case .match, .search:
            guard stoppedPattern == nil,
                case .string(let subject) = valueArgument(call.arguments[0], current: current),
                case .string(let pattern) = valueArgument(call.arguments[1], current: current),
                let regex = regex(pattern, anchored: call.function == .match)
            else { return .logical(false) }
            return .logical(matches(regex, subject, pattern: pattern))
        }
    }

    /// Whether `regex` matches in `subject`, within what is left of the evaluation's regex budget.
    /// ICU's progress callback (`reportProgress`) is the only point where a running match can be
    /// stopped; past the budget the match ends there and `stoppedPattern` records it.
    private func matches(_ regex: NSRegularExpression, _ subject: String, pattern: String) -> Bool {
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        guard let budget = regexBudget else { return regex.firstMatch(in: subject, options: [], range: range) != nil }
        let start = ContinuousClock.now
        let deadline = start + budget
        var found = false
        var stopped = false
        regex.enumerateMatches(in: subject, options: [.reportProgress], range: range) { match, _, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else if ContinuousClock.now >= deadline {
                stopped = true
                stop.pointee = true
            }
        }
        regexBudget = budget - (ContinuousClock.now - start)
        if stopped { stoppedPattern = pattern }
        return found
    }

    private func valueArgument(_ argument: FunctionArgument, current: Tree.Node) -> JSONValue? {
        switch argument {
        case .literal(let value): return value
        case .query(let query):
            return select(query, current: current, trackPaths: false).first.map { tree.value(of: $0.node) }
        case .function(let inner):
            if case .value(let value) = invoke(inner, current: current) { return value }
            return nil
        case .logical: return nil  // unreachable: the type checker rejects it
        }
    }

    private func nodesArgument(_ argument: FunctionArgument, current: Tree.Node) -> [Tree.Node] {
        switch argument {
        case .query(let query): return select(query, current: current, trackPaths: false).map(\.node)
        case .function(let inner):
            if case .nodes(let nodes) = invoke(inner, current: current) { return nodes }
            return []
        case .literal, .logical: return []  // unreachable: the type checker rejects them
        }
    }

    /// The compiled platform regex for an I-Regexp, cached per evaluation; nil when the pattern
    /// is not valid I-Regexp (then `match` and `search` are false, RFC 9535 §2.4.6).
    private func regex(_ pattern: String, anchored: Bool) -> NSRegularExpression? {
        let key = (anchored ? "A" : "S") + pattern
        if let cached = regexCache[key] { return cached }
        let compiled = IRegexp.translate(pattern, anchored: anchored).flatMap { try? NSRegularExpression(pattern: $0) }
        regexCache[key] = compiled
        return compiled
    }
}
