import Testing
import AulaTestSupport
@testable import AulaGames

/// Issue 14, the language: messages that name the student's mistake (the
/// exact examples of the issue), Java `for` as Java, procedures, health and
/// strikes in the trace, and the goals a failed run did not meet.
@Suite(.lab) struct LanguageHelpTests {
    let level = TestLevels.corridor()

    func phrase(_ source: String, _ level: Level? = nil) -> Phrase? {
        TestLevels.error(source, level ?? self.level)?.phrase
    }

    // MARK: - Messages that name the mistake

    @Test func aMissingSemicolonIsReportedAtTheEndOfTheStatementThatLacksIt() {
        let e = TestLevels.error("walk()\nwalk();", level)
        #expect(e?.line == 1)
        #expect(e?.column == 7)
        #expect(e?.phrase == Phrase("level.syntax.missing_semicolon", ["1", "7", "walk()"]))
        #expect(phrase("int n = 0\nwalk();") == Phrase("level.syntax.missing_semicolon", ["1", "10", "int n = 0"]))
        #expect(phrase("walk();\nturnLeft()") == Phrase("level.syntax.missing_semicolon", ["2", "11", "turnLeft()"]))
    }

    /// A play test: `walk(3);` only said that a ")" was expected instead of "3".
    @Test func aValueInsideACommandsParenthesesIsNamedAsTheMistake() {
        #expect(phrase("walk(3);") == Phrase("level.syntax.call_takes_nothing", ["1", "6", "walk"]))
        #expect(phrase("walk();\nada.turnLeft(x);") == Phrase("level.syntax.call_takes_nothing", ["2", "14", "turnLeft"]))
        // An unclosed call at the very end still says what is missing.
        #expect(phrase("walk(")?.key.hasPrefix("level.syntax.missing") == true)
    }

    @Test func anUnknownCommandSuggestsTheClosestOneAndSaysCapitalsMatter() {
        #expect(phrase("Walk();") == Phrase("level.syntax.unknown_command_capitals", ["1", "1", "Walk", "walk"]))
        #expect(phrase("turnleft();") == Phrase("level.syntax.unknown_command_capitals", ["1", "1", "turnleft", "turnLeft"]))
        #expect(phrase("ada.Walk();") == Phrase("level.syntax.unknown_command_capitals", ["1", "5", "Walk", "ada.walk"]))
        #expect(phrase("wlak();") == Phrase("level.syntax.unknown_command_near", ["1", "1", "wlak", "walk"]))
        #expect(phrase("if (Look() == WALL) { hit(); }") == Phrase("level.syntax.unknown_command_capitals", ["1", "5", "Look", "look"]))
        // Nothing close: the plain message.
        #expect(phrase("  jump();") == Phrase("level.syntax.unknown_command", ["1", "3", "jump"]))
    }

    @Test func aTileInSmallLettersIsNotAMissingVariable() {
        #expect(phrase("if (look() == iron) { hit(); }") == Phrase("level.syntax.tile_lowercase", ["1", "15", "iron", "IRON"]))
        #expect(phrase("if (ada.look() == Tile.iron) { ada.hit(); }")
                == Phrase("level.syntax.tile_lowercase", ["1", "24", "iron", "Tile.IRON"]))
        // A declared variable of that name is fine; an unknown other name keeps the old advice.
        #expect(phrase("int n = 0; if (n == m) { hit(); }")?.key == "level.syntax.unknown_name")
    }

    @Test func oneEqualsSignInAConditionSaysToCompareWithTwo() {
        #expect(phrase("if (look() = IRON) { hit(); }") == Phrase("level.syntax.assign_in_condition", ["1", "12"]))
        #expect(phrase("while (look() = EMPTY) { walk(); }")?.key == "level.syntax.assign_in_condition")
    }

    @Test func adaWithACapitalOrThisSaysHowToWriteIt() {
        #expect(phrase("Ada.walk();") == Phrase("level.syntax.wrong_object", ["1", "1", "Ada", "walk"]))
        #expect(phrase("this.walk();") == Phrase("level.syntax.wrong_object", ["1", "1", "this", "walk"]))
        #expect(phrase("if (Ada.look() == Tile.IRON) { ada.hit(); }") == Phrase("level.syntax.wrong_object", ["1", "5", "Ada", "look"]))
    }

    @Test func aNestedForThatReusesTheCounterSuggestsAnotherName() {
        let source = "for (int i = 0; i < 2; i++) {\n  for (int i = 0; i < 2; i++) { ada.walk(); }\n}"
        #expect(phrase(source) == Phrase("level.syntax.counter_reused", ["2", "3", "i", "j"]))
        let three = "for (int i = 0; i < 2; i++) {\n for (int j = 0; j < 2; j++) {\n  for (int j = 0; j < 1; j++) { } } }"
        #expect(phrase(three) == Phrase("level.syntax.counter_reused", ["3", "3", "j", "k"]))
        // A plain variable of that name keeps the old advice.
        #expect(phrase("int i = 0;\nfor (int i = 0; i < 2; i++) { }")?.key == "level.syntax.already_declared")
    }

    @Test func hittingAWallSaysTheWall() throws {
        var run = LevelRun(level: level, program: try TestLevels.program("turnLeft();\nhit();\nturnRight();\nhit();", level))
        _ = run.step()
        #expect(run.step()?.message == Phrase("level.step.hit_wall", ["2"]))
        _ = run.step()
        #expect(run.step()?.message == Phrase("level.step.hit_air", ["4"]))
    }

    // MARK: - Java for

    @Test func aJavaForChecksItsConditionEveryRound() throws {
        // n grows inside the loop: Java runs 5 rounds (the bound read once would give 2).
        let source = "int n = 2;\nfor (int i = 0; i < n; i++) {\n  ada.walk();\n  if (n < 5) { n++; }\n}"
        let (end, _) = try TestLevels.run(source, level)
        #expect(end.reason == .solved)
        // The issue's example never ends in Java: the step limit stops it.
        let (endless, _) = try TestLevels.run("int n = 2; for (int i = 0; i < n; i++) { n++; ada.turnLeft(); }", level)
        #expect(endless.reason == .tooManySteps)
        // Each check is a step that says the counter and the outcome.
        var run = LevelRun(level: level, program: try TestLevels.program("for (int i = 0; i < 1; i++) { ada.walk(); }", level))
        #expect(run.step()?.message == Phrase("level.step.for_true", ["1", "i", "0"]))
        #expect(run.step()?.message == nil)
        #expect(run.step()?.message == Phrase("level.step.for_false", ["1", "i", "1"]))
    }

    @Test func aBodyThatAssignsTheCounterIsRefused() {
        #expect(phrase("for (int i = 0; i < 3; i++) {\n  i = 5;\n}") == Phrase("level.syntax.counter_assigned", ["2", "3", "i"]))
        #expect(phrase("for (int i = 0; i < 3; i++) { if (true) { i++; } }")?.key == "level.syntax.counter_assigned")
        // After the loop the name is free again.
        #expect(phrase("for (int i = 0; i < 3; i++) { ada.walk(); }\nint i = 0;\ni = 2;") == nil)
    }

    // MARK: - Procedures

    @Test func proceduresWorkInBothSpellings() throws {
        let c = "void twice() {\n  walk();\n  walk();\n}\ntwice();\ntwice();\nwalk();"
        let java = "void twice() {\n  ada.walk();\n  ada.walk();\n}\ntwice();\ntwice();\nada.walk();"
        #expect(try TestLevels.run(c, level).0.reason == .solved)
        #expect(try TestLevels.run(java, level).0.reason == .solved)
        let a = try LevelProgram.parse(c).get(), b = try LevelProgram.parse(java).get()
        #expect(a.canonicalForm == b.canonicalForm)
        #expect(a.canonicalForm == "(void twice (walk) (walk)) (call twice) (call twice) (walk)")
        // A call is a step of its own in the trace.
        var run = LevelRun(level: level, program: try TestLevels.program(c, level))
        #expect(run.step()?.message == Phrase("level.step.call", ["5", "twice"]))
        #expect(run.step()?.line == 2)
    }

    @Test func proceduresNeedVoidInTheLevelsCommands() {
        let locked = TestLevels.make(["#####", "#..G#", "#####"], commands: ["walk"])
        let e = TestLevels.error("void go() { walk(); }\ngo();", locked)
        #expect(e?.code == "command_locked")
        #expect(e?.phrase == Phrase("level.program.command_locked", ["1", "void"]))
    }

    @Test func proceduresAreCalledPlainlyNotThroughAda() {
        #expect(phrase("void go() { ada.walk(); }\nada.go();") == Phrase("level.syntax.procedure_not_ada", ["2", "5", "go"]))
        // A misspelt call of one's own procedure is suggested too.
        #expect(phrase("void goTwice() { walk(); walk(); }\ngotwice();")
                == Phrase("level.syntax.unknown_command_capitals", ["2", "1", "gotwice", "goTwice"]))
    }

    @Test func recursionIsRefusedSoCallsStayBounded() {
        #expect(phrase("void a() {\n  walk();\n  a();\n}\na();") == Phrase("level.syntax.recursion", ["3", "3", "a", "a() → a()"]))
        #expect(phrase("void a() { b(); }\nvoid b() {\n  if (true) { a(); }\n}\na();")
                == Phrase("level.syntax.recursion", ["3", "15", "a", "a() → b() → a()"]))
    }

    @Test func aLongChainOfProceduresRunsWithinItsDepth() throws {
        // p1 calls p2 … p20 walks once: 20 calls deep, no recursion, fine.
        var source = "void p20() { walk(); }\n"
        for n in (1..<20).reversed() { source += "void p\(n)() { p\(n + 1)(); }\n" }
        source += "repeat (5) { p1(); }"
        let (end, run) = try TestLevels.run(source, level)
        #expect(end.reason == .solved)
        #expect(run.steps == 1 + 5 * 21 + 4)  // repeat start, 5 rounds of 20 calls and a walk, 4 further rounds begun
    }

    @Test func returnLeavesTheProcedureAndOtherRulesHold() throws {
        let (end, run) = try TestLevels.run("void go() {\n  walk();\n  return;\n  walk();\n}\ngo();", level)
        #expect(end.reason == .programEnded)
        #expect(run.ada.col == 2)
        #expect(phrase("return;") == Phrase("level.syntax.return_outside", ["1", "1"]))
        #expect(phrase("repeat (2) {\n  void a() { }\n}") == Phrase("level.syntax.procedure_inside", ["2", "3"]))
        #expect(phrase("void a() { }\nvoid a() { }") == Phrase("level.syntax.procedure_twice", ["2", "1", "a"]))
        #expect(phrase("void a(int n) { }")?.key == "level.syntax.procedure_parameters")
        // A procedure sees only its own variables.
        #expect(phrase("int n = 0;\nvoid a() { n++; }\na();")?.key == "level.syntax.unknown_name")
        #expect(phrase("void walkTo() { walk(); }\nwalkTo();") == nil)
    }

    // MARK: - Health, strikes and unmet goals

    @Test func everyStrikeIsReportedAndEveryHealthChangeShown() throws {
        let level = TestLevels.corridor(".....", items: [LevelItem(kind: "enemy", row: 1, col: 3)], goal: ["reach_goal"])
        var run = LevelRun(level: level, program: try TestLevels.program("walk();\nwalk();\nwalk();\nwalk();", level))
        let firstStep = run.step()
        let first = try #require(firstStep)
        #expect(first.healthChange == 0)
        var bumps: [StepOutcome] = []
        while let s = run.step() { bumps.append(s) }
        #expect(bumps.count == 3)
        for s in bumps {
            #expect(s.message == Phrase("level.step.bump.enemy", ["\(s.line)"]))
            #expect(s.strike == Phrase("level.step.enemy_strike", ["\(s.line)"]))
            #expect(s.healthChange == -1)
        }
        #expect(bumps.map(\.health) == [2, 1, 0])
        #expect(run.end?.reason == .noHealth)
    }

    @Test func anUnsolvedRunNamesEachUnmetGoal() throws {
        let level = TestLevels.corridor(items: [LevelItem(kind: "iron", row: 1, col: 3)], goal: ["break_iron", "reach_goal"])
        let (end, _) = try TestLevels.run("walk();", level)
        #expect(end.reason == .programEnded)
        #expect(end.unmet.map(\.phrase) == [Phrase("level.unmet.iron_one", ["1"]), Phrase("level.unmet.reach_goal")])
        #expect(end.unmet.map(\.goal) == [.breakIron, .reachGoal])
        let (broke, _) = try TestLevels.run("walk();\nhit();", level)
        #expect(broke.unmet.map(\.phrase) == [Phrase("level.unmet.reach_goal")])
        let two = TestLevels.corridor(items: [LevelItem(kind: "iron", row: 1, col: 3), LevelItem(kind: "iron", row: 1, col: 4)],
                                      goal: ["break_iron"])
        #expect(try TestLevels.run("turnLeft();", two).0.unmet.map(\.phrase) == [Phrase("level.unmet.iron_many", ["2"])])
        // The judge's failing layout carries them too.
        let verdict = Judge.judge(program: try TestLevels.program("walk();", level), level: level, timeLeft: 10, timeLimit: 10)
        #expect(verdict.firstFailingLayout?.end.unmet.count == 2)
    }
}
