/// RFC 9535's well-typedness rules (§2.4.3), applied while parsing so an ill-typed query is
/// rejected with the position of the offending expression.
extension JSONPathParser {
    /// Uses an expression where a logical value is needed: a filter, an operand of `&&`, `||`, `!`,
    /// or inside parentheses. Queries become existence tests; NodesType functions convert to logical.
    func logical(_ expression: ParsedExpression) throws(JSONPathError) -> LogicalExpression {
        switch expression.kind {
        case .logical(let logical):
            return logical
        case .query(let query):
            return .exists(query)
        case .function(let call):
            guard call.function.result != .value else {
                throw fail(
                    "\(call.function.displayName) returns a value (ValueType) and cannot be used as a test; compare it, e.g. \(call.function.rawValue)(…) > 0",
                    at: expression.position,
                    kind: .typeMismatch
                )
            }
            return .function(call)
        case .literal:
            throw fail(
                "a literal cannot stand alone in a filter; compare it with a query, e.g. @.x == …",
                at: expression.position,
                kind: .typeMismatch
            )
        }
    }

    /// Uses an expression as one side of a comparison: a literal, a singular query or a ValueType function.
    func comparable(
        _ expression: ParsedExpression,
        operator op: ComparisonOperator
    ) throws(JSONPathError) -> ComparableExpression {
        switch expression.kind {
        case .literal(let value):
            return .literal(value)
        case .query(let query):
            guard query.isSingular else {
                throw fail(
                    "a query compared with '\(op.rawValue)' must be singular (only names and indexes, no wildcard, slice, filter or '..')"
                        + whitespaceHint(query),
                    at: expression.position,
                    kind: .notSingular
                )
            }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw fail(
                    "\(call.function.displayName) returns \(call.function.result) and cannot be compared; use it as a test on its own",
                    at: expression.position,
                    kind: .typeMismatch
                )
            }
            return .function(call)
        case .logical:
            throw fail(
                "a logical expression cannot be compared; only literals, singular queries and value functions can",
                at: expression.position,
                kind: .typeMismatch
            )
        }
    }

    /// Checks the number and types of a call's arguments and converts each to its parameter's type.
    func checkCall(
        _ function: JSONPathFunction,
        arguments: [ParsedExpression],
        start: Int
    ) throws(JSONPathError) -> FunctionCall {
        let parameters = function.parameters
        guard arguments.count == parameters.count else {
            let expected = parameters.count == 1 ? "1 argument" : "\(parameters.count) arguments"
            throw fail(
                "\(function.displayName) takes \(expected), got \(arguments.count)",
                at: start,
                kind: .argumentCount
            )
        }
        var checked: [FunctionArgument] = []
        for (index, (argument, parameter)) in zip(arguments, parameters).enumerated() {
            checked.append(try convert(argument, to: parameter, function: function, number: index + 1))
        }
        return FunctionCall(function: function, arguments: checked)
    }

    private func convert(
        _ argument: ParsedExpression,
        to parameter: JSONPathType,
        function: JSONPathFunction,
        number: Int
    ) throws(JSONPathError) -> FunctionArgument {
        let place = "argument \(number) of \(function.displayName)"
        switch (parameter, argument.kind) {
        case (.value, .literal(let value)):
            return .literal(value)
        case (.value, .query(let query)):
            guard query.isSingular else {
                throw fail(
                    "\(place) must be a value: use a singular query (names and indexes only) or a literal"
                        + whitespaceHint(query),
                    at: argument.position,
                    kind: .notSingular
                )
            }
            return .query(query)
        case (.value, .function(let call)) where call.function.result == .value:
            return .function(call)
        case (.value, _):
            throw fail(
                "\(place) must be a value (ValueType): a literal, a singular query or a value function",
                at: argument.position,
                kind: .notSingular
            )
        case (.logical, .logical(let logical)):
            return .logical(logical)
        case (.logical, .query(let query)):
            return .logical(.exists(query))
        case (.logical, .function(let call)) where call.function.result != .value:
            return .logical(.function(call))
        case (.logical, _):
            throw fail(
                "\(place) must be a logical expression (LogicalType)",
                at: argument.position,
                kind: .typeMismatch
            )
        case (.nodes, .query(let query)):
            return .query(query)
        case (.nodes, .function(let call)) where call.function.result == .nodes:
            return .function(call)
        case (.nodes, _):
            throw fail(
                "\(place) must be a query (NodesType), e.g. @.items[*]",
                at: argument.position,
                kind: .typeMismatch
            )
        }
    }

    /// Explains a query that would be singular but for blank space inside its brackets.
    private func whitespaceHint(_ query: QueryAST) -> String {
        var compact = query
        for index in compact.segments.indices { compact.segments[index].hasInnerWhitespace = false }
        return compact.isSingular ? "; blank space inside brackets makes it non-singular: write ['a'] or [0]" : ""
    }
}
