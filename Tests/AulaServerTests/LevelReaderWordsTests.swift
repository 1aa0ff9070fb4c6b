import Foundation
import Testing
import AulaTestSupport
import AulaGames
import AulaContent
@testable import AulaServer
@testable import AulaLevelRoom

/// Session 10's play test (Spanish, reader mode): one meaning per word —
/// compass words for the board, left and right only for Ada's own sides —
/// nothing said twice, times in seconds, code quoted, singulars.
@Suite(.lab) struct LevelReaderWordsTests {
    /// w1-02's corner with Ada facing south: her left is east, the goal south-east.
    let corner = Level(id: "w1-02", title: "Round the corner", summary: "Turn at the corners.",
                       board: ["#######", "#...###", "###.###", "###..G#", "#######"],
                       ada: AdaStart(row: 1, col: 1, facing: "S"), items: [], goal: ["reach_goal"],
                       commands: ["walk", "turnLeft", "turnRight", "hit"])

    func context(_ language: Language = .en, reader: Bool = true) -> TextContext {
        TextContext(language: language, reader: reader, color: false, width: 80)
    }

    var board: BoardView { BoardView(state: BoardState(level: corner, layout: corner.layout(seed: 0))) }

    @Test func aroundUsesCompassWordsForTheBoardAndSidesOnlyForAda() {
        for reader in [false, true] {
            #expect(LevelAroundEvent(room: "r", board: board).text(context(reader: reader)) == [
                "Ada is in row 2, column 2, facing south.",
                "Ada cannot walk ahead: right in front of her is wall.",
                "Left: floor. Right: wall. Behind: wall.",
                "From Ada, the goal is 2 rows south and 4 columns east.",
            ])
            #expect(LevelAroundEvent(room: "r", board: board).text(context(.es, reader: reader)) == [
                "Ada está en la fila 2, columna 2, mirando al sur.",
                "Ada no puede avanzar: justo delante tiene pared.",
                "A la izquierda: suelo. A la derecha: pared. Detrás: pared.",
                "Desde Ada, la meta está 2 filas al sur y 4 columnas al este.",
            ])
        }
        var after = LevelAroundEvent(room: "r", board: board)
        after.note = Phrase("level.around.after_run")
        #expect(after.text(context()).last == "This is where the last run stopped; run and step start again from the beginning.")
    }

    @Test func theReaderBoardSaysWhatIsAheadOnceAndWhereTheGoalIsByCompass() {
        let lines = LevelBoardEvent(room: "r", board: board, caption: Phrase("level.board.caption")).text(context(.es))
        #expect(lines.contains("Desde Ada, la meta está 2 filas al sur y 4 columnas al este."))
        #expect(lines.contains("Ada no puede avanzar: justo delante tiene pared."))
        #expect(!lines.contains { $0.hasPrefix("Delante:") })
        #expect(!lines.contains { $0.contains("derecha") || $0.contains("izquierda") || $0.contains("abajo") })
        // A key right ahead is still said: the free path counts it as floor.
        let keyed = Level(id: "k", title: "K", summary: "K.", board: ["#####", "#..G#", "#####"],
                          ada: AdaStart(row: 1, col: 1), items: [LevelItem(kind: "key", row: 1, col: 2)],
                          goal: ["reach_goal"], commands: ["walk", "pick"])
        let keyBoard = BoardView(state: BoardState(level: keyed, layout: keyed.layout(seed: 0)))
        let keyLines = LevelBoardEvent(room: "r", board: keyBoard, caption: Phrase("level.board.caption")).text(context())
        #expect(keyLines.contains("Ahead: a key."))
        #expect(keyLines.contains("Ahead of Ada: 1 free square, then the goal."))
    }

    /// A failed submit's boards, after the verdict: Ada's place, not the rows.
    @Test func aBriefBoardKeepsAdasPlaceAndLeavesTheRowsToBoard() {
        var event = LevelBoardEvent(room: "r", board: board, caption: Phrase("level.board.caption_stopped_one"))
        event.brief = true
        let lines = event.text(context())
        #expect(lines.first == "Where the run stopped:")
        #expect(lines.contains("Ada is in row 2, column 2, facing south."))
        #expect(lines.last == "Type board to hear the whole board, row by row.")
        #expect(!lines.contains { $0.hasPrefix("Row ") || $0.hasPrefix("The board has") })
        #expect(event.text(context(.es)).last == "Escribe tablero para oír el tablero entero, fila a fila.")
        event.boardHint = false  // the failing layout's start, before the stopped board that says it
        #expect(!event.text(context()).contains("Type board to hear the whole board, row by row."))
        // Drawn boards are drawn whole.
        #expect(event.text(context(reader: false)).contains("  #v..###"))
    }

    /// "Line 2: hit() … (line 2)" and "now: 1 | walk();" in reader mode (the play test);
    /// the lines around it labelled (session 12: two bare "Line 1: …" sounded like steps).
    @Test func aReaderStepSaysItsLineOnceAndListsTheOthersAsListDoes() throws {
        let iron = Level(id: "i", title: "I", summary: "I.", board: ["######", "#...G#", "######"],
                         ada: AdaStart(row: 1, col: 1), items: [LevelItem(kind: "iron", row: 1, col: 3)],
                         goal: ["reach_goal"], commands: ["walk", "hit"])
        let lines = ["walk();", "hit();", "walk();"]
        let program = try LevelProgram.compile(lines.joined(separator: "\n"), for: iron).get()
        var run = LevelRun(level: iron, program: program)
        _ = run.step()
        let stepped = run.step()
        var event = LevelStepEvent(room: "r", outcome: try #require(stepped))
        event.listing = LevelStepEvent.listing(around: 2, in: lines)
        // No dash read aloud between the two sentences (session 11).
        #expect(event.text(context()) == ["Line 2: hit(). Ada is in row 2, column 3, facing east. Ada broke the iron block.",
                                          "Before it, line 1: walk();", "After it, line 3: walk();"])
        #expect(event.text(context(.es)) == ["Línea 2: hit(). Ada está en la fila 2, columna 3, mirando al este. Ada rompió el bloque de hierro.",
                                             "Antes, línea 1: walk();", "Siguiente, línea 3: walk();"])
        // The drawn trace and JSON keep the line as before.
        #expect(event.text(context(reader: false)).first == "2: hit() → row 2, col 3, facing E — Ada broke the iron block (line 2).")
        #expect(event.text(context(reader: false)).contains("> 2 | hit();"))
        #expect(event.said(context()) == "Ada broke the iron block (line 2).")
        for key in LevelRoomPhrases.stepHereKeys {
            for language in Language.allCases { #expect(Catalog.shared.template(key, language) != nil, "\(key)") }
            let spoken = Catalog.shared.template(key, .es) ?? ""
            #expect(!spoken.contains("{0}") && !spoken.contains("línea"), "\(key)")
        }
    }

    @Test func readerModeSaysTimesInSecondsLikeTime() {
        let opened = LevelTimerEvent(room: "r", secondsLeft: 120, limit: 120, occasion: .opened, paused: false)
        #expect(opened.text(context()) == ["The clock is running: 120 seconds to solve it. Type time to check."])
        #expect(opened.text(context(.es)) == ["El reloj está en marcha: tienes 120 segundos para resolverlo. Escribe tiempo para consultarlo."])
        #expect(opened.text(context(reader: false)) == ["The clock is running: 2:00 to solve it. Type time to check."])
        let started = LevelClockInfoEvent(key: "level.challenge.started", args: ["garcia", "w1-03"], seconds: 300)
        #expect(started.text(context(.es)) == ["Tu docente ha empezado un reto de clase: nivel w1-03, 300 segundos en el reloj. ¡Suerte!"])
        #expect(started.text(context(.es, reader: false)).first?.contains("5:00 en el reloj") == true)
        let resumed = ResumedEvent(room: "r", secondsLeft: 34)
        #expect(resumed.text(context(.es)) == ["El juego sigue: quedan 34 segundos."])
        #expect(resumed.text(context(.es, reader: false)) == ["El juego sigue: quedan 34 s."])
        #expect(ResumedEvent(room: "r", secondsLeft: 1).text(context()) == ["The game goes on: 1 second left."])
        let half = LevelTimerEvent(room: "r", secondsLeft: 1, limit: 2, occasion: .announcement, paused: false)
        #expect(half.text(context(.es)) == ["Mitad del tiempo: queda 1 segundo."])
    }

    /// "falta “;” al final de walk(); ponlo justo ahí" read as if the line were `walk();`.
    @Test func compilerMessagesQuoteTheCode() {
        let error = LevelProgram.compile("walk()\nwalk();", for: corner)
        guard case .failure(let syntax) = error else { Issue.record("compiled"); return }
        #expect(Catalog.shared.text(syntax.phrase, .es) == "Línea 1, columna 7: falta “;” al final de “walk()”: ponlo justo ahí.")
        #expect(Catalog.shared.text(syntax.phrase, .en) == "Line 1, column 7: “;” is missing at the end of “walk()” — add it right there.")
        let unknown = Phrase("level.syntax.unknown_name", ["3", "1", "n"])
        #expect(Catalog.shared.text(unknown, .es).hasSuffix("declárala antes con “int n = 0;”."))
        let loop = Phrase("level.syntax.call_takes_nothing", ["1", "6", "walk"])
        #expect(Catalog.shared.text(loop, .en).hasSuffix("use a loop: “repeat (3) { walk(); }”."))
    }

    /// "unas 1 instrucciones" and friends.
    @Test func oneIsSingular() {
        let code = LevelCodeEvent(room: "r", lines: ["walk()"], statementLines: 1, maxLines: 10)
        #expect(code.text(context(.es, reader: false)).first == "Tu programa (más o menos 1 instrucción; para entregar, como mucho 10):")
        #expect(code.text(context(reader: false)).first == "Your program (about 1 statement; submit accepts 10):")
        let solved = LevelResultEvent(room: "r", kind: .run, solved: true, seedsPassed: 1, seedsTotal: 1, points: 0, stars: 0,
                                      reason: nil, reasonPhrase: nil, statements: 1, steps: 1, par: 1)
        #expect(solved.text(context(.es)) == ["Ada cumplió todos los objetivos en este tablero en 1 paso. Escribe entregar para entregarlo."])
        #expect(LevelTraceGapEvent(room: "r", skipped: 1).text(context()) == ["… 1 more step not shown …"])
        for language in Language.allCases {
            for key in LevelRoomPhrases.allKeys where key.hasSuffix("_one") {
                let text = Catalog.shared.template(key, language) ?? ""
                #expect(!text.contains("1 steps") && !text.contains("1 instrucciones") && !text.contains("1 pasos"), "\(key)")
            }
        }
    }

    /// The turning note: "The board shows Ada as ^ > v <" is for the drawn board.
    @Test func aNoteSaysTheReaderBoardsWordsInsteadOfTheArrows() {
        let note = """
        After turning, `walk();` goes the new way.

        <!-- screen -->
        The board shows Ada as `^ > v <`.
        <!-- reader: The reader board says “Ada facing east”. -->

        Tip: say it aloud.
        """
        let reader = LevelNoteText.lines(note, context())
        #expect(reader == ["After turning, walk(); goes the new way.", "", "The reader board says “Ada facing east”.", "",
                           "Tip: say it aloud."])
        for color in [false, true] {
            let drawn = LevelNoteText.lines(note, TextContext(language: .en, reader: false, color: color, width: 80))
            #expect(drawn.contains { $0.contains("^ > v <") })
            #expect(!drawn.contains { $0.contains("<!--") || $0.contains("Ada facing east") })
        }
    }

    /// Every shipped note and level text, read in reader mode: no drawn board
    /// symbols (Ada's arrows, a tile's letter) and no hidden comments.
    @Test func shippedNotesAndLevelTextsSayNoBoardSymbolsToAReader() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let (library, problems) = LevelLoader.load(contentDirectory: root)
        #expect(problems.isEmpty, "\(problems)")
        #expect(library.noteIDs.count > 10)
        for id in library.noteIDs {
            for language in Language.allCases {
                let lines = LevelNoteText.lines(library.note(id: id, language: language.rawValue) ?? "", context(language))
                for line in lines {
                    #expect(!line.contains("^ > v <") && !line.contains("<!--") && !line.contains("(D)") && !line.contains("`"),
                            "\(id) \(language): \(line)")
                }
            }
        }
        for level in library.levels {
            for language in ["en", "es"] {
                let texts = [level.summary(language)] + level.hints(language)
                for text in texts { #expect(!text.hasSuffix(" G.") && !text.hasSuffix(" la G."), "\(level.id): \(text)") }
            }
        }
    }
}
