import Testing
import AulaTestSupport
@testable import AulaGames

/// Session 11's play test: a name with something between its parentheses
/// was told "X() takes nothing between its parentheses" even when Ada has no
/// such command (`jump(3);`, `loop (10) {`), and a Spanish `repetir (10) {`
/// got that advice too. Only Ada's commands (and the program's procedures)
/// take nothing; an unknown name is unknown first; a loop written with a
/// word the language does not have says the language's word.
@Suite(.lab) struct CallHelpTests {
    let level = TestLevels.corridor()

    func phrase(_ source: String) -> Phrase? {
        TestLevels.error(source, level)?.phrase
    }

    @Test func aValueInAnUnknownCommandsParenthesesSaysTheCommandIsUnknown() {
        #expect(phrase("jump(3);") == Phrase("level.syntax.unknown_command", ["1", "1", "jump"]))
        // The same words as without the value.
        #expect(phrase("jump();") == Phrase("level.syntax.unknown_command", ["1", "1", "jump"]))
        #expect(phrase("wlak(2);") == Phrase("level.syntax.unknown_command_near", ["1", "1", "wlak", "walk"]))
        #expect(phrase("Walk(2);") == Phrase("level.syntax.unknown_command_capitals", ["1", "1", "Walk", "walk"]))
        #expect(phrase("ada.jump(3);") == Phrase("level.syntax.unknown_command", ["1", "5", "jump"]))
    }

    @Test func adasCommandsAndTheProgramsProceduresStillTakeNothing() {
        #expect(phrase("walk(3);") == Phrase("level.syntax.call_takes_nothing", ["1", "6", "walk"]))
        #expect(phrase("ada.hit(2);") == Phrase("level.syntax.call_takes_nothing", ["1", "9", "hit"]))
        // A procedure called before it is written, and after.
        #expect(phrase("dance(2);\nvoid dance() { walk(); }") == Phrase("level.syntax.call_takes_nothing", ["1", "7", "dance"]))
        #expect(phrase("void dance() { walk(); }\ndance(2);") == Phrase("level.syntax.call_takes_nothing", ["2", "7", "dance"]))
    }

    @Test func aSpanishLoopWordSaysTheLanguagesWordAndTheLineWithIt() {
        #expect(phrase("repetir (10) {\n  walk();\n}")
                == Phrase("level.syntax.keyword_in_english", ["1", "1", "repetir", "repeat", "repeat (10) {"]))
        #expect(phrase("walk();\n  mientras (look() != WALL) { walk(); }")
                == Phrase("level.syntax.keyword_in_english", ["2", "3", "mientras", "while", "while (look() != WALL) {"]))
        #expect(phrase("si (look() == IRON) { hit(); }")
                == Phrase("level.syntax.keyword_in_english", ["1", "1", "si", "if", "if (look() == IRON) {"]))
        #expect(phrase("para (int i = 0; i < 3; i++) { walk(); }")
                == Phrase("level.syntax.keyword_in_english", ["1", "1", "para", "for", "for (int i = 0; i < 3; i++) {"]))
    }

    @Test func loopIsNotAWordOfTheLanguageRepeatIs() {
        #expect(phrase("loop (10) {\n  walk();\n}")
                == Phrase("level.syntax.keyword_unknown", ["1", "1", "loop", "repeat", "repeat (10) {"]))
    }

    @Test func aWordThatIsNoLoopHeaderKeepsTheUsualMessages() {
        // Not followed by a block: an unknown command, as `jump(3);`.
        #expect(phrase("repetir(3);") == Phrase("level.syntax.unknown_command", ["1", "1", "repetir"]))
        #expect(phrase("repetir (3)") == Phrase("level.syntax.unknown_command", ["1", "1", "repetir"]))
        // The program's own procedure named like one is called as usual.
        #expect(phrase("void loop() { walk(); }\nloop();\nloop();") == nil)
        #expect(phrase("void si() { walk(); }\nsi(1);") == Phrase("level.syntax.call_takes_nothing", ["2", "4", "si"]))
    }
}
