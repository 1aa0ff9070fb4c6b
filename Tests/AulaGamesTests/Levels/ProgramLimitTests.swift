import Testing
import AulaTestSupport
@testable import AulaGames

/// No program can crash or stall the server (issue 12, SPEC §12): every
/// construct is bounded in the parser, and a run has an operation budget.
@Suite(.lab) struct ProgramLimitTests {
    static let level = TestLevels.corridor()

    /// `1+1-1+1…` with `count` operators.
    static func chain(_ count: Int) -> String {
        var s = "1"
        for i in 0..<count { s += i % 2 == 0 ? "+1" : "-1" }
        return s
    }

    /// The program that crashed the server: 13,000 operators over 27 lines.
    /// The parser stops at the expression cap, with the place it went over.
    @Test func aChainOf13000OperatorsIsAnErrorNotACrash() throws {
        let chain = Self.chain(13_000)
        var lines: [String] = []
        var rest = Substring(chain)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(1000)))
            rest = rest.dropFirst(1000)
        }
        let source = "repeat (" + lines.joined(separator: "\n") + ") {\n walk();\n}"
        // Over the text cap as a whole …
        let whole = try #require(TestLevels.error(source, Self.level))
        #expect(whole.code == "program_too_big")
        #expect(whole.phrase.key == "level.syntax.source_too_big")
        #expect(whole.line == 17)
        // … and a chain that fits the text cap stops at node 257.
        let fits = "repeat (" + Self.chain(4_000) + ") {\n walk();\n}"
        let error = try #require(TestLevels.error(fits, Self.level))
        #expect(error.code == "program_too_big")
        #expect(error.phrase.key == "level.syntax.expression_too_big")
        #expect(error.line == 1)
        #expect(error.column == 9 + 256)  // node 257 is the number after the 128th operator
        #expect(error.phrase.args == ["1", "265", "256"])
    }

    @Test func anExpressionOf256NodesIsFineAnd257IsNot() throws {
        // 128 numbers and 127 operators: 255 nodes; one operator and number more: 257.
        #expect(TestLevels.error("int n = " + Self.chain(127) + ";", Self.level) == nil)
        #expect(TestLevels.error("int n = " + Self.chain(128) + ";", Self.level)?.code == "program_too_big")
        // Every expression has its own count.
        let two = "int a = " + Self.chain(127) + ";\nint b = " + Self.chain(127) + ";"
        #expect(TestLevels.error(two, Self.level) == nil)
        // Parentheses do not reset it.
        #expect(TestLevels.error("int n = (" + Self.chain(100) + ") + (" + Self.chain(100) + ");", Self.level)?.code
                == "program_too_big")
    }

    @Test func unaryRunsParenthesesAndBlocksAreBounded() {
        let notRun = "if (" + String(repeating: "!", count: 8_000) + "true) { walk(); }"
        #expect(TestLevels.error(notRun, Self.level)?.phrase.key == "level.syntax.too_deep")
        let minusRun = "int n = " + String(repeating: "- ", count: 6_000) + "1;"
        #expect(TestLevels.error(minusRun, Self.level)?.phrase.key == "level.syntax.too_deep")
        let parens = "repeat (" + String(repeating: "(", count: 4_000) + "1" + String(repeating: ")", count: 4_000) + ") { walk(); }"
        #expect(TestLevels.error(parens, Self.level)?.phrase.key == "level.syntax.too_deep")
        let blocks = String(repeating: "if (true) {\n", count: 1_000) + "walk();\n" + String(repeating: "}\n", count: 1_000)
        #expect(TestLevels.error(blocks, Self.level)?.phrase.key == "level.syntax.too_deep")
    }

    @Test func aProgramHasCapsOnStatementsTokensAndBytes() throws {
        let statements = try #require(TestLevels.error(String(repeating: "walk();\n", count: 1_001), Self.level))
        #expect(statements.code == "program_too_big")
        #expect(statements.phrase.key == "level.syntax.too_many_statements")
        #expect(statements.line == 1_001)
        #expect(TestLevels.error(String(repeating: "walk();\n", count: 1_000), Self.level)?.code != "program_too_big")

        let tokens = try #require(TestLevels.error("walk();" + String(repeating: ";", count: 9_000), Self.level))
        #expect(tokens.phrase.key == "level.syntax.too_many_tokens")
        #expect(tokens.code == "program_too_big")

        let bytes = try #require(TestLevels.error(String(repeating: "// a comment line\n", count: 1_000), Self.level))
        #expect(bytes.phrase.key == "level.syntax.source_too_big")
        #expect(bytes.line == 16_384 / 18 + 1)
        #expect(bytes.column == 16_384 % 18 + 1)
    }

    /// An endless loop whose condition is large but legal goes over the
    /// operation budget long before the 10,000-step limit: `too_slow`, always
    /// at the same step (deterministic).
    @Test func anExpensiveEndlessLoopEndsTooSlowDeterministically() throws {
        let source = "while (" + Self.chain(126) + " > 0) {\n turnLeft();\n}"
        let (end, run) = try TestLevels.run(source, Self.level)
        #expect(end.reason == .tooSlow)
        #expect(end.phrase.key == "level.end.too_slow")
        #expect(end.steps < LevelRun.stepLimit)
        #expect(run.operations > ProgramLimits.maxOperations)
        let (again, _) = try TestLevels.run(source, Self.level)
        #expect(again == end)

        let verdict = Judge.judge(program: try TestLevels.program(source, Self.level), level: Self.level, timeLeft: 1, timeLimit: 1)
        #expect(!verdict.solved)
        #expect(verdict.reason == "too_slow")
        #expect(verdict.points == 0)
        // A cheap endless loop still hits the step limit first.
        let (cheap, _) = try TestLevels.run("while (true) {\n turnLeft();\n}", Self.level)
        #expect(cheap.reason == .tooManySteps)
    }

    /// The server's wall-clock budget reaches into the run: once it says the
    /// time is over, the run ends `too_slow` within 64 steps, and the judge
    /// stops at that layout.
    @Test func anExpiredDeadlineStopsTheRun() throws {
        let program = try TestLevels.program("while (true) {\n turnLeft();\n}", Self.level)
        var run = LevelRun(level: Self.level, layout: Self.level.layout(seed: Level.shownSeed), program: program,
                           deadline: RunDeadline { true })
        let end = run.runToEnd()
        #expect(end.reason == .tooSlow)
        #expect(end.steps == 64)
        let verdict = Judge.judge(program: program, level: Self.level, timeLeft: 1, timeLimit: 1, deadline: RunDeadline { true })
        #expect(verdict.reason == "too_slow")
        #expect(verdict.firstFailingLayout != nil)
        // A solving program is not affected by a deadline that never comes.
        let solving = try TestLevels.program("repeat (6) { walk(); }", Self.level)
        #expect(Judge.judge(program: solving, level: Self.level, timeLeft: 1, timeLimit: 1,
                            deadline: RunDeadline { false }).solved)
    }
}
