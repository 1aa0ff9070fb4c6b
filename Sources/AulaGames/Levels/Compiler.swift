/// What a level lets a program use: its unlocked commands, its spellings and
/// its line limit. `everything` allows all (tests, the sandbox, the bench).
public struct ProgramRules: Sendable, Equatable {
    public var commands: Set<String>?
    public var languages: Set<String>
    public var maxLines: Int?

    public init(commands: Set<String>?, languages: Set<String> = ["c", "java"], maxLines: Int? = nil) {
        self.commands = commands
        self.languages = languages
        self.maxLines = maxLines
    }

    public init(level: Level) {
        self.init(commands: Set(level.commands), languages: Set(level.languages), maxLines: level.maxLines)
    }

    public static let everything = ProgramRules(commands: nil)

    /// Every name a level's `commands` may list.
    /// `void` unlocks procedures (`void name() { ... }`, SPEC §12).
    public static let knownCommands: [String] = Action.allCases.map(\.rawValue) + ["look", "listen", "repeat", "while", "if", "var", "void"]
    public static let knownLanguages: [String] = ["c", "java"]

    func allows(_ command: String) -> Bool { commands?.contains(command) ?? true }
}

/// Checks the tree against the level's rules and the types, resolves
/// variables to slots, and lays the program out as step-machine instructions.
struct Compiler {
    enum Kind { case number, truth, tile }

    let rules: ProgramRules
    var code: [Instruction] = []
    var sources: [SourceInfo] = []
    var scopes: [[String: Int]] = [[:]]
    var slotCount = 0
    /// The counters of the Java `for` loops being compiled (slot → name):
    /// the body may read them but not assign them.
    var counters: [Int: String] = [:]
    /// The program's procedures by name (entry filled in once laid out),
    /// the calls waiting for an entry, and whether a procedure is being compiled.
    var procedures: [String: Int] = [:]
    var pendingCalls: [(at: Int, name: String)] = []
    var inProcedure = false

    /// Whether each spelling is allowed, looked up once rather than at every
    /// expression (issue 20).
    private let allowsC: Bool
    private let allowsJava: Bool

    init(rules: ProgramRules) {
        self.rules = rules
        allowsC = rules.languages.contains(Spelling.c.rawValue)
        allowsJava = rules.languages.contains(Spelling.java.rawValue)
    }

    /// Procedures first (behind a jump), then the main program: running off
    /// the end of the main program ends the run, as before.
    mutating func compile(_ statements: [Statement]) throws(SyntaxError) {
        let definitions = statements.filter { if case .procedure = $0.kind { return true } else { return false } }
        if !definitions.isEmpty {
            try ProcedureCheck.check(definitions, rules: rules)
            for d in definitions { if case .procedure(let name, _) = d.kind { procedures[name] = -1 } }
            code.append(.jump(-1))
            for d in definitions {
                guard case .procedure(let name, let body) = d.kind else { continue }
                procedures[name] = code.count
                let outer = scopes
                scopes = [[:]]  // a procedure sees only its own variables
                inProcedure = true
                try self.body(body)
                inProcedure = false
                scopes = outer
                code.append(.ret)
            }
            code[0] = .jump(code.count)
        }
        for s in statements {
            if case .procedure = s.kind { continue }
            try statement(s)
        }
        for pending in pendingCalls {
            if case .call(_, let name, let info) = code[pending.at], let entry = procedures[pending.name] {
                code[pending.at] = .call(entry: entry, name: name, info: info)
            }
        }
    }

    // MARK: - Checks

    private func refuse(_ command: String, word: String, line: Int, column: Int) throws(SyntaxError) {
        if !rules.allows(command) {
            throw SyntaxError(line: line, column: column, phrase: Phrase("level.program.command_locked", ["\(line)", word]), code: "command_locked")
        }
    }

    private func checkSpelling(_ spelling: Spelling, line: Int, column: Int) throws(SyntaxError) {
        switch spelling {
        case .either: return
        case .c, .java:
            if !(spelling == .c ? allowsC : allowsJava) {
                throw SyntaxError(line: line, column: column, phrase: Phrase("level.program.spelling_not_allowed.\(spelling.rawValue)", ["\(line)"]),
                                  code: "spelling_not_allowed")
            }
        }
    }

    private func error(_ key: String, _ line: Int, _ column: Int, _ extra: [String] = []) -> SyntaxError {
        SyntaxError(line: line, column: column, phrase: Phrase("level.syntax.\(key)", ["\(line)", "\(column)"] + extra))
    }

    private func lookup(_ name: String) -> Int? {
        for scope in scopes.reversed() { if let slot = scope[name] { return slot } }
        return nil
    }

    private mutating func declare(_ name: String, line: Int, column: Int) throws(SyntaxError) -> Int {
        if lookup(name) != nil { throw error("already_declared", line, column, [name]) }
        let slot = slotCount
        slotCount += 1
        scopes[scopes.count - 1][name] = slot
        return slot
    }

    private mutating func source(_ info: SourceInfo) -> Int {
        sources.append(info)
        return sources.count - 1
    }

    private mutating func body(_ statements: [Statement]) throws(SyntaxError) {
        scopes.append([:])
        for s in statements { try statement(s) }
        scopes.removeLast()
    }

    // MARK: - Statements

    private mutating func statement(_ s: Statement) throws(SyntaxError) {
        let line = s.source.line, column = s.source.column
        switch s.kind {
        case .action(let action):
            try checkSpelling(s.source.spelling, line: line, column: column)
            try refuse(action.rawValue, word: action.rawValue, line: line, column: column)
            code.append(.act(action, info: source(s.source)))

        case .declare(let name, let value):
            try refuse("var", word: "int", line: line, column: column)
            let v = try expect(.number, value)
            let slot = try declare(name, line: line, column: column)
            code.append(.store(slot: slot, name: name, value: v, info: source(s.source)))

        case .assign(let name, let value):
            try refuse("var", word: name, line: line, column: column)
            guard let slot = lookup(name) else { throw error("unknown_name", line, column, [name]) }
            if counters[slot] != nil { throw error("counter_assigned", line, column, [name]) }
            let v = try expect(.number, value)
            code.append(.store(slot: slot, name: name, value: v, info: source(s.source)))

        case .repeatLoop(_, let counter?, let bodyStatements):
            try checkSpelling(s.source.spelling, line: line, column: column)
            try refuse("repeat", word: "for", line: line, column: column)
            try javaFor(counter, body: bodyStatements, source: s.source)

        case .repeatLoop(let count, let counter, let bodyStatements):
            try checkSpelling(s.source.spelling, line: line, column: column)
            try refuse("repeat", word: counter == nil ? "repeat" : "for", line: line, column: column)
            let countValue = try expect(.number, count)
            var startValue: Value?
            if let counter { startValue = try expect(.number, counter.start) }
            let base = slotCount
            slotCount += 3
            scopes.append([:])
            var counterSlot: Int?
            if let counter { counterSlot = try declare(counter.name, line: line, column: column) }
            let info = source(s.source)
            let startIndex = code.count
            code.append(.jump(-1))  // placeholder for repeatStart
            try body(bodyStatements)
            code.append(.repeatNext(base: base, counter: counterSlot, body: startIndex + 1, info: info))
            scopes.removeLast()
            code[startIndex] = .repeatStart(count: countValue, base: base, counter: counterSlot, start: startValue, exit: code.count, info: info)

        case .whileLoop(let condition, let bodyStatements):
            try refuse("while", word: "while", line: line, column: column)
            let test = try expect(.truth, condition)
            let info = source(s.source)
            let top = code.count
            code.append(.jump(-1))
            try body(bodyStatements)
            code.append(.jump(top))
            code[top] = .test(test, orElse: code.count, info: info)

        case .ifElse(let branches, let otherwise):
            try refuse("if", word: "if", line: line, column: column)
            var exits: [Int] = []
            for branch in branches {
                let test = try expect(.truth, branch.condition)
                let info = source(branch.source)
                let at = code.count
                code.append(.jump(-1))
                try body(branch.body)
                exits.append(code.count)
                code.append(.jump(-1))
                code[at] = .test(test, orElse: code.count, info: info)
            }
            if let otherwise { try body(otherwise) }
            for e in exits { code[e] = .jump(code.count) }

        case .procedure:
            throw error("procedure_inside", line, column)

        case .call(let name):
            guard procedures[name] != nil else {
                throw LanguageHelp.unknownCommand(name, line: line, column: column, spelling: s.source.spelling,
                                                  procedures: procedures.keys.sorted())
            }
            // `ada.dance()`: Ada's commands are hers; the program's own procedures are called plainly.
            if s.source.spelling == .java { throw error("procedure_not_ada", line, column, [name]) }
            pendingCalls.append((code.count, name))
            code.append(.call(entry: -1, name: name, info: source(s.source)))

        case .returnFromProcedure:
            guard inProcedure else { throw error("return_outside", line, column) }
            code.append(.ret)
        }
    }

    /// A Java `for`: the counter lives in a scope of its own; the condition is
    /// checked before every round with the bound read afresh; the body may
    /// not assign the counter (refused here, with the reason).
    private mutating func javaFor(_ counter: LoopCounter, body bodyStatements: [Statement], source info: SourceInfo) throws(SyntaxError) {
        let line = info.line, column = info.column
        if let slot = lookup(counter.name) {
            if counters[slot] == nil { throw error("already_declared", line, column, [counter.name]) }
            let other = LanguageHelp.freeCounterName { self.lookup($0) != nil || $0 == counter.name }
            throw error("counter_reused", line, column, [counter.name, other])
        }
        let startValue = try expect(.number, counter.start)
        scopes.append([:])
        let slot = try declare(counter.name, line: line, column: column)
        let test = try expect(.truth, counter.condition)
        let at = source(info)
        let startIndex = code.count
        code.append(.jump(-1))  // placeholder for forStart
        counters[slot] = counter.name
        try body(bodyStatements)
        counters[slot] = nil
        code.append(.forNext(counter: slot, name: counter.name, condition: test, body: startIndex + 1, info: at))
        scopes.removeLast()
        code[startIndex] = .forStart(counter: slot, name: counter.name, start: startValue, condition: test, exit: code.count, info: at)
    }

    // MARK: - Expressions

    private mutating func expect(_ kind: Kind, _ e: Expression) throws(SyntaxError) -> Value {
        let (v, k) = try expression(e)
        if k != kind {
            throw error(kind == .truth ? "needs_condition" : "needs_number", e.line, e.column)
        }
        return v
    }

    private mutating func expression(_ e: Expression) throws(SyntaxError) -> (Value, Kind) {
        try checkSpelling(e.spelling, line: e.line, column: e.column)
        switch e.kind {
        case .number(let n): return (.constant(n), .number)
        case .truth(let b): return (.constant(b ? 1 : 0), .truth)
        case .tile(let t): return (.constant(t.rawValue), .tile)
        case .variable(let name):
            guard let slot = lookup(name) else {
                // `look() == iron`: a tile written in small letters, not a missing variable.
                if let tile = Sight(name: name.uppercased()) { throw error("tile_lowercase", e.line, e.column, [name, tile.name]) }
                throw error("unknown_name", e.line, e.column, [name])
            }
            return (.slot(slot), .number)
        case .look:
            try refuse("look", word: "look()", line: e.line, column: e.column)
            return (.look, .tile)
        case .listen:
            try refuse("listen", word: "listen()", line: e.line, column: e.column)
            return (.listen, .number)
        case .not(let inner):
            return (.not(try expect(.truth, inner)), .truth)
        case .negate(let inner):
            return (.negate(try expect(.number, inner)), .number)
        case .binary(let op, let a, let b):
            switch op {
            case .add, .subtract, .multiply, .divide, .remainder:
                return (.binary(op, try expect(.number, a), try expect(.number, b)), .number)
            case .less, .greater, .lessOrEqual, .greaterOrEqual:
                return (.binary(op, try expect(.number, a), try expect(.number, b)), .truth)
            case .and, .or:
                return (.binary(op, try expect(.truth, a), try expect(.truth, b)), .truth)
            case .equal, .notEqual:
                let (va, ka) = try expression(a)
                let (vb, kb) = try expression(b)
                if ka != kb { throw error("cannot_compare", e.line, e.column) }
                return (.binary(op, va, vb), .truth)
            }
        }
    }
}
