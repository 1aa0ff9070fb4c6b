import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaLevelRoom

/// Issue 14, course content: the opened level names its new idea and where to
/// read it; notes unlock when their level opens; Spanish facing letters.
@Suite(.lab) struct CourseContentRenderTests {
    let level = Level(id: "c-01", title: "Loops", summary: "Walk.",
                      board: ["######", "#...G#", "######"], ada: AdaStart(row: 1, col: 1, facing: "W"),
                      goal: ["reach_goal"], commands: ["walk", "turnLeft"], notesUnlocked: ["repeat"])
    let later = Level(id: "c-02", title: "Later", summary: "Walk.",
                      board: ["######", "#...G#", "######"], ada: AdaStart(row: 1, col: 1),
                      goal: ["reach_goal"], commands: ["walk"], notesUnlocked: ["while"], xpRequired: 10)
    var library: LevelLibrary {
        LevelLibrary(worlds: [World(id: "w", title: "W", levels: ["c-01", "c-02"])], levels: [level, later],
                     notes: ["repeat": ["en": "# Repeating: loops\n", "es": "# Repetir: bucles\n"],
                             "while": ["en": "# While\n", "es": "# Mientras\n"]])
    }

    func context(_ language: Language = .en) -> TextContext {
        TextContext(language: language, reader: false, color: false, width: 80)
    }

    @Test func theOpenedLevelNamesItsNewNoteInTextAndJSON() {
        let event = LevelOpenedEvent(room: "r", level: level, timeLimit: 60, challenge: false, spelling: "c",
                                     newNote: LevelOpenedEvent.newNote(level, library))
        #expect(event.text(context()).contains("New: Repeating: loops — read it now with: notes repeat"))
        #expect(event.text(context(.es)).contains("Nuevo: Repetir: bucles — léelo ya con: apuntes repetir"))
        var renderer = Renderer()
        renderer.mode = .json
        #expect(renderer.render(event).contains("\"new_note\":{\"id\":\"repeat\",\"title\":\"Repeating: loops\"}"))
        let none = LevelOpenedEvent(room: "r", level: later, timeLimit: 60, challenge: false, spelling: "c")
        #expect(renderer.render(none).contains("\"new_note\":null"))
        #expect(!none.text(context()).contains { $0.hasPrefix("New:") })
    }

    @Test func aLevelsNotesUnlockWhenItOpensNotOnlyWhenSolved() {
        #expect(library.unlockedNotes(xp: 0, solved: []) == ["repeat"])
        #expect(library.unlockedNotes(xp: 10, solved: []) == ["repeat", "while"])
        #expect(library.unlockedNotes(xp: 0, solved: ["c-02"]) == ["repeat", "while"])
        // The old question (solved levels only) still answers as before.
        #expect(library.unlockedNotes(solved: []).isEmpty)
    }

    @Test func theSpanishTraceWritesWestAsO() throws {
        // Ada starts facing W (west: "oeste" in Spanish, so the letter is O).
        var walkRun = LevelRun(level: level, program: try LevelProgram.compile("walk();", for: level).get())
        let walkMaybe = walkRun.step()
        let west = try #require(walkMaybe)
        #expect(LevelStepEvent(room: "r", outcome: west).text(context(.es)).first?.contains("mirando O") == true)
        #expect(LevelStepEvent(room: "r", outcome: west).text(context()).first?.contains("facing W") == true)
        var turnRun = LevelRun(level: level, program: try LevelProgram.compile("turnLeft();", for: level).get())
        let turnMaybe = turnRun.step()
        let south = try #require(turnMaybe)
        #expect(LevelStepEvent(room: "r", outcome: south).text(context(.es)).first?.contains("mirando S") == true)
    }
}

/// README "Spanish in Aula": one register in every Spanish message.
@Suite(.lab) struct SpanishRegisterTests {
    @Test func spanishMessagesAvoidWordsOutsideTheRegister() {
        for key in Catalog.shared.keys(.es) {
            let text = (Catalog.shared.template(key, .es) ?? "").lowercased()
            let padded = " " + text.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: ".", with: " ") + " "
            for word in [" coger ", " coge ", " cogió ", " cogí ", " ordenador ", " vosotros ", " os "] {
                #expect(!padded.contains(word), "\(key): \(text)")
            }
            // Ada's commands are typed as the Spanish aliases with their accents shown.
            #expect(!text.contains("escribe codigo"), "\(key): \(text)")
            // Gender-inclusive (session 12: the quiz's "Los 2 primeros hasta ahora").
            #expect(SpanishRegister.genderedForms(in: text) == [], "\(key): \(text)")
        }
    }

    @Test func singularCountsAreSingular() {
        for key in ["level.editor.closed_one", "level.program.restored_one", "level.result.stars_one"] {
            #expect(Catalog.shared.template(key, .en)?.contains("1 line") == true || key.hasSuffix("stars_one"))
            #expect(Catalog.shared.template(key, .es)?.contains("1 líneas") == false)
            #expect(Catalog.shared.template(key, .en)?.contains("1 lines") == false)
        }
    }
}
