import Testing
import AulaTestSupport
@testable import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom

/// Session 12 (a blind student in Spanish, reader mode): symbols read aloud —
/// ">>>", em-dashes, "[salud 2]", "4)" where the question said "Respuesta 4",
/// "+10:" with no unit, "¡Con todo el mundo!.", "arriba tienes…", and a
/// classmate's box-drawing chat.
@Suite(.lab) struct ReaderSymbolsTests {
    func text(_ event: Event, _ lang: Language = .es, reader: Bool = true) -> String {
        var r = Renderer(language: lang)
        r.color = false
        r.reader = reader
        r.width = 200
        return r.render(event)
    }

    @Test func dashesAreSaidAsPausesInReaderModeOnly() {
        let t = TextContext(language: .es, reader: true, color: false, width: 40)
        #expect(t.say("quiz.leaderboard.row", "1", "Sofía", "10") == "1. Sofía, 10 puntos")
        #expect(t.say("me.points", "1", "2", "569", "689") == "Puntos: ahorcado 1, cuestionarios 2, niveles 569, total 689.")
        let sighted = TextContext(language: .es, reader: false, color: false, width: 40)
        #expect(sighted.say("quiz.leaderboard.row", "1", "Sofía", "10") == "1. Sofía — 10 puntos")
    }

    @Test func quizScreensSayNumbersAndPointsInWords() {
        let right = QuizFeedback(player: "Ana", number: 2, correct: true, points: 10, rank: 1, of: 3,
                                 rightAnswers: [(4, "Ciudad de México")])
        #expect(text(QuizFeedbackEvent(room: "r", feedback: right)).contains("¡Correcto! +10 puntos: vas en el puesto 1 de 3."))
        let wrong = QuizFeedback(player: "Ana", number: 2, correct: false, points: 0, rank: 2, of: 3,
                                 rightAnswers: [(4, "Ciudad de México")])
        let said = text(QuizFeedbackEvent(room: "r", feedback: wrong))
        #expect(said.contains("la respuesta era número 4, Ciudad de México"), "\(said)")
        #expect(!said.contains("4)"))
        #expect(text(QuizFeedbackEvent(room: "r", feedback: wrong), reader: false).contains("4) Ciudad de México"))
        let question = QuizQuestionView(number: 1, total: 1, deckIndex: 0, kind: .single, text: "¿Con quién?",
                                        answers: ["Sola", "¡Con todo el mundo!"], seconds: 20, openedAt: 0)
        let shown = text(QuizQuestionEvent(room: "r", question: question, seconds: 20))
        #expect(shown.contains("Respuesta 2: ¡Con todo el mundo!\r\n"), "\(shown)")
        #expect(shown.contains("Respuesta 1: Sola.\r\n"), "\(shown)")
    }

    @Test func theTeachersMessageAndTheClassEndAreSaidInWords() {
        let said = text(BroadcastEvent(from: "garcia", message: "recoged"))
        #expect(said.hasPrefix("Mensaje de tu docente, garcia: recoged"), "\(said)")
        #expect(!said.contains(">>>"))
        for language in Language.allCases {
            let closed = Catalog.shared.text(Phrase("class.closed.students", ["3B"]), language)
            #expect(!closed.contains("arriba") && !closed.contains("above"), "\(closed)")
        }
    }

    @Test func aClassmatesDrawingIsLeftOutOfReaderModeChat() {
        let drawn = ChatEvent(room: nil, from: "Luis", message: "───── 🎉 ¡ganamos! ─────", emote: false)
        #expect(text(drawn) == "Luis dice: ¡ganamos!\r\n")
        #expect(text(drawn, reader: false).contains("─────"))
        #expect(text(ChatEvent(room: nil, from: "Luis", message: "🎉🎉 ───", emote: false)) == "")
        #expect(ReaderText.withoutDrawing("3 × 4 = 12, ¿vale? — sí…") == "3 × 4 = 12, ¿vale? — sí…")
    }
}
