/// An expression parsed inside a filter before its role is known: a function argument may be a
/// literal or a query, while the same text elsewhere must be logical or comparable.
struct ParsedExpression {
    enum Kind {
        case logical(LogicalExpression)
        case literal(JSONValue)
        case query(QueryAST)
        case function(FunctionCall)
    }

    var kind: Kind
    /// Where the expression starts, for errors.
    var position: Int
}

extension JSONPathParser {
    /// `filter-selector = "?" S logical-expr`.
    mutating func parseFilterExpression() throws(JSONPathError) -> LogicalExpression {
        try logical(parseOr())
    }

    /// `logical-or-expr = logical-and-expr *(S "||" S logical-and-expr)`.
    mutating func parseOr() throws(JSONPathError) -> ParsedExpression {
        let first = try parseAnd()
        var operands: [LogicalExpression] = []
        while true {
            let save = position
            skipWhitespace()
            guard peek() == "|", peek(1) == "|" else {
                if peek() == "|" { throw fail("unexpected '|'; the logical or operator is '||'") }
                position = save
                break
            }
            position += 2
            skipWhitespace()
            if operands.isEmpty { operands.append(try logical(first)) }
            operands.append(try logical(parseAnd()))
        }
        return operands.isEmpty ? first : ParsedExpression(kind: .logical(.or(operands)), position: first.position)
    }

    /// `logical-and-expr = basic-expr *(S "&&" S basic-expr)`.
    mutating func parseAnd() throws(JSONPathError) -> ParsedExpression {
        let first = try parseBasic()
        var operands: [LogicalExpression] = []
        while true {
            let save = position
            skipWhitespace()
            guard peek() == "&", peek(1) == "&" else {
                if peek() == "&" { throw fail("unexpected '&'; the logical and operator is '&&'") }
                position = save
                break
            }
            position += 2
            skipWhitespace()
            if operands.isEmpty { operands.append(try logical(first)) }
            operands.append(try logical(parseBasic()))
        }
        return operands.isEmpty ? first : ParsedExpression(kind: .logical(.and(operands)), position: first.position)
    }

    /// `basic-expr = paren-expr / comparison-expr / test-expr`.
    mutating func parseBasic() throws(JSONPathError) -> ParsedExpression {
        let start = position
        if peek() == "!" {
            position += 1
            skipWhitespace()
            let operand = try parsePrimary()
            if case .literal = operand.kind {
                throw fail(
                    "'!' applies to a query, a function call or a parenthesized expression, not a literal",
                    at: operand.position
                )
            }
            let negated = ParsedExpression(kind: .logical(.not(try logical(operand))), position: start)
            let save = position
            skipWhitespace()
            if comparisonOperator() != nil {
                throw fail("a negated expression cannot be compared; write !(… == …) to negate a comparison", at: start)
            }
            position = save
            return negated
        }
        let left = try parsePrimary()
        let save = position
        skipWhitespace()
        guard let op = comparisonOperator() else {
            if peek() == "=" { throw fail("unexpected '='; use '==' to compare") }
            position = save
            return left
        }
        position += op.rawValue.unicodeScalars.count
        skipWhitespace()
        if peek() == nil { throw fail("expected a value to compare with after '\(op.rawValue)'") }
        let right = try parsePrimary()
        let comparison = LogicalExpression.comparison(
            try comparable(left, operator: op),
            op,
            try comparable(right, operator: op)
        )
        return ParsedExpression(kind: .logical(comparison), position: start)
    }

    /// The comparison operator at the position, if any (a lone `=` is reported as an error).
    func comparisonOperator() -> ComparisonOperator? {
        guard let first = peek() else { return nil }
        let second = peek(1)
        switch (first, second) {
        case ("=", "="): return .equal
        case ("!", "="): return .notEqual
        case ("<", "="): return .lessOrEqual
        case (">", "="): return .greaterOrEqual
        case ("<", _): return .less
        case (">", _): return .greater
        default: return nil
        }
    }

    /// A parenthesized expression, a query, a literal or a function call.
    mutating func parsePrimary() throws(JSONPathError) -> ParsedExpression {
        let start = position
        guard let next = peek() else {
            throw fail("unexpected end of the query inside a filter; expected an expression")
        }
        switch next {
        case "(":
            position += 1
            try enterNesting()
            defer { nesting -= 1 }
            skipWhitespace()
            let inner = try parseOr()
            skipWhitespace()
            guard peek() == ")" else {
                if let other = peek() {
                    throw fail("unexpected \(describe(other)); expected ')' to close '(' at position \(start)")
                }
                throw fail("unclosed '(' at position \(start); expected ')'")
            }
            position += 1
            return ParsedExpression(kind: .logical(try logical(inner)), position: start)
        case "@", "$":
            position += 1
            let segments = try parseSegments()
            return ParsedExpression(
                kind: .query(QueryAST(isAbsolute: next == "$", segments: segments)),
                position: start
            )
        case "'", "\"":
            return ParsedExpression(kind: .literal(.string(try parseStringLiteral())), position: start)
        case "-", "0"..."9":
            return ParsedExpression(kind: .literal(try parseNumberLiteral()), position: start)
        case "a"..."z":
            while let scalar = peek(), ("a"..."z").contains(scalar) || scalar == "_" || Self.isDigit(scalar) {
                position += 1
            }
            var word = String.UnicodeScalarView()
            word.append(contentsOf: text[start..<position])
            let name = String(word)
            if peek() == "(" { return try parseFunctionCall(name: name, start: start) }
            switch name {
            case "true": return ParsedExpression(kind: .literal(.bool(true)), position: start)
            case "false": return ParsedExpression(kind: .literal(.bool(false)), position: start)
            case "null": return ParsedExpression(kind: .literal(.null), position: start)
            default:
                if Self.isWhitespace(peek() ?? "x"), JSONPathFunction(rawValue: name) != nil {
                    throw fail(
                        "no whitespace is allowed between a function name and '('",
                        at: position,
                        kind: .whitespace
                    )
                }
                throw fail("unknown name '\(name)'; expected true, false, null, a query or a function call", at: start)
            }
        case "=":
            throw fail("unexpected '='; use '==' to compare")
        default:
            throw fail(
                "unexpected \(describe(next)); expected a query (@ or $), a literal, a function call, '!' or '('"
            )
        }
    }

    /// `function-expr = function-name "(" S [function-argument *(S "," S function-argument)] S ")"`.
    mutating func parseFunctionCall(name: String, start: Int) throws(JSONPathError) -> ParsedExpression {
        guard let function = JSONPathFunction(rawValue: name) else {
            let known = JSONPathFunction.allCases.map(\.displayName).joined(separator: ", ")
            throw fail("unknown function '\(name)'; the functions are \(known)", at: start, kind: .unknownFunction)
        }
        position += 1  // "("
        try enterNesting()
        defer { nesting -= 1 }
        skipWhitespace()
        var arguments: [ParsedExpression] = []
        if peek() != ")" {
            while true {
                arguments.append(try parseOr())
                skipWhitespace()
                guard let next = peek() else { throw fail("unclosed call of \(function.displayName); expected ')'") }
                if next == ")" { break }
                guard next == "," else {
                    throw fail(
                        "unexpected \(describe(next)) in the arguments of \(function.displayName); expected ',' or ')'"
                    )
                }
                position += 1
                skipWhitespace()
            }
        }
        position += 1  // ")"
        let call = try checkCall(function, arguments: arguments, start: start)
        return ParsedExpression(kind: .function(call), position: start)
    }
}
