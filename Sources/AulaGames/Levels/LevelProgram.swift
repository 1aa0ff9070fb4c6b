/// A program checked for one level and ready to run: its syntax tree, its size
/// in lines (for `max_lines` and stars) and the step-machine code.
public struct LevelProgram: Sendable {
    public let source: String
    public let statements: [Statement]
    /// Lines holding a statement or an `if`/`else if` condition; blank lines,
    /// comments and lines with only braces (or `} else {`) do not count.
    public let lines: Int
    let instructions: [Instruction]
    let sources: [SourceInfo]
    let slotCount: Int

    /// Only the syntax tree, with no level rules applied.
    public static func parse(_ source: String) -> Result<[Statement], SyntaxError> {
        Parser.parse(source)
    }

    /// Parses and checks a program for a level: syntax, names and types, the
    /// unlocked commands, the allowed spellings, and `max_lines`.
    public static func compile(_ source: String, for level: Level) -> Result<LevelProgram, SyntaxError> {
        compile(source, rules: ProgramRules(level: level))
    }

    public static func compile(_ source: String, rules: ProgramRules) -> Result<LevelProgram, SyntaxError> {
        let statements: [Statement]
        switch Parser.parse(source) {
        case .failure(let e): return .failure(e)
        case .success(let s): statements = s
        }
        var compiler = Compiler(rules: rules)
        do { try compiler.compile(statements) } catch { return .failure(error) }
        let lineNumbers = statementLines(statements)
        if let max = rules.maxLines, lineNumbers.count > max {
            let line = lineNumbers[max]
            return .failure(SyntaxError(line: line, column: 1,
                                        phrase: Phrase("level.program.too_many_lines", ["\(lineNumbers.count)", "\(max)"]),
                                        code: "too_many_lines"))
        }
        return .success(LevelProgram(source: source, statements: statements, lines: lineNumbers.count,
                                     instructions: compiler.code, sources: compiler.sources, slotCount: compiler.slotCount))
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
