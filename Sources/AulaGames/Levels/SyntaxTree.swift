/// How a piece of program was written: C style (`walk()`, `IRON`, `repeat`),
/// Java style (`ada.walk()`, `Tile.IRON`, `for`), or a form both share
/// (`int n = 0;`, `if`, `while`, `n++`).
public enum Spelling: String, Sendable, Equatable {
    case c, java, either
}

/// Ada's actions — each one is a turn of the world.
public enum Action: String, Sendable, CaseIterable {
    case walk, turnLeft, turnRight, hit, pick, use
}

/// Where a node comes from: its line and column (from 1), its spelling and its
/// text as written (whitespace collapsed), which the step trace shows.
public struct SourceInfo: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var spelling: Spelling
    public var text: String
}

/// One statement of a program; both spellings produce the same kinds.
public struct Statement: Sendable, Equatable {
    public var kind: StatementKind
    public var source: SourceInfo
    public var line: Int { source.line }
}

/// What a statement does. A Java counting `for (int i = A; i < B; i++)` is the
/// `repeat` structure with a counter: `count` (`B - A`) is its meaning when
/// nothing changes `B` (what `canonicalForm` shows), but it runs as Java does —
/// `counter.condition` is checked before every round (see `LoopCounter`).
/// `n++`, `n += 2` and `n = n + 1` are all `assign`.
///
/// Statement counting (SPEC §12): `action`, `declare`, `assign`, each loop
/// header, each `if`/`else if`, `call` and `returnFromProcedure` count one;
/// a `procedure` definition's header counts none (its body's statements count).
public indirect enum StatementKind: Sendable, Equatable {
    case action(Action)
    case declare(name: String, value: Expression)
    case assign(name: String, value: Expression)
    case repeatLoop(count: Expression, counter: LoopCounter?, body: [Statement])
    case whileLoop(condition: Expression, body: [Statement])
    case ifElse(branches: [Branch], otherwise: [Statement]?)
    /// `void name() { ... }` at the top level. // statements: the header counts none; the body's count.
    case procedure(name: String, body: [Statement])
    /// `name();` — a call of one of the program's procedures. // statements: one
    case call(name: String)
    /// `return;` inside a procedure. // statements: one
    case returnFromProcedure
}

/// The counter variable of a Java `for` loop, its first value and the
/// condition (`i < B` or `i <= B`) checked before every round — B is read
/// again each time, as in Java. The counter grows by one after each round.
public struct LoopCounter: Sendable, Equatable {
    public var name: String
    public var start: Expression
    public var condition: Expression
}

/// One `if` or `else if` arm: its condition, where it is written, its body.
public struct Branch: Sendable, Equatable {
    public var condition: Expression
    public var body: [Statement]
    public var source: SourceInfo
}

/// An expression with where it was written.
public struct Expression: Sendable, Equatable {
    public var kind: ExpressionKind
    public var line: Int
    public var column: Int
    public var spelling: Spelling
}

/// What an expression computes. Tiles, numbers and yes/no values are checked
/// to fit together before a program runs.
public indirect enum ExpressionKind: Sendable, Equatable {
    case number(Int)
    case truth(Bool)
    case tile(Sight)
    case variable(String)
    case look
    case listen
    case not(Expression)
    case negate(Expression)
    case binary(BinaryOperator, Expression, Expression)
}

/// The operators of the language, with the symbols students type.
public enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!=", less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case and = "&&", or = "||"
}

extension Array where Element == Statement {
    /// The program's meaning with every spelling detail dropped, as a small
    /// S-expression: `repeat (3) { walk(); }` and `for (int i = 0; i < 3; i++)
    /// { ada.walk(); }` both give `(repeat 3 (walk))`.
    public var canonicalForm: String { map(\.canonicalForm).joined(separator: " ") }
}

extension Statement {
    public var canonicalForm: String {
        switch kind {
        case .action(let a): return "(\(a.rawValue))"
        case .declare(let n, let v): return "(int \(n) \(v.canonicalForm))"
        case .assign(let n, let v): return "(set \(n) \(v.canonicalForm))"
        case .repeatLoop(let count, _, let body): return "(repeat \(count.canonicalForm) \(body.canonicalForm))"
        case .whileLoop(let c, let body): return "(while \(c.canonicalForm) \(body.canonicalForm))"
        case .ifElse(let branches, let otherwise):
            var s = "(if"
            for b in branches { s += " [\(b.condition.canonicalForm) \(b.body.canonicalForm)]" }
            if let otherwise { s += " [else \(otherwise.canonicalForm)]" }
            return s + ")"
        case .procedure(let name, let body): return "(void \(name) \(body.canonicalForm))"
        case .call(let name): return "(call \(name))"
        case .returnFromProcedure: return "(return)"
        }
    }
}

extension Expression {
    public var canonicalForm: String {
        switch kind {
        case .number(let n): return "\(n)"
        case .truth(let b): return "\(b)"
        case .tile(let t): return t.name
        case .variable(let v): return v
        case .look: return "look"
        case .listen: return "listen"
        case .not(let e): return "(! \(e.canonicalForm))"
        case .negate(let e): return "(neg \(e.canonicalForm))"
        case .binary(let op, let a, let b): return "(\(op.rawValue) \(a.canonicalForm) \(b.canonicalForm))"
        }
    }
}
