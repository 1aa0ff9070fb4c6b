import Testing
import AulaTestSupport
@testable import AulaGames

/// The flat step code of issue 20 keeps the tree evaluator's meaning: its
/// shortcuts (constants computed once, `look() == TILE` as one node) count
/// the same operations, a division by zero still stops the run at its line,
/// and the judge's reused boards give what a fresh run gives. (The wide
/// corpus check is JudgeEquivalenceTests, against a record made before.)
@Suite(.lab) struct StepCodeTests {
    let level = TestLevels.corridor(".....", items: [LevelItem(kind: "iron", row: 1, col: 3)])

    func run(_ source: String) throws -> (RunEnd, LevelRun) { try TestLevels.run(source, level) }

    @Test func foldedConstantsCountEveryNodeTheyStandFor() throws {
        // One step plus five nodes (+, 1, *, 2, 3), folded or not.
        let (_, folded) = try run("int x = 1 + 2 * 3;")
        #expect(folded.operations == 6)
        let program = try TestLevels.program("int x = 1 + 2 * 3;", level)
        #expect(program.code.nodes.count == 1 && program.code.nodes[0].kind == .constant && program.code.nodes[0].value == 7)
        // `false && …` stops early: the step, `&&` and `false`.
        let (_, early) = try run("if (false && 1 + 1 == 2) { walk(); }")
        #expect(early.operations == 3)
        let (_, negated) = try run("int y = -(2 - 5);")
        #expect(negated.operations == 5)
    }

    @Test func aDivisionByZeroIsNotFoldedAndStopsAtItsLine() throws {
        let (end, run) = try run("walk();\nint x = 4 / (2 - 2);")
        #expect(end.reason == .runtimeError)
        #expect(end.phrase == Phrase("level.end.division_by_zero", ["2"]))
        #expect(run.ada.col == 2)
        let (remainder, _) = try self.run("int x = 1 % 0;")
        #expect(remainder.reason == .runtimeError)
    }

    @Test func lookAgainstATileIsOneNodeCountingThree() throws {
        let program = try TestLevels.program("while (look() != IRON) { walk(); }", level)
        #expect(program.code.nodes.map(\.kind) == [.lookIsNot])
        #expect(program.code.nodes[0].cost == 3)
        let (end, run) = try run("while (IRON != look()) { walk(); }\nhit();")
        // Ada at column 1, iron at column 3: test, walk, test, hit.
        #expect(end.steps == 4)
        #expect(run.operations == 4 + 2 * 3)
    }

    @Test func theTraceStillNamesVariablesCountersAndProcedures() throws {
        let source = "void go() {\n    walk();\n}\nint n = 2;\nfor (int i = 0; i < n; i++) {\n    go();\n}"
        var run = LevelRun(level: level, program: try TestLevels.program(source, level))
        var messages: [Phrase] = []
        while let step = run.step() { if let m = step.message { messages.append(m) } }
        #expect(messages.contains(Phrase("level.step.set", ["4", "n", "2"])))
        #expect(messages.contains(Phrase("level.step.for_true", ["5", "i", "0"])))
        #expect(messages.contains(Phrase("level.step.call", ["6", "go"])))
    }

    @Test func judgedLayoutsOnReusedBoardsMatchFreshRuns() throws {
        let rich = TestLevels.make(["#######", "#..D.G#", "#.~...#", "#######"], ada: AdaStart(row: 1, col: 1, facing: "E", health: 3),
                                   items: [LevelItem(kind: "key", randomPositions: [[1, 2], [2, 1], [2, 4]]),
                                           LevelItem(kind: "iron", randomPositions: [[2, 3], [2, 5]])],
                                   goal: ["reach_goal"], maxLines: 50)
        let source = "while (look() != GOAL) {\n    if (look() == DOOR) {\n        use();\n    } else {\n        walk();\n        pick();\n    }\n}\nwalk();"
        let program = try TestLevels.program(source, rich)
        let layouts = rich.judgeLayouts(shown: rich.layout(seed: Level.shownSeed), freshSeed: 1).layouts
        #expect(layouts.count > 3)
        let verdict = Judge.judge(program: program, level: rich, layouts: layouts, timeLeft: 1, timeLimit: 1)
        var passed = 0
        var firstFailing: (LevelLayout, RunEnd, BoardView)?
        for layout in layouts {
            var fresh = LevelRun(level: rich, layout: layout, program: program)
            let end = fresh.runToEnd()
            if end.solved { passed += 1 } else if firstFailing == nil { firstFailing = (layout, end, fresh.board) }
        }
        #expect(verdict.seedsPassed == passed)
        #expect(verdict.firstFailingLayout?.end == firstFailing?.1)
        #expect(verdict.firstFailingLayout?.finalBoard == firstFailing?.2)
        if let (layout, _, _) = firstFailing {
            #expect(verdict.firstFailingLayout?.board == LevelRun(level: rich, layout: layout, program: program).board)
        }
    }

    @Test func plainAndUnicodeTextLexTheSame() throws {
        let ascii = "int n = 3;\nrepeat (n) {\n\twalk(); // go\n}"
        let unicode = "int n = 3;\nrepeat (n) {\n\twalk(); // ñ✓\n}"
        guard case .ascii = Lexer(ascii).text, case .characters = Lexer(unicode).text else {
            Issue.record("the texts did not take the two paths")
            return
        }
        let a = try Lexer(ascii).tokens().get(), u = try Lexer(unicode).tokens().get()
        #expect(a.dropLast().map(\.text) == u.dropLast().map(\.text))
        #expect(a.dropLast().map { [$0.line, $0.column, $0.start, $0.end] } == u.dropLast().map { [$0.line, $0.column, $0.start, $0.end] })
        #expect(a.map(\.op) == u.map(\.op))
    }
}
