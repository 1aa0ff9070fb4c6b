import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct LanguageTests {
    func tree(_ source: String) throws -> [Statement] {
        try LevelProgram.parse(source).get()
    }

    @Test func bothSpellingsGiveTheSameTree() throws {
        let c = """
        repeat (3) {
            walk();
        }
        while (look() != WALL) { turnLeft(); }
        if (look() == IRON) { hit(); } else if (listen() > 0) { turnRight(); } else { pick(); }
        int n = 0;
        n = n + 1;
        """
        let java = """
        for (int i = 0; i < 3; i++) {
            ada.walk();
        }
        while (ada.look() != Tile.WALL) { ada.turnLeft(); }
        if (ada.look() == Tile.IRON) { ada.hit(); } else if (ada.listen() > 0) { ada.turnRight(); } else { ada.pick(); }
        int n = 0;
        n++;
        """
        let a = try tree(c), b = try tree(java)
        #expect(a.canonicalForm == b.canonicalForm)
        #expect(a.canonicalForm.hasPrefix("(repeat 3 (walk))"))
        #expect(a[0].source.spelling == .c)
        #expect(b[0].source.spelling == .java)
        #expect(b[0].source.text == "for (int i = 0; i < 3; i++)")
        #expect(b[1].line == 4)
    }

    @Test func forLoopWithOtherBoundsCountsTheRounds() throws {
        let t = try tree("for (int i = 2; i <= 5; i++) { walk(); }")
        #expect(t.canonicalForm == "(repeat (+ (- 5 2) 1) (walk))")
    }

    @Test func precedenceFollowsC() throws {
        let t = try tree("int n = 1 + 2 * 3 % 4; while (n > 0 && !(n == 3) || false) { n -= 1; }")
        #expect(t.canonicalForm == "(int n (+ 1 (% (* 2 3) 4))) (while (|| (&& (> n 0) (! (== n 3))) false) (set n (- n 1)))")
    }

    @Test func commentsAndBlankLinesDoNotCountAsLines() throws {
        let source = """
        // go east
        /* a long
           comment */

        repeat (2) {
            walk(); // step
        }
        if (look() == WALL) {
            turnLeft();
        } else {
            turnRight();
        }
        """
        let level = TestLevels.corridor()
        let p = try TestLevels.program(source, level)
        #expect(p.lines == 5)
    }

    @Test func syntaxErrorsNameLineColumnAndWhatWasExpected() {
        let level = TestLevels.corridor()
        let missingSemicolon = TestLevels.error("walk();\nwalk()\nturnLeft();", level)
        // Reported at the end of the statement that lacks it (issue 14), not at the next line.
        #expect(missingSemicolon?.line == 2)
        #expect(missingSemicolon?.column == 7)
        #expect(missingSemicolon?.phrase == Phrase("level.syntax.missing_semicolon", ["2", "7", "walk()"]))
        #expect(missingSemicolon?.code == "syntax_error")

        let unclosed = TestLevels.error("repeat (3) {\n  walk();\n", level)
        #expect(unclosed?.phrase.key == "level.syntax.missing.close_brace")
        #expect(unclosed?.line == 3)

        let unknown = TestLevels.error("  jump();", level)
        #expect(unknown?.phrase == Phrase("level.syntax.unknown_command", ["1", "3", "jump"]))

        let badChar = TestLevels.error("walk(); @", level)
        #expect(badChar?.phrase == Phrase("level.syntax.bad_character", ["1", "9", "@"]))

        let comment = TestLevels.error("walk(); /* never closed", level)
        #expect(comment?.phrase.key == "level.syntax.unclosed_comment")

        let forForm = TestLevels.error("for (int i = 0; i > 3; i++) { walk(); }", level)
        #expect(forForm?.phrase.key == "level.syntax.for_form")
        #expect(forForm?.column == 19)
    }

    @Test func namesAndTypesAreChecked() {
        let level = TestLevels.corridor()
        #expect(TestLevels.error("n = 3;", level)?.phrase.key == "level.syntax.unknown_name")
        #expect(TestLevels.error("int n = 1; int n = 2;", level)?.phrase.key == "level.syntax.already_declared")
        #expect(TestLevels.error("if (3) { walk(); }", level)?.phrase.key == "level.syntax.needs_condition")
        #expect(TestLevels.error("repeat (look()) { walk(); }", level)?.phrase.key == "level.syntax.needs_number")
        #expect(TestLevels.error("if (look() == 3) { walk(); }", level)?.phrase.key == "level.syntax.cannot_compare")
        #expect(TestLevels.error("int walk = 1;", level)?.phrase.key == "level.syntax.reserved_name")
        #expect(TestLevels.error("look();", level)?.phrase.key == "level.syntax.sensor_statement")
        #expect(TestLevels.error("} walk();", level)?.phrase.key == "level.syntax.expected.statement")
        #expect(TestLevels.error("else { walk(); }", level)?.phrase.key == "level.syntax.else_without_if")
    }

    @Test func lockedCommandsAreRefusedNamingTheLine() {
        let level = TestLevels.make(["#####", "#..G#", "#####"], commands: ["walk", "turnLeft"])
        let e = TestLevels.error("walk();\n\nrepeat (2) { walk(); }", level)
        #expect(e?.code == "command_locked")
        #expect(e?.line == 3)
        #expect(e?.phrase == Phrase("level.program.command_locked", ["3", "repeat"]))
        let sensor = TestLevels.error("walk();\nwalk();\nwalk(); hit();", level)
        #expect(sensor?.phrase == Phrase("level.program.command_locked", ["3", "hit"]))
        let variable = TestLevels.error("int n = 0;", level)
        #expect(variable?.code == "command_locked")
    }

    @Test func spellingsTheLevelDoesNotAllowAreRefusedNamingTheLine() {
        let cOnly = TestLevels.make(["#####", "#..G#", "#####"], languages: ["c"])
        let e = TestLevels.error("walk();\nada.walk();", cOnly)
        #expect(e?.code == "spelling_not_allowed")
        #expect(e?.phrase == Phrase("level.program.spelling_not_allowed.java", ["2"]))
        let javaOnly = TestLevels.make(["#####", "#..G#", "#####"], languages: ["java"])
        let f = TestLevels.error("ada.walk();\nif (ada.look() == IRON) { ada.hit(); }", javaOnly)
        #expect(f?.phrase == Phrase("level.program.spelling_not_allowed.c", ["2"]))
        #expect(TestLevels.error("int n = 0; n++; while (n < 2) { n++; ada.walk(); }", javaOnly) == nil)
    }

    @Test func programsLongerThanMaxLinesAreRefused() {
        let level = TestLevels.make(["#####", "#..G#", "#####"], maxLines: 2)
        let e = TestLevels.error("walk();\nwalk();\nwalk();", level)
        #expect(e?.code == "too_many_statements")
        #expect(e?.line == 3)
    }

    @Test func deepNestingIsRefusedNotCrashing() {
        let source = String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500)
        let e = TestLevels.error("int n = \(source);", TestLevels.corridor())
        #expect(e?.phrase.key == "level.syntax.too_deep")
    }
}
