import Foundation
import Testing
import AulaTestSupport
@testable import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaLevelRoom

/// Session 11's play test, the words (English and Spanish): students read
/// "Your teacher" and never a teacher's login name; the end of a class
/// challenge is said once; reader mode without "—" and "%"; the answer a
/// quiz player gave, shown again.
@Suite(.lab) struct WordsFixes11RenderTests {
    func text(_ event: Event, lang: Language = .en, reader: Bool = false) -> String {
        var r = Renderer(language: lang)
        r.reader = reader
        r.color = false
        r.width = 250
        return r.render(event)
    }

    func say(_ key: String, _ args: [String] = [], _ lang: Language = .en) -> String {
        Catalog.shared.text(Phrase(key, args), lang)
    }

    @Test func aLatecomerReadsYourTeacherNotTheTeachersLoginName() {
        let args = ["garcia", "w1-01", "2:30"]
        #expect(say("level.challenge.joined_late", args)
                == "Your teacher's class challenge is running: level w1-01, 2:30 left on the shared clock. You're in. Good luck!")
        #expect(say("level.challenge.joined_late", args, .es)
                == "El reto de clase de tu docente está en marcha: nivel w1-01, quedan 2:30 en el reloj común. Ya estás dentro. ¡Suerte!")
    }

    /// Every line a teacher's action sends to students, in both languages.
    @Test func studentsReadYourTeacherEverywhere() {
        let keys: [(String, [String])] = [
            ("admin.you_are_muted", []), ("admin.you_are_unmuted", []), ("admin.room_told.paused", []),
            ("admin.room_told.resumed", []), ("admin.room_told.skipped", []), ("admin.room_told.extended", ["30"]),
            ("admin.room_told.created_for_you", ["hangman-1"]), ("admin.reset.told", []),
            ("admin.room_told.extended_other", ["Sofía", "30"]), ("kicked.line", ["shouting"]), ("error.muted", []),
            ("hangman.not_saved", []), ("hangman.round_over.skipped", ["ñandú"]), ("error.level_not_saved", []),
            ("error.chat_off", []), ("chat.switched_off", []), ("chat.switched_on", []),
            ("kicked.line_minutes", ["shouting", "10"]), ("kicked.line_minute", ["shouting", "1"]),
            ("error.kicked", ["10", "shouting"]), ("error.kicked_one", ["1", "shouting"]),
            ("quiz.closed.teacher", []), ("lesson.paused", []), ("error.paused", []),
        ]
        for (key, args) in keys {
            let en = say(key, args), es = say(key, args, .es)
            #expect(en.lowercased().contains("your teacher") && !en.contains("The teacher"), "\(key): \(en)")
            #expect(es.lowercased().contains("tu docente") && !es.contains("consola docente") && !es.contains("profesorado"),
                    "\(key): \(es)")
        }
    }

    @Test func extendSaysTheTimeNowLeft() {
        #expect(say("admin.room_told.extended_left", ["30", "45"]) == "Your teacher gave you 30 more seconds: 45 seconds left.")
        #expect(say("admin.room_told.extended_left", ["30", "45"], .es) == "Tu docente te ha dado 30 segundos más: quedan 45 segundos.")
        #expect(say("admin.room_told.extended_left_one", ["1", "1"]) == "Your teacher gave you 1 more second: 1 second left.")
        #expect(say("admin.room_told.extended_other_left", ["Sofía", "30", "45"])
                == "Your teacher gave Sofía 30 more seconds: 45 seconds left on the turn.")
        #expect(say("admin.room_told.extended_other_left", ["Sofía", "30", "45"], .es)
                == "Tu docente ha dado 30 segundos más a Sofía: quedan 45 segundos de turno.")
    }

    @Test func theEndOfAClassChallengeIsSaidOnce() {
        let end = LevelRoundEndEvent(room: "level-11", outcome: "challenge", round: [], leaderboard: [])
        var closed = RoomLeftEvent(room: "level-11", player: "Ana", reason: Phrase("level.challenge.back_to_lobby"))
        closed.own = true
        for lang in Language.allCases {
            let over = lang == .en ? "The class challenge is over" : "El reto de clase ha terminado"
            let both = text(end, lang: lang) + text(closed, lang: lang)
            #expect(both.components(separatedBy: over).count == 2, "\(both)")
        }
        #expect(text(end) == "Those are the final points of the class challenge.\r\n")
        #expect(text(end, lang: .es) == "Esos son los puntos finales del reto de clase.\r\n")
    }

    @Test func readerModeSaysTheChallengesTitleAndTheSyncInWords() throws {
        let board = LeaderboardEvent(scope: "challenge:w1-01", title: Phrase("level.challenge.leaderboard", ["w1-01"]),
                                     rows: [.init(rank: 1, name: "Ana", points: 150)])
        #expect(text(board, reader: true).hasPrefix("Class challenge, level w1-01\r\n"))
        #expect(text(board, lang: .es, reader: true).hasPrefix("Reto de clase, nivel w1-01\r\n"))
        // The drawn board keeps its title.
        #expect(text(board).hasPrefix("Class challenge — level w1-01\r\n"))

        let game = try QuizRoomResultTests().play(QuizRoomResultTests.trip, teams: ["Ana": "Red", "Ben": "Red"],
                                                  answers: [[("Ana", "1", 1), ("Ben", "2", 2)],
                                                            [("Ana", "1", 1), ("Ben", "2", 2)]])
        let results = try #require(game.results)
        let event = QuizResultEvent(room: "quiz-1", results: results)
        for lang in Language.allCases {
            let read = text(event, lang: lang, reader: true)
            #expect(!read.contains("%"), "\(read)")
            #expect(read.contains(lang == .en ? "percent of the questions" : "por ciento de las preguntas"), "\(read)")
        }
        #expect(text(event).contains("% of the questions"))
    }

    func question(_ kind: QuestionKind, _ answers: [String]) -> QuizQuestionView {
        var view = QuizQuestionView(number: 2, total: 5, deckIndex: 1, kind: kind, text: "Which?", answers: answers,
                                    seconds: 20, openedAt: 0)
        if kind == .ranged { view.bands = QuizAnswerParser.bands(answerCount: answers.count) }
        return view
    }

    @Test func aQuestionShownAgainSaysTheAnswerGiven() {
        var single = QuizQuestionEvent(room: "quiz-1", question: question(.single, ["Lima", "Paris", "Rome"]), seconds: 12, resent: true)
        #expect(!text(single).contains("Your answer"))
        single.yourAnswer = QuizShownAnswer(numbers: [2], scale: nil)
        #expect(text(single).contains("\r\nYour answer: 2) Paris.\r\n"))
        #expect(text(single, lang: .es).contains("\r\nTu respuesta: 2) Paris.\r\n"))
        #expect(text(single, reader: true).contains("\r\nYour answer: number 2, Paris.\r\n"))

        var many = QuizQuestionEvent(room: "quiz-1", question: question(.multiple, ["Red", "Green", "Blue"]), seconds: nil, resent: true)
        many.yourAnswer = QuizShownAnswer(numbers: [1, 3], scale: nil)
        #expect(text(many).contains("Your answers: 1) Red, 3) Blue."))
        #expect(text(many, lang: .es, reader: true).contains("Tus respuestas: número 1, Red; número 3, Blue."))

        var scale = QuizQuestionEvent(room: "quiz-1", question: question(.ranged, ["Cold", "Mild", "Warm", "Hot"]), seconds: 9, resent: true)
        scale.yourAnswer = QuizShownAnswer(numbers: [3], scale: 7.5)
        #expect(text(scale).contains("Your answer: 7.5 on the scale, that is Warm."))
        #expect(text(scale, lang: .es).contains("Tu respuesta: 7,5 en la escala, es decir, Warm."))

        var r = Renderer()
        r.mode = .json
        let json = (try? JSONSerialization.jsonObject(with: Data(r.render(scale).utf8))) as? [String: Any] ?? [:]
        let given = json["your_answer"] as? [String: Any]
        #expect(given?["answers"] as? [Int] == [3])
        #expect(given?["scale"] as? Double == 7.5)
    }

    @Test func theConsoleReadsItsOwnLineAtTheEndOfAQuizItRuns() {
        var end = QuizRoundEndEvent(room: "quiz-4", outcome: "finished", round: [], leaderboard: [], teams: [], saved: true)
        end.teacherHosted = true
        #expect(text(end).contains("Your teacher can start this quiz again from the console."))
        end.console = true
        #expect(text(end).contains("To play it again: quiz start quiz-4. To close the room: room close quiz-4."))
        #expect(text(end, lang: .es).contains("Para jugarlo otra vez: cuestionario empezar quiz-4. Para cerrar la sala: sala cerrar quiz-4."))
        #expect(!text(end).contains("Your teacher"))
    }
}
