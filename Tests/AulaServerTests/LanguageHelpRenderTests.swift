import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

/// Issue 14, the language: every new message exists in English and Spanish
/// (and is translated), a step shows strikes and health, an unsolved result
/// lists what is still to do, and `step`'s listing marks the current line.
@Suite(.lab) struct LanguageHelpRenderTests {
    static let roomKeys = ["level.trace.health", "level.trace.capped", "level.trace.endless", "level.trace.see_all",
                           "level.trace.none", "level.listing.current", "level.result.missing",
                           "usage.level.trace", "help.level.trace"]

    func context(reader: Bool = false, language: Language = .en) -> TextContext {
        TextContext(language: language, reader: reader, color: false, width: 200)
    }

    @Test func everyNewKeyIsInEnglishAndSpanishAndTranslated() {
        for key in LevelPhrases.help + LanguageHelpRenderTests.roomKeys {
            let en = Catalog.shared.template(key, .en), es = Catalog.shared.template(key, .es)
            #expect(en != nil, "\(key) missing in en")
            #expect(es != nil, "\(key) missing in es")
            #expect(en != es, "\(key) not translated")
        }
        #expect(LevelRoomPhrases.allKeys.contains("level.trace.capped"))
        let t = context(language: .es)
        #expect(t.say(Phrase("level.syntax.unknown_command_capitals", ["1", "1", "Walk", "walk"]))
                == "Línea 1, columna 1: Ada no conoce “Walk”. ¿Querías decir walk()? Las mayúsculas importan.")
    }

    @Test func aBumpWithAStrikeShowsBothAndTheHealth() throws {
        let level = Level(id: "r-02", title: "Render", summary: "Walk.", board: ["#######", "#....G#", "#######"],
                          ada: AdaStart(row: 1, col: 1), items: [LevelItem(kind: "enemy", row: 1, col: 3)],
                          goal: ["reach_goal"], commands: ["walk"])
        var run = LevelRun(level: level, program: try LevelProgram.compile("walk();\nwalk();", for: level).get())
        _ = run.step()
        let second = run.step()
        let bump = try #require(second)
        let text = LevelStepEvent(room: "r", outcome: bump).text(context())
        #expect(text == ["2: walk() → row 2, col 3, facing E — Ada bumped into an enemy at line 2. An enemy struck Ada (line 2): she lost 1 health. [health 2]"])
        let fields = LevelStepEvent(room: "r", outcome: bump).fields(context())
        #expect(fields.last?.0 == "health_change")
        #expect(fields.last?.1 == .int(-1))
    }

    @Test func anUnsolvedResultSaysWhatIsStillToDo() {
        let missing = [UnmetGoal(goal: .breakIron, left: 1, phrase: Phrase("level.unmet.iron_one", ["1"])),
                       UnmetGoal(goal: .reachGoal, left: 0, phrase: Phrase("level.unmet.reach_goal"))]
        let result = LevelResultEvent(room: "r", kind: .run, solved: false, seedsPassed: 0, seedsTotal: 1, points: 0,
                                      stars: 0, reason: "program_ended", reasonPhrase: Phrase("level.end.program_ended"),
                                      statements: 1, steps: 1, par: 4, missing: missing)
        #expect(result.text(context()).last == "Still to do: 1 iron block left; the goal was not reached.")
        #expect(result.text(context(language: .es)).last == "Falta: queda 1 bloque de hierro; no se llegó a la meta.")
        var renderer = Renderer()
        renderer.mode = .json
        let json = renderer.render(result)
        #expect(json.contains(#""missing":[{"goal":"break_iron","left":1,"message":"1 iron block left"},{"goal":"reach_goal","left":0,"message":"the goal was not reached"}]"#))
    }

    @Test func theStepListingMarksTheCurrentLine() {
        let listing = LevelStepEvent.listing(around: 2, in: ["walk();", "turnLeft();", "walk();", "hit();"])
        #expect(listing.map(\.number) == [1, 2, 3])
        #expect(LevelStepEvent.listing(around: 1, in: ["walk();"]).map(\.number) == [1])
        #expect(LevelStepEvent.listing(around: 5, in: ["walk();"]).isEmpty)
    }
}
