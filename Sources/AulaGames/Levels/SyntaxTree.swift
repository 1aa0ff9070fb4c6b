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
/// `repeat` structure: it repeats `B - A` times and keeps `i` as its counter.
/// `n++`, `n += 2` and `n = n + 1` are all `assign`.
public indirect enum StatementKind: Sendable, Equatable {
    case action(Action)
    case declare(name: String, value: Expression)
    case assign(name: String, value: Expression)
    case repeatLoop(count: Expression, counter: LoopCounter?, body: [Statement])
    case whileLoop(condition: Expression, body: [Statement])
    case ifElse(branches: [Branch], otherwise: [Statement]?)
}

/// The counter variable of a Java `for` loop and its first value.
public struct LoopCounter: Sendable, Equatable {
    public var name: String
    public var start: Expression
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
