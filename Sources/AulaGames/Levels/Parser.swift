/// Turns tokens into the one syntax tree both spellings share. It only checks
/// form; names, types and what the level allows are checked by the compiler.
/// Blocks always need braces — a rule that saves beginners from the classic
/// "only the first line was in the loop" surprise.
struct Parser {
    let tokens: [Token]
    let text: ProgramText
    var index = 0
    var depth = 0
    /// Nodes in the expression being parsed, and how many expressions deep
    /// (parentheses) we are: the count starts over at each outermost one.
    var nodes = 0
    var expressionDepth = 0
    var statementCount = 0
    /// Deeper nesting than this is refused rather than risking the stack.
    static let maxDepth = 48

    static let actionNames: [String: Action] = Dictionary(uniqueKeysWithValues: Action.allCases.map { ($0.rawValue, $0) })
    static let sensorNames: Set<String> = ["look", "listen"]
    static let keywords: Set<String> = ["int", "if", "else", "while", "repeat", "for", "true", "false", "ada", "Tile",
                                        "void", "return", "this"]

    /// Parses a whole program.
    static func parse(_ source: String) -> Result<[Statement], SyntaxError> {
        if let tooLong = Parser.overLength(source) { return .failure(tooLong) }
        let lexer = Lexer(source)
        switch lexer.tokens() {
        case .failure(let error): return .failure(error)
        case .success(let tokens):
            var parser = Parser(tokens: tokens, text: lexer.text)
            do { return .success(try parser.program()) } catch { return .failure(error) }
        }
    }

    /// The error for a text over `ProgramLimits.maxSourceBytes`, at the first
    /// character past the limit; nil when it fits. Checked before lexing, so a
    /// huge paste costs one pass over its bytes.
    static func overLength(_ source: String) -> SyntaxError? {
        guard source.utf8.count > ProgramLimits.maxSourceBytes else { return nil }
        var bytes = 0, line = 1, column = 1
        for ch in source {
            bytes += ch.utf8.count
            if bytes > ProgramLimits.maxSourceBytes { break }
            if ch == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SyntaxError(line: line, column: column,
                           phrase: Phrase("level.syntax.source_too_big", ["\(line)", "\(column)", "\(ProgramLimits.maxSourceBytes)"]),
                           code: "program_too_big")
    }

    private init(tokens: [Token], text: ProgramText) {
        self.tokens = tokens
        self.text = text
    }

    // MARK: - Tokens

    var peek: Token { tokens[index] }
    func peek(_ ahead: Int) -> Token { tokens[min(index + ahead, tokens.count - 1)] }

    mutating func take() -> Token {
        let t = tokens[index]
        if t.kind != .end { index += 1 }
        return t
    }

    func isSymbol(_ s: String) -> Bool { peek.kind == .symbol && peek.text == s }
    func isName(_ s: String) -> Bool { peek.kind == .name && peek.text == s }

    /// The error "expected X" at the current token (or "missing X" at the end).
    func expected(_ what: String, at token: Token? = nil) -> SyntaxError {
        let t = token ?? peek
        if t.kind == .end {
            return SyntaxError(line: t.line, column: t.column, phrase: Phrase("level.syntax.missing.\(what)", ["\(t.line)", "\(t.column)"]))
        }
        return SyntaxError(line: t.line, column: t.column, phrase: Phrase("level.syntax.expected.\(what)", ["\(t.line)", "\(t.column)", t.text]))
    }

    func error(_ key: String, _ t: Token, _ extra: [String] = []) -> SyntaxError {
        SyntaxError(line: t.line, column: t.column, phrase: Phrase("level.syntax.\(key)", ["\(t.line)", "\(t.column)"] + extra))
    }

    /// A size cap passed: `program_too_big`, at the token where it happened.
    func tooBig(_ key: String, _ t: Token, _ limit: Int) -> SyntaxError {
        SyntaxError(line: t.line, column: t.column, phrase: Phrase("level.syntax.\(key)", ["\(t.line)", "\(t.column)", "\(limit)"]),
                    code: "program_too_big")
    }

    /// Counts one node of the current expression; refuses past the cap. This
    /// is what bounds long `1+1-1+…` chains, which the depth limit cannot see.
    mutating func node(_ t: Token) throws(SyntaxError) {
        nodes += 1
        if nodes > ProgramLimits.maxExpressionNodes { throw tooBig("expression_too_big", t, ProgramLimits.maxExpressionNodes) }
    }

    mutating func expectSymbol(_ s: String, _ what: String) throws(SyntaxError) -> Token {
        guard isSymbol(s) else { throw expected(what) }
        return take()
    }

    /// The program text from one token to another, spaces collapsed, for traces.
    func text(from first: Token, to last: Token) -> String {
        guard first.start < last.end else { return first.text }
        return text.quote(first.start, last.end)
    }

    func info(_ first: Token, _ last: Token, _ spelling: Spelling) -> SourceInfo {
        SourceInfo(line: first.line, column: first.column, spelling: spelling, text: text(from: first, to: last))
    }

    var previous: Token { tokens[max(index - 1, 0)] }

    // MARK: - Statements

    /// The top level: statements and `void name() { ... }` procedures.
    mutating func program() throws(SyntaxError) -> [Statement] {
        var out: [Statement] = []
        while peek.kind != .end { out.append(isName("void") ? try procedure() : try statement()) }
        return out
    }

    /// `void name() { ... }` — no parameters; only at the top level.
    mutating func procedure() throws(SyntaxError) -> Statement {
        let first = take()  // void
        statementCount += 1
        if statementCount > ProgramLimits.maxStatements { throw tooBig("too_many_statements", first, ProgramLimits.maxStatements) }
        let name = try variableName()
        _ = try expectSymbol("(", "open_paren")
        guard isSymbol(")") else { throw error("procedure_parameters", peek, [name.text]) }
        let close = take()
        let body = try block()
        return Statement(kind: .procedure(name: name.text, body: body), source: info(first, close, .either))
    }

    /// The `;` that ends a statement. When it is missing, the error points
    /// just after the statement that lacks it (not at the next line's start).
    mutating func semicolon(after first: Token) throws(SyntaxError) {
        if isSymbol(";") {
            _ = take()
            return
        }
        let last = previous
        let column = last.column + max(last.end - last.start, 1)
        throw SyntaxError(line: last.line, column: column,
                          phrase: Phrase("level.syntax.missing_semicolon", ["\(last.line)", "\(column)", text(from: first, to: last)]))
    }

    /// `Ada.walk()`, `this.walk()`, `robot.walk()`: only `ada.` (small a) names Ada.
    func wrongObject(_ t: Token) -> SyntaxError {
        let after = peek(2)
        let command = after.kind == .name ? after.text : "walk"
        return error("wrong_object", t, [t.text, command])
    }

    /// Is the current token a name followed by `.` that is neither `ada` nor `Tile`?
    var isWrongObject: Bool {
        peek.kind == .name && peek.text != "ada" && peek.text != "Tile" && peek(1).kind == .symbol && peek(1).text == "."
    }

    mutating func block() throws(SyntaxError) -> [Statement] {
        _ = try expectSymbol("{", "open_brace")
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maxDepth { throw error("too_deep", peek) }
        var out: [Statement] = []
        while !isSymbol("}") {
            if peek.kind == .end { throw expected("close_brace") }
            out.append(try statement())
        }
        _ = take()
        return out
    }

    mutating func statement() throws(SyntaxError) -> Statement {
        let first = peek
        statementCount += 1
        if statementCount > ProgramLimits.maxStatements { throw tooBig("too_many_statements", first, ProgramLimits.maxStatements) }
        guard first.kind == .name else { throw expected("statement") }
        if isWrongObject { throw wrongObject(first) }
        switch first.text {
        case "repeat": return try repeatLoop()
        case "for": return try forLoop()
        case "while": return try whileLoop()
        case "if": return try ifElse()
        case "else": throw error("else_without_if", first)
        case "int": return try declaration()
        case "void": throw error("procedure_inside", first)
        case "return":
            _ = take()
            try semicolon(after: first)
            return Statement(kind: .returnFromProcedure, source: info(first, first, .either))
        case "ada":
            _ = take()
            _ = try expectSymbol(".", "dot")
            return try call(first: first, spelling: .java)
        default:
            if Parser.actionNames[first.text] != nil || Parser.sensorNames.contains(first.text) {
                return try call(first: first, spelling: .c)
            }
            if peek(1).kind == .symbol && peek(1).text == "(" {
                if let hint = structureWordHint(first) { throw hint }  // `repetir (10) {` (ParserCallHelp)
                return try call(first: first, spelling: .c)
            }
            if first.text == "Tile" || Sight(name: first.text) != nil || Parser.keywords.contains(first.text) {
                throw expected("statement")
            }
            return try assignment()
        }
    }

    /// `walk();` or, after `ada.`, `walk();` — the name is the current token.
    /// A name that is not one of Ada's commands is a procedure call; the
    /// compiler says "did you mean …?" when there is no such procedure.
    mutating func call(first: Token, spelling: Spelling) throws(SyntaxError) -> Statement {
        let nameToken = peek
        guard nameToken.kind == .name else { throw expected("command") }
        if Parser.sensorNames.contains(nameToken.text) { throw error("sensor_statement", nameToken, [nameToken.text]) }
        if Parser.keywords.contains(nameToken.text) || Sight(name: nameToken.text) != nil {
            throw LanguageHelp.unknownCommand(nameToken.text, line: nameToken.line, column: nameToken.column, spelling: spelling)
        }
        _ = take()
        _ = try expectSymbol("(", "open_paren")
        // `walk(3);`: say what is wrong, not only that a ")" was expected (a play test);
        // `jump(3);` is an unknown command first (ParserCallHelp).
        if !isSymbol(")"), peek.kind != .end { throw valueInParentheses(nameToken, spelling: spelling) }
        let close = try expectSymbol(")", "close_paren")
        try semicolon(after: first)
        guard let action = Parser.actionNames[nameToken.text] else {
            var source = info(first, close, spelling)
            source.column = nameToken.column
            return Statement(kind: .call(name: nameToken.text), source: source)
        }
        return Statement(kind: .action(action), source: info(first, close, spelling))
    }

    mutating func variableName() throws(SyntaxError) -> Token {
        let t = peek
        guard t.kind == .name else { throw expected("name") }
        if Parser.keywords.contains(t.text) || Parser.actionNames[t.text] != nil
            || Parser.sensorNames.contains(t.text) || Sight(name: t.text) != nil {
            throw error("reserved_name", t, [t.text])
        }
        return take()
    }

    mutating func declaration() throws(SyntaxError) -> Statement {
        let first = take()  // int
        let name = try variableName()
        var value = Expression(kind: .number(0), line: name.line, column: name.column, spelling: .either)
        if isSymbol("=") {
            _ = take()
            value = try expression()
        }
        let last = previous
        try semicolon(after: first)
        return Statement(kind: .declare(name: name.text, value: value), source: info(first, last, .either))
    }

    /// `n = e`, `n += e` (and `-= *= /= %=`), `n++`, `n--` — without the `;`.
    mutating func assignmentKind(_ name: Token) throws(SyntaxError) -> StatementKind {
        let variable = Expression(kind: .variable(name.text), line: name.line, column: name.column, spelling: .either)
        let one = Expression(kind: .number(1), line: name.line, column: name.column, spelling: .either)
        let opToken = peek
        guard opToken.kind == .symbol else { throw expected("equals") }
        let compound: [String: BinaryOperator] = ["+=": .add, "-=": .subtract, "*=": .multiply, "/=": .divide, "%=": .remainder]
        switch opToken.text {
        case "=":
            _ = take()
            return .assign(name: name.text, value: try expression())
        case "++", "--":
            _ = take()
            let op: BinaryOperator = opToken.text == "++" ? .add : .subtract
            return .assign(name: name.text, value: Expression(kind: .binary(op, variable, one), line: name.line, column: name.column, spelling: .either))
        default:
            guard let op = compound[opToken.text] else { throw expected("equals") }
            _ = take()
            let rhs = try expression()
            return .assign(name: name.text, value: Expression(kind: .binary(op, variable, rhs), line: name.line, column: name.column, spelling: .either))
        }
    }

    mutating func assignment() throws(SyntaxError) -> Statement {
        let first = peek
        if isSymbol("++") || isSymbol("--") {
            let op = take()
            let name = try variableName()
            let variable = Expression(kind: .variable(name.text), line: name.line, column: name.column, spelling: .either)
            let one = Expression(kind: .number(1), line: name.line, column: name.column, spelling: .either)
            let value = Expression(kind: .binary(op.text == "++" ? .add : .subtract, variable, one), line: name.line, column: name.column, spelling: .either)
            let last = previous
            try semicolon(after: first)
            return Statement(kind: .assign(name: name.text, value: value), source: info(first, last, .either))
        }
        let name = try variableName()
        let kind = try assignmentKind(name)
        let last = previous
        try semicolon(after: first)
        return Statement(kind: kind, source: info(first, last, .either))
    }

    mutating func condition() throws(SyntaxError) -> (Expression, Token) {
        _ = try expectSymbol("(", "open_paren")
        let e = try expression()
        try refuseAssignInCondition()
        let close = try expectSymbol(")", "close_paren")
        return (e, close)
    }

    /// `if (look() = IRON)`: one `=` stores, two compare — say so.
    func refuseAssignInCondition() throws(SyntaxError) {
        if isSymbol("=") { throw error("assign_in_condition", peek) }
    }

    mutating func repeatLoop() throws(SyntaxError) -> Statement {
        let first = take()
        let (count, close) = try condition()
        let body = try block()
        return Statement(kind: .repeatLoop(count: count, counter: nil, body: body), source: info(first, close, .c))
    }

    mutating func whileLoop() throws(SyntaxError) -> Statement {
        let first = take()
        let (cond, close) = try condition()
        let body = try block()
        return Statement(kind: .whileLoop(condition: cond, body: body), source: info(first, close, .either))
    }

    mutating func ifElse() throws(SyntaxError) -> Statement {
        let first = take()
        let (cond, close) = try condition()
        var branches = [Branch(condition: cond, body: try block(), source: info(first, close, .either))]
        var otherwise: [Statement]?
        while isName("else") {
            _ = take()
            if isName("if") {
                let ifToken = take()
                let (c, cl) = try condition()
                branches.append(Branch(condition: c, body: try block(), source: info(ifToken, cl, .either)))
            } else {
                otherwise = try block()
                break
            }
        }
        return Statement(kind: .ifElse(branches: branches, otherwise: otherwise), source: branches[0].source)
    }

    /// `for (int i = A; i < B; i++) {...}` (also `<=`, `++i`, `i += 1`): the
    /// Java spelling of `repeat`. Anything else is refused with the form to use.
    mutating func forLoop() throws(SyntaxError) -> Statement {
        let first = take()
        _ = try expectSymbol("(", "open_paren")
        guard isName("int") else { throw error("for_form", peek) }
        _ = take()
        let counter = try variableName()
        _ = try expectSymbol("=", "equals")
        let start = try expression()
        _ = try expectSymbol(";", "semicolon")
        guard isName(counter.text) else { throw error("for_form", peek) }
        _ = take()
        guard isSymbol("<") || isSymbol("<=") else { throw error("for_form", peek) }
        let compare = take()
        let inclusive = compare.text == "<="
        let bound = try expression()
        let counterValue = Expression(kind: .variable(counter.text), line: counter.line, column: counter.column, spelling: .either)
        let test = Expression(kind: .binary(inclusive ? .lessOrEqual : .less, counterValue, bound),
                              line: compare.line, column: compare.column, spelling: .either)
        _ = try expectSymbol(";", "semicolon")
        if isSymbol("++") {
            _ = take()
            guard isName(counter.text) else { throw error("for_form", peek) }
            _ = take()
        } else {
            guard isName(counter.text) else { throw error("for_form", peek) }
            _ = take()
            if isSymbol("++") {
                _ = take()
            } else if isSymbol("+=") {
                _ = take()
                guard peek.kind == .number, peek.text == "1" else { throw error("for_form", peek) }
                _ = take()
            } else {
                throw error("for_form", peek)
            }
        }
        let close = try expectSymbol(")", "close_paren")
        let body = try block()
        // How many rounds: B - A (plus one for <=); a start of 0 keeps the plain B.
        var count = bound
        if start.kind != .number(0) {
            count = Expression(kind: .binary(.subtract, bound, start), line: bound.line, column: bound.column, spelling: .either)
        }
        if inclusive {
            let one = Expression(kind: .number(1), line: bound.line, column: bound.column, spelling: .either)
            count = Expression(kind: .binary(.add, count, one), line: bound.line, column: bound.column, spelling: .either)
        }
        return Statement(kind: .repeatLoop(count: count, counter: LoopCounter(name: counter.text, start: start, condition: test), body: body),
                         source: info(first, close, .java))
    }
}
