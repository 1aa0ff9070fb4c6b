import Foundation
import Testing
import AulaTestSupport
@testable import AulaGames
import AulaContent
@testable import AulaServer
@testable import AulaLevelRoom
@testable import AulaQuizRoom

/// Session 12 (reader mode while the clock runs): long screens and repeated
/// sentences — 24 lines of locked levels, "Salud: 3. Llaves: 0." on every
/// step, "23 seconds left" during a pause, the shutdown's "your results are
/// saved" seven times, and a wrong PIN that did not say how many tries were left.
@Suite(.lab) struct ReaderLongScreensTests {
    func context(_ language: Language = .es) -> TextContext {
        TextContext(language: language, reader: true, color: false, width: 40)
    }

    @Test func theMapSaysAWorldsLockedLevelsInOneLine() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let library = LevelLoader.load(contentDirectory: root).0
        let map = LevelMapEvent(xp: 0, solvedCount: 0, worlds: library.map(xp: 0, solved: []), library: library)
        let lines = map.text(context())
        #expect(lines.count <= library.worlds.count * 3 + 4, "\(lines)")
        #expect(lines.contains { $0.contains("niveles bloqueados, del") }, "\(lines)")
        #expect(!lines.contains { $0.contains(": bloqueado, necesita") }, "\(lines)")
        // The drawn map still lists each level.
        let drawn = map.text(TextContext(language: .es, reader: false, color: false, width: 80))
        #expect(drawn.filter { $0.contains("bloqueado:") }.count > 3)
    }

    @Test func aStepSaysHealthAndKeysOnlyWhenTheyChange() throws {
        let level = Level(id: "i", title: "I", summary: "I.", board: ["######", "#...G#", "######"],
                          ada: AdaStart(row: 1, col: 1), goal: ["reach_goal"], commands: ["walk"])
        let program = try LevelProgram.compile("walk();\nwalk();", for: level).get()
        var run = LevelRun(level: level, program: program)
        _ = run.step()
        var same = LevelBoardEvent(room: "r", board: run.board, caption: nil)
        same.statusUnchanged = true
        #expect(!same.text(context()).contains { $0.contains("Salud") }, "\(same.text(context()))")
        let changed = LevelBoardEvent(room: "r", board: run.board, caption: nil)
        #expect(changed.text(context()).contains { $0.contains("Salud") })
    }

    @Test func aPausedQuestionShownAgainSaysTheClockIsPaused() {
        let question = QuizQuestionView(number: 1, total: 2, deckIndex: 0, kind: .single, text: "¿Capital?",
                                        answers: ["Lima", "Quito"], seconds: 30, openedAt: 0)
        var event = QuizQuestionEvent(room: "r", question: question, seconds: 23, resent: true)
        event.paused = true
        #expect(event.text(context()).contains("El reloj está en pausa: quedan 23 segundos."), "\(event.text(context()))")
    }

    @Test func theShutdownSaysResultsAreSavedOnceInReaderMode() {
        var r = Renderer(language: .es)
        r.reader = true
        r.width = 200
        let first = r.render(ShutdownEvent(seconds: 15))
        #expect(first.contains("guardados"))
        let reminders = [10, 5, 3, 2, 1].map { r.render(ShutdownEvent(seconds: $0, reminder: true)) }
        #expect(reminders.filter { !$0.isEmpty }.count == 2, "\(reminders)")
        #expect(!reminders.joined().contains("guardados"))
        #expect(!r.render(ShutdownEvent(seconds: 0)).contains("guardados"))
        // Sighted readers keep every reminder.
        r.reader = false
        #expect(!r.render(ShutdownEvent(seconds: 2, reminder: true)).isEmpty)
    }

    @Test func aWrongPINSaysTheTriesLeft() {
        var lockouts = PINLockouts()
        _ = lockouts.reserve(student: "s", address: "a", now: 0)
        let outcome = lockouts.fail(student: "s", address: "a", now: 0)
        #expect(outcome.triesLeft == 4 && outcome.wait == nil)
        #expect(context().say("error.wrong_pin.left", "4").contains("quedan 4 intentos"))
    }
}
