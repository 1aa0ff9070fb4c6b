import Foundation
import Testing
import AulaTestSupport
@testable import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// Session 10 play test (a Spanish class, a screen reader, a 40-column
/// telnet): how the quiz tally, the race and the host's lines read.
@Suite(.lab) struct RoomsPlayTest10RenderTests {
    func text(_ event: Event, lang: Language = .en, reader: Bool = false, width: Int = 80) -> String {
        var r = Renderer(language: lang)
        r.reader = reader
        r.color = false
        r.width = width
        return r.render(event)
    }

    func json(_ event: Event) -> [String: Any] {
        var r = Renderer()
        r.mode = .json
        return (try? JSONSerialization.jsonObject(with: Data(r.render(event).utf8))) as? [String: Any] ?? [:]
    }

    /// "¿Cuánto te gustan la historia…?": four answers on the 1–10 scale; Martín typed 4.
    var scale: QuizTallyEvent {
        var event = QuizTallyEvent(room: "quiz-3", tally: QuizTally(number: 5, counts: [0, 1, 0, 0], answered: 1, players: 1),
                                   answers: ["Poco", "Algo", "Bastante", "Muchísimo"], reason: .allAnswered, correct: [])
        event.bands = QuizAnswerParser.bands(answerCount: 4)
        return event
    }

    @Test func aScaleTallyNamesEachCountByItsRangeInTextReaderAndJSON() throws {
        let bands = QuizAnswerParser.bands(answerCount: 4)
        let algo = try #require(bands.firstIndex { $0.from <= 4 && 4 <= $0.to })
        #expect(algo == 1)
        let range = QuizQuestionEvent.range(bands[1])
        let plain = text(scale, lang: .es)
        #expect(plain.contains("  \(range) Algo"))
        #expect(!plain.contains("  4 Muchísimo"))
        let reader = text(scale, lang: .es, reader: true)
        #expect(reader.contains("Del \(bands[1].from) al \(bands[1].to), Algo: 1 voto."))
        #expect(!reader.contains("Respuesta 4"))
        #expect(text(scale, reader: true).contains("From \(bands[1].from) to \(bands[1].to), Algo: 1 vote."))
        let last = try #require(bands.last)
        if last.from == last.to { #expect(reader.contains("\(last.from), Muchísimo: 0 votos.")) }
        let j = json(scale)
        #expect(j["counts"] as? [Int] == [0, 1, 0, 0])
        let sent = try #require(j["bands"] as? [[String: Int]])
        #expect(sent.map { $0["from"] ?? 0 } == bands.map(\.from))
        #expect(sent.map { $0["to"] ?? 0 } == bands.map(\.to))
        // Other questions are numbered as before, with no bands.
        let plainTally = QuizTallyEvent(room: "quiz-3", tally: QuizTally(number: 1, counts: [2, 1], answered: 3, players: 3),
                                        answers: ["Sí", "No"], reason: .allAnswered, correct: [])
        #expect(json(plainTally)["bands"] == nil)
        #expect(text(plainTally, lang: .es, reader: true).contains("Respuesta 1, Sí: 2 votos."))
    }

    @Test func aNarrowScreenWrapsTallyLabelsInsteadOfCuttingThem() {
        let rows = QuizBarChart.rows(labels: ["Chocolate caliente y unas galletas", "Té"], counts: [2, 1], width: 40)
        #expect(rows.allSatisfy { $0.plain.count <= 40 })
        #expect(!rows[0].label.contains("…"))
        let words = ([rows[0].label] + rows[0].more).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(words == "Chocolate caliente y unas galletas")
        #expect(rows[0].continuation.allSatisfy { $0.count <= 40 && $0.hasPrefix("    ") })
        let event = QuizTallyEvent(room: "quiz-1", tally: QuizTally(number: 1, counts: [2, 1], answered: 3, players: 3),
                                   answers: ["Chocolate caliente y unas galletas", "Té"], reason: .allAnswered, correct: [])
        let shown = text(event, lang: .es, width: 40)
        #expect(shown.contains("galletas"))
        #expect(!shown.contains("…"))
    }

    @Test func aRaceStateAfterAGuessIsTheWordAloneAndNeverSaysTypeALetterWhenDone() {
        var view = HangmanView(mask: "a___e______", letterCount: 11, maxLives: 3,
                               lives: [HangmanView.Lives(name: "Lucía", lives: 2, misses: 1)], turn: nil,
                               tried: ["a", "e", "z"], misses: ["z"], hint: nil)
        view.race = true
        view.turnSecondsLeft = 109
        var state = HangmanStateEvent(room: "hangman-2", view: view, viewer: "Lucía")
        state.afterGuess = true
        #expect(text(state, lang: .es, reader: true) == "La palabra tiene 11 letras: a, 3 huecos, e, 6 huecos.\r\n")
        state.afterGuess = false
        let asked = text(state, lang: .es, reader: true)
        #expect(asked.contains("Fallos: z. Tienes 2 de 3 vidas."))
        #expect(asked.contains("escribe una letra"))
        #expect(!asked.contains("Horca"))
        // Done: wait for the others, in text and reader mode alike.
        view.raceDone = true
        let done = HangmanStateEvent(room: "hangman-2", view: view, viewer: "Lucía")
        for reader in [false, true] {
            let shown = text(done, lang: .es, reader: reader)
            #expect(!shown.contains("escribe una letra"), "\(shown)")
            #expect(shown.contains("Has terminado: espera al resto (quedan 109 segundos)."))
        }
        #expect(text(done).contains("You are done: wait for the others (109 seconds left)."))
    }

    @Test func standingsAfterAClassmatesGuessAreSilentForAScreenReaderOnly() {
        var race = HangmanRaceEvent(room: "hangman-2", letterCount: 4, maxLives: 3, secondsLeft: 80,
                                    players: [.init(name: "Ana", found: 1, lives: 3, done: false)])
        race.quietForReaders = true
        #expect(text(race, lang: .es, reader: true) == "")
        #expect(text(race, lang: .es).contains("Carrera — quedan 80 segundos:"))
        #expect((json(race)["players"] as? [Any])?.count == 1)
    }

    @Test func livesLeftReadAsSpanishSays() {
        let es = { (left: Int) in Catalog.shared.text(HangmanEvent.lifeLost(player: "Lucía", livesLeft: left, maxLives: 3).phrase, .es) }
        #expect(es(2) == "Lucía pierde una vida: le quedan 2 de 3.")
        #expect(es(1) == "Lucía pierde una vida: le queda 1 de 3.")
        #expect(es(0) == "Lucía pierde una vida: no le quedan vidas.")
        #expect(Catalog.shared.text(Phrase("hangman.bell.off"), .es).hasPrefix("Campana desactivada"))
    }

    @Test func theOneWhoLeavesReadsItInTheSecondPerson() {
        var own = RoomLeftEvent(room: "level-6", player: "Lucía", reason: Phrase("level.challenge.moved"))
        #expect(text(own, lang: .es).hasPrefix("Lucía ha salido de la sala level-6."))
        own.own = true
        #expect(text(own, lang: .es).hasPrefix("Has salido de la sala level-6."))
        #expect(json(own)["player"] as? String == "Lucía")
    }

    @Test func aTeamOfOneShowsNoSyncFigure() throws {
        let game = try QuizRoomResultTests().play(QuizRoomResultTests.trip, teams: ["Ana": "Red", "Ben": "Red", "Cai": "Blue"],
                                                  answers: [[("Ana", "1", 1), ("Ben", "1", 2), ("Cai", "2", 3)],
                                                            [("Ana", "1", 1), ("Ben", "1", 2), ("Cai", "9", 3)]])
        let results = try #require(game.results)
        let shown = text(QuizResultEvent(room: "quiz-1", results: results), lang: .es)
        #expect(shown.contains("Equipo Red: Sunny beach, en sintonía en el"))
        #expect(shown.contains("Equipo Blue: Ski trip\r\n"))
        #expect(!shown.contains("Equipo Blue: Ski trip, en sintonía"))
    }

    @Test func typedTextClosingOurSentenceEndsWithAFullStop() {
        #expect("demasiado chat".endingSentence == "demasiado chat.")
        #expect("¿Qué es?".endingSentence == "¿Qué es?")
        #expect("".endingSentence == "")
        #expect(text(KickedEvent(reason: "demasiado chat", minutes: 5), lang: .es).contains("durante 5 minutos: demasiado chat.\r\n"))
    }

    @Test func usageIsSaidInWordsForAScreenReader() {
        let es = TextContext(language: .es, reader: true, color: false, width: 80)
        #expect(SpokenUsage.text("crear ahorcado [carrera] [fácil|medio|difícil] [mazo] | crear cuestionario MAZO", es)
                == "crear ahorcado carrera (opcional) fácil, medio o difícil (opcional) mazo (opcional); o crear cuestionario MAZO")
        let en = TextContext(language: .en, reader: true, color: false, width: 80)
        #expect(SpokenUsage.text("bell on|off", en) == "bell on or off")
    }

    @Test func everyNewEntryIsInBothCatalogs() {
        let keys = HangmanPhrases.allKeys + QuizRoomPhrases.keys + QuizPhrases.allKeys
            + ["room.left.you", "help.room_only", "help.spoken.or", "help.spoken.optional", "class.closed.students",
               "error.name_is_class_code"]
        for key in keys {
            for language in Language.allCases {
                #expect(Catalog.shared.template(key, language) != nil, "\(key) \(language)")
            }
        }
    }
}
