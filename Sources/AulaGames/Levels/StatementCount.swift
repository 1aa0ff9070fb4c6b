/// How big a program is, for stars, par and `max_statements` (SPEC §12
/// Levels): each action call, assignment, declaration, loop header
/// (`repeat`/`while`/`for`), `if` and `else if`, procedure call and `return`
/// counts one; braces, `else`, comments and blank lines count nothing. So
/// ten `walk();` on one line are 10, and `repeat (10) { walk(); }` is 2,
/// however the text is laid out — lines could be squeezed, statements cannot.
public enum StatementCount {
    /// The statements of a parsed program, nested ones included.
    public static func count(_ statements: [Statement]) -> Int {
        var total = 0
        for statement in statements { total += count(statement) }
        return total
    }

    /// One statement and everything inside it.
    public static func count(_ statement: Statement) -> Int {
        switch statement.kind {
        case .repeatLoop(_, _, let body), .whileLoop(_, let body):
            return 1 + count(body)
        case .procedure(_, let body):
            // The `void name()` header is none; its body counts once, where it is written.
            return count(body)
        case .ifElse(let branches, let otherwise):
            // Each `if` / `else if` arm is one; a bare `else` is none.
            return branches.reduce(0) { $0 + 1 + count($1.body) } + (otherwise.map(count) ?? 0)
        default:
            // Actions, declarations, assignments — and any one-line kind the
            // language grows (procedure calls, `return`) — are one each.
            return 1
        }
    }
}
