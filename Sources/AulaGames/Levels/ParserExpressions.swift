/// The expression half of the parser: precedence levels, unary operators,
/// sensors, tiles and names. Split from Parser.swift to keep files short.
extension Parser {
    // MARK: - Expressions (lowest precedence first)

    mutating func expression() throws(SyntaxError) -> Expression {
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maxDepth { throw error("too_deep", peek) }
        if expressionDepth == 0 { nodes = 0 }
        expressionDepth += 1
        defer { expressionDepth -= 1 }
        return try binaryLevel(0)
    }

    static let levels: [[BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual], [.less, .greater, .lessOrEqual, .greaterOrEqual],
        [.add, .subtract], [.multiply, .divide, .remainder],
    ]

    mutating func binaryLevel(_ level: Int) throws(SyntaxError) -> Expression {
        if level == Parser.levels.count { return try unary() }
        var left = try binaryLevel(level + 1)
        while peek.kind == .symbol, let op = peek.op, Parser.levels[level].contains(op) {
            let opToken = take()
            try node(opToken)
            let right = try binaryLevel(level + 1)
            left = Expression(kind: .binary(op, left, right), line: opToken.line, column: opToken.column, spelling: .either)
        }
        return left
    }

    mutating func unary() throws(SyntaxError) -> Expression {
        if isSymbol("!") || isSymbol("-") {
            let t = take()
            try node(t)
            depth += 1
            defer { depth -= 1 }
            if depth > Parser.maxDepth { throw error("too_deep", t) }
            let inner = try unary()
            return Expression(kind: t.text == "!" ? .not(inner) : .negate(inner), line: t.line, column: t.column, spelling: .either)
        }
        return try primary()
    }

    mutating func sensor(_ t: Token, spelling: Spelling, first: Token) throws(SyntaxError) -> Expression {
        _ = take()
        _ = try expectSymbol("(", "open_paren")
        _ = try expectSymbol(")", "close_paren")
        return Expression(kind: t.text == "look" ? .look : .listen, line: first.line, column: first.column, spelling: spelling)
    }

    mutating func primary() throws(SyntaxError) -> Expression {
        let t = peek
        if t.kind != .symbol { try node(t) }
        switch t.kind {
        case .number:
            _ = take()
            return Expression(kind: .number(Int(t.text) ?? 0), line: t.line, column: t.column, spelling: .either)
        case .symbol where t.text == "(":
            _ = take()
            let inner = try expression()
            try refuseAssignInCondition()
            _ = try expectSymbol(")", "close_paren")
            return inner
        case .name:
            switch t.text {
            case "true", "false":
                _ = take()
                return Expression(kind: .truth(t.text == "true"), line: t.line, column: t.column, spelling: .either)
            case "ada":
                _ = take()
                _ = try expectSymbol(".", "dot")
                let n = peek
                guard n.kind == .name else { throw expected("command") }
                if Parser.sensorNames.contains(n.text) { return try sensor(n, spelling: .java, first: t) }
                if Parser.actionNames[n.text] != nil { throw error("action_not_value", n, [n.text]) }
                throw LanguageHelp.unknownCommand(n.text, line: n.line, column: n.column, spelling: .java)
            case "Tile":
                _ = take()
                _ = try expectSymbol(".", "dot")
                let n = peek
                if n.kind == .name, Sight(name: n.text) == nil, let upper = Sight(name: n.text.uppercased()) {
                    throw error("tile_lowercase", n, [n.text, "Tile." + upper.name])
                }
                guard n.kind == .name, let sight = Sight(name: n.text) else { throw expected("tile") }
                _ = take()
                return Expression(kind: .tile(sight), line: t.line, column: t.column, spelling: .java)
            default:
                if isWrongObject { throw wrongObject(t) }
                if Parser.sensorNames.contains(t.text) { return try sensor(t, spelling: .c, first: t) }
                if Parser.actionNames[t.text] != nil { throw error("action_not_value", t, [t.text]) }
                if let sight = Sight(name: t.text) {
                    _ = take()
                    return Expression(kind: .tile(sight), line: t.line, column: t.column, spelling: .c)
                }
                if Parser.keywords.contains(t.text) { throw expected("expression") }
                if peek(1).kind == .symbol && peek(1).text == "(" {
                    throw LanguageHelp.unknownCommand(t.text, line: t.line, column: t.column, spelling: .c)
                }
                _ = take()
                return Expression(kind: .variable(t.text), line: t.line, column: t.column, spelling: .either)
            }
        default:
            throw expected("expression")
        }
    }
}
