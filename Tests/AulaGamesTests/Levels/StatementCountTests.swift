import Testing
import AulaTestSupport
@testable import AulaGames

/// Statements, not lines (SPEC §12 Levels): what counts and what does not.
@Suite(.lab) struct StatementCountTests {
    func count(_ source: String) throws -> Int {
        StatementCount.count(try Parser.parse(source).get())
    }

    @Test func tenWalksOnOneLineAreTenStatements() throws {
        // The issue's w1-04 one-liner: it used to count as 1 line.
        #expect(try count(String(repeating: "walk(); ", count: 10)) == 10)
        #expect(try count("repeat (10) { walk(); }") == 2)
        #expect(try count("for (int i = 0; i < 10; i++) { ada.walk(); }") == 2)
    }

    @Test func everyKindOfStatementIsOne() throws {
        #expect(try count("int n = 0;") == 1)                       // declaration
        #expect(try count("int n = 0; n = n + 1; n++; n += 2;") == 4) // assignments
        #expect(try count("while (look() != GOAL) { walk(); }") == 2)
        #expect(try count("if (look() == IRON) { hit(); }") == 2)
    }

    @Test func elseIfCountsButElseAndBracesDoNot() throws {
        let source = """
        if (look() == IRON) {
            hit();
        } else if (look() == WALL) {
            turnLeft();
        } else {
            walk();
        }
        """
        #expect(try count(source) == 5)  // if, hit, else if, turnLeft, walk
    }

    @Test func commentsBlankLinesAndLayoutDoNotCount() throws {
        let spread = """
        // walk twice
        repeat (2)
        {

            walk();   /* one */
        }
        """
        #expect(try count(spread) == 2)
        #expect(try count("repeat (2) { walk(); }") == 2)
    }

    @Test func nestedBodiesCountInside() throws {
        #expect(try count("int n = 1; while (n <= 5) { repeat (n) { walk(); } turnRight(); n++; }") == 6)
    }

    @Test func maxStatementsRefusesOnlyTheCheckedCompile() throws {
        let level = TestLevels.make(["#############", "#..........G#", "#############"], maxLines: 4)
        let oneLiner = String(repeating: "walk(); ", count: 10)
        // `submit` compiles with the limit ...
        guard case .failure(let error) = LevelProgram.compile(oneLiner, for: level) else {
            Issue.record("the one-liner passed max_statements 4")
            return
        }
        #expect(error.code == "too_many_statements")
        #expect(error.phrase == Phrase("level.program.too_many_statements", ["10", "4"]))
        #expect(error.line == 1)
        // ... `run` and `step` do not: practice works over the limit.
        let practice = try LevelProgram.practice(oneLiner, for: level).get()
        #expect(practice.statementCount == 10)
        var run = LevelRun(level: level, program: practice)
        #expect(run.runToEnd().solved)
    }

    @Test func starsCountStatements() throws {
        let level = TestLevels.make(["#############", "#..........G#", "#############"], maxLines: 20, par: 2)
        let oneLiner = try LevelProgram.compile(String(repeating: "walk(); ", count: 10), for: level).get()
        #expect(Judge.judge(program: oneLiner, level: level, timeLeft: 1, timeLimit: 1).stars == 1)
        let loop = try LevelProgram.compile("repeat (10) { walk(); }", for: level).get()
        let verdict = Judge.judge(program: loop, level: level, timeLeft: 1, timeLimit: 1)
        #expect(verdict.stars == 3 && verdict.statements == 2)
    }

    @Test func aProcedureCountsItsBodyOnceAndEachCallAndReturnAsOne() throws {
        // The `void` header is no statement; its body counts where it is written.
        let source = """
        void twoSteps() {
            walk();
            walk();
            return;
        }
        twoSteps();
        twoSteps();
        """
        #expect(try count(source) == 5)
    }
}
