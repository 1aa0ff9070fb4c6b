import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

@Suite(.lab) struct LevelRenderTests {
    /// "#>..G#" with an iron block: Ada at row 1, column 1 (from 0), facing east.
    let level = Level(id: "r-01", title: "Render", summary: "Walk.",
                      board: ["######", "#...G#", "######"], ada: AdaStart(row: 1, col: 1),
                      items: [LevelItem(kind: "iron", row: 1, col: 3)], goal: ["reach_goal"],
                      commands: ["walk", "hit", "turnLeft"])

    func context(reader: Bool = false, language: Language = .en) -> TextContext {
        TextContext(language: language, reader: reader, color: false, width: 80)
    }

    func firstStep(_ source: String) throws -> StepOutcome {
        let program = try LevelProgram.compile(source, for: level).get()
        var run = LevelRun(level: level, program: program)
        let step = run.step()
        return try #require(step)
    }

    @Test func everyLevelKeyAndRoomKeyExistsInEnglishAndSpanish() {
        for key in LevelPhrases.allKeys + LevelRoomPhrases.allKeys {
            for language in Language.allCases {
                #expect(Catalog.shared.template(key, language) != nil, "\(key) missing in \(language)")
            }
        }
        #expect(LevelRoomPhrases.allKeys.count > 100)
    }

    @Test func everyLevelRoomCommandHasUsageAndHelpInBothLanguages() {
        for entry in LevelRoomCommands.table.entries {
            for language in Language.allCases {
                #expect(Catalog.shared.template("usage.\(entry.id)", language) != nil, "usage.\(entry.id)")
                #expect(Catalog.shared.template("help.\(entry.id)", language) != nil, "help.\(entry.id)")
            }
        }
    }

    @Test func theBoardIsDrawnWithAdasArrowAndALegend() {
        let board = BoardView(state: BoardState(level: level, layout: level.layout(seed: 0)))
        let lines = LevelBoardEvent(room: "level-1", board: board).text(context())
        #expect(Array(lines.prefix(3)) == ["  ######", "  #>.IG#", "  ######"])
        // Each legend item is held together by no-break spaces (session 10: wrapped inside an item at 40 columns).
        #expect(lines.contains { $0.contains("I\u{00A0}iron\u{00A0}block") && $0.contains("G\u{00A0}goal") })
        var narrow = Renderer(language: .es)
        narrow.color = false
        narrow.width = 40
        let wrapped = narrow.render(LevelBoardEvent(room: "level-1", board: board))
        #expect(wrapped.contains("I\u{00A0}bloque\u{00A0}de\u{00A0}hierro"), "\(wrapped)")
        #expect(lines.last == "  Health: 3   Keys: 0")
    }

    @Test func readerModeDescribesTheBoardInWordsWithoutArt() {
        let board = BoardView(state: BoardState(level: level, layout: level.layout(seed: 0)))
        let lines = LevelBoardEvent(room: "level-1", board: board, caption: Phrase("level.board.caption")).text(context(reader: true))
        #expect(lines.contains("Ada is in row 2, column 2, facing east."))
        #expect(lines.contains("Ahead of Ada: 1 free square, then an iron block."))  // said once (session 10)
        #expect(!lines.contains("Ahead: floor."))
        #expect(lines.contains("Iron block in row 2, column 4."))
        #expect(!lines.contains { $0.contains("#") })
    }

    @Test func boardJSONIndexesRowsFromZero() {
        let board = BoardView(state: BoardState(level: level, layout: level.layout(seed: 0)))
        var renderer = Renderer()
        renderer.mode = .json
        let out = renderer.render(LevelBoardEvent(room: "level-1", board: board))
        #expect(out == "{\"ev\":\"level.board\",\"room\":\"level-1\",\"rows\":[\"######\",\"#>.IG#\",\"######\"],"
                + "\"ada\":{\"row\":1,\"col\":1,\"facing\":\"E\"},\"health\":3,\"keys\":0}\r\n")
    }

    @Test func aTraceLineShowsTheLineTheActionAndWhereAdaIsFromOne() throws {
        let walk = try firstStep("walk();")
        #expect(LevelStepEvent(room: "r", outcome: walk).text(context()) == ["1: walk() → row 2, col 3, facing E"])
        #expect(LevelStepEvent(room: "r", outcome: walk).text(context(reader: true))
                == ["Line 1: walk(). Ada is in row 2, column 3, facing east."])
        #expect(LevelStepEvent(room: "r", outcome: walk).text(context(language: .es))
                == ["1: walk() → fila 2, col 3, mirando E"])
    }

    @Test func aFailedStepIsExplainedInWords() throws {
        let program = try LevelProgram.compile("walk();\nwalk();", for: level).get()
        var run = LevelRun(level: level, program: program)
        _ = run.step()
        let second = run.step()
        let bump = try #require(second)
        #expect(!bump.ok)
        let text = LevelStepEvent(room: "r", outcome: bump).text(context())
        #expect(text == ["2: walk() → row 2, col 3, facing E — Ada bumped into an iron block at line 2. Hit it first."])
        var renderer = Renderer()
        renderer.mode = .json
        let json = renderer.render(LevelStepEvent(room: "r", outcome: bump))
        #expect(json.hasPrefix("{\"ev\":\"level.step\",\"room\":\"r\",\"line\":2,\"action\":\"walk()\",\"ok\":false,\"message\":\"Ada bumped"))
    }

    @Test func aResultCarriesTheDocumentedReasonCodes() {
        #expect(LevelResultEvent.reasonCode(.runtimeError) == "division_by_zero")
        #expect(LevelResultEvent.reasonCode(.tooManySteps) == "too_many_steps")
        let result = LevelResultEvent(room: "r", kind: .submit, solved: false, seedsPassed: 3, seedsTotal: 9, points: 0,
                                      stars: 0, reason: "no_health", reasonPhrase: Phrase("level.end.no_health", ["4"]),
                                      statements: 5, steps: 12, par: 4)
        let fields = result.fields(context())
        #expect(fields.map(\.0) == ["room", "solved", "seeds_passed", "seeds_total", "points", "stars", "reason", "kind",
                                    "statements", "lines", "steps", "message", "missing"])
        #expect(result.text(context()) == ["Not yet: your program solved 3 of 9 layouts.", "Ada has no health left (line 4)."])
    }

    @Test func theTimeIsABarAndSecondsOrWordsForReaders() {
        let half = LevelTimerEvent(room: "r", secondsLeft: 60, limit: 120, occasion: .asked, paused: false)
        #expect(half.text(context()) == ["[##########----------] 60 seconds left (1:00)."])
        #expect(half.text(context(reader: true)) == ["60 seconds left of 120."])
        #expect(LevelTimerEvent(room: "r", secondsLeft: 10, limit: 120, occasion: .announcement, paused: false)
                .text(context()) == ["Ten seconds left!"])
        #expect(LevelTimerEvent(room: "r", secondsLeft: nil, limit: nil, occasion: .asked, paused: false)
                .fields(context()).map(\.1) == [.string("r"), .null, .null])
        // Extended past the level's limit: never "163 of 120", and the bar is full.
        let extended = LevelTimerEvent(room: "r", secondsLeft: 163, limit: 120, occasion: .asked, paused: true)
        #expect(extended.text(context(reader: true)).first?.hasPrefix("163 seconds left of 163.") == true)
        #expect(extended.text(context()).first?.hasPrefix("[####################] 163 seconds left") == true)
        #expect(extended.fields(context()).last?.0 == "paused")
        // One second: singular (a sweep read "Quedan 1 segundos").
        let last = LevelTimerEvent(room: "r", secondsLeft: 1, limit: 120, occasion: .asked, paused: false)
        #expect(last.text(context(reader: true)) == ["1 second left of 120."])
    }

    @Test func hintsAreRewrittenInTheChosenSpelling() {
        #expect(HintSpelling.rewrite("Each walk(); moves; if (look() == IRON) hit();", to: "java")
                == "Each ada.walk(); moves; if (ada.look() == Tile.IRON) ada.hit();")
        #expect(HintSpelling.rewrite("repeat (3) { walk(); }", to: "java") == "for (int i = 0; i < 3; i++) { ada.walk(); }")
        #expect(HintSpelling.rewrite("for (int i = 0; i < 3; i++) { ada.walk(); }", to: "c") == "repeat (3) { walk(); }")
        // Words that only look like commands stay.
        #expect(HintSpelling.rewrite("Walk until the IRON block; use your head.", to: "java")
                == "Walk until the Tile.IRON block; use your head.")
    }

    @Test func theEditorNumbersLinesFromOneAndRefusesBadNumbers() {
        var editor = CodeEditor(maxLines: 2)
        #expect(editor.capacity == 16)
        #expect((try? editor.append("walk();").get()) == 1)
        #expect((try? editor.insert("1", "turnLeft();").get()) == 1)
        #expect(editor.lines == ["turnLeft();", "walk();"])
        #expect((try? editor.replace("2", "hit();  ").get()) == 2)
        #expect(editor.lines == ["turnLeft();", "hit();"])
        if case .failure(let refusal) = editor.delete("3") { #expect(refusal.code == "no_such_line") } else { Issue.record("del 3 accepted") }
        if case .failure(let refusal) = editor.delete("x") { #expect(refusal.code == "no_such_line") } else { Issue.record("del x accepted") }
        #expect((try? editor.insert("3", "walk();").get()) == 3)
        for _ in 0..<13 { _ = editor.append("}") }
        if case .failure(let refusal) = editor.append("walk();") { #expect(refusal.code == "program_too_long") } else { Issue.record("over capacity") }
        #expect(editor.statementLineEstimate == 3)
    }
}
