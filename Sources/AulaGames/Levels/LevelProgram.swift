/// A program checked for one level and ready to run: its syntax tree, its size
/// in statements (for `max_statements`, par and stars) and the step-machine code.
public struct LevelProgram: Sendable {
    public let source: String
    public let statements: [Statement]
    /// Statements, as `StatementCount` counts them (SPEC §12).
    public let statementCount: Int
    /// The old name of `statementCount` (stars used to count lines).
    public var lines: Int { statementCount }
    /// The step machine's code, laid out flat once per program (issue 20).
    let code: StepCode
    let sources: [SourceInfo]
    let slotCount: Int

    /// Only the syntax tree, with no level rules applied.
    public static func parse(_ source: String) -> Result<[Statement], SyntaxError> {
        Parser.parse(source)
    }

    /// Parses and checks a program for a level: syntax, names and types, the
    /// unlocked commands, the allowed spellings, and `max_statements` — the
    /// check `submit` makes.
    public static func compile(_ source: String, for level: Level) -> Result<LevelProgram, SyntaxError> {
        compile(source, rules: ProgramRules(level: level))
    }

    /// The same without `max_statements`: `run` and `step` work over the
    /// limit, for practice (SPEC §12); only `submit` refuses.
    public static func practice(_ source: String, for level: Level) -> Result<LevelProgram, SyntaxError> {
        var rules = ProgramRules(level: level)
        rules.maxLines = nil
        return compile(source, rules: rules)
    }

    public static func compile(_ source: String, rules: ProgramRules) -> Result<LevelProgram, SyntaxError> {
        let statements: [Statement]
        switch Parser.parse(source) {
        case .failure(let e): return .failure(e)
        case .success(let s): statements = s
        }
        var compiler = Compiler(rules: rules)
        do { try compiler.compile(statements) } catch { return .failure(error) }
        let count = StatementCount.count(statements)
        if let max = rules.maxLines, count > max {
            return .failure(SyntaxError(line: statementLine(statements, at: max), column: 1,
                                        phrase: Phrase("level.program.too_many_statements", ["\(count)", "\(max)"]),
                                        code: "too_many_statements"))
        }
        return .success(LevelProgram(source: source, statements: statements, statementCount: count,
                                     code: StepCode(compiler.code), sources: compiler.sources, slotCount: compiler.slotCount))
    }

    /// The line of the statement number `index` (from 0) in reading order,
    /// counted as `StatementCount` does: where the limit is first passed.
    static func statementLine(_ statements: [Statement], at index: Int) -> Int {
        var lines: [Int] = []
        func visit(_ list: [Statement]) {
            for s in list {
                switch s.kind {
                case .repeatLoop(_, _, let body), .whileLoop(_, let body):
                    lines.append(s.source.line); visit(body)
                case .procedure(_, let body):
                    visit(body)
                case .ifElse(let branches, let otherwise):
                    for b in branches { lines.append(b.source.line); visit(b.body) }
                    if let otherwise { visit(otherwise) }
                default:
                    lines.append(s.source.line)
                }
            }
        }
        visit(statements)
        return index < lines.count ? lines[index] : (lines.last ?? 1)
    }

    /// The sorted, distinct lines on which a statement or condition starts.
    public static func statementLines(_ statements: [Statement]) -> [Int] {
        var lines = Set<Int>()
        func visit(_ list: [Statement]) {
            for s in list {
                lines.insert(s.source.line)
                switch s.kind {
                case .repeatLoop(_, _, let body), .whileLoop(_, let body), .procedure(_, let body): visit(body)
                case .ifElse(let branches, let otherwise):
                    for b in branches { lines.insert(b.source.line); visit(b.body) }
                    if let otherwise { visit(otherwise) }
                default: break
                }
            }
        }
        visit(statements)
        return lines.sorted()
    }
}
