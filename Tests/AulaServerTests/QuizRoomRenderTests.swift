import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom

/// The quiz room's catalogs, bar chart, event shapes and saved points.
@Suite(.lab) struct QuizRoomRenderTests {
    // MARK: Catalogs

    @Test func everyQuizKeyExistsInEnglishAndSpanish() {
        for key in QuizPhrases.allKeys + QuizRoomPhrases.keys {
            for lang in Language.allCases {
                #expect(Catalog.shared.template(key, lang) != nil, "\(key) missing in \(lang)")
            }
        }
    }

    @Test func everyQuizCommandHasUsageAndHelpInBothLanguages() {
        for entry in QuizCommands.table.entries {
            for lang in Language.allCases {
                #expect(Catalog.shared.template("usage.\(entry.id)", lang) != nil, "usage.\(entry.id) \(lang)")
                #expect(Catalog.shared.template("help.\(entry.id)", lang) != nil, "help.\(entry.id) \(lang)")
            }
        }
    }

    @Test func quizCommandsHaveSpanishNamesAndDoNotShadowLobbyCommands() {
        let lobby = Set(LobbyCommands.table.allWords)
        #expect(Set(QuizCommands.table.allWords).intersection(lobby).isEmpty)
        #expect(QuizCommands.table.find("equipo")?.id == "quiz.team")
        #expect(QuizCommands.table.find("EMPEZAR")?.id == "quiz.start")
        #expect(QuizCommands.table.find("responder")?.id == "quiz.answer")
    }

    // MARK: Bar chart

    @Test func barsHaveOneHashPerVoteWhenTheyFit() {
        let rows = QuizBarChart.rows(labels: ["Japan", "Peru", "Norway"], counts: [3, 0, 1], width: 80)
        #expect(rows.map(\.bar) == ["###", "", "#"])
        #expect(rows[0].plain == "  1 Japan  ### 3")
        #expect(rows[1].plain == "  2 Peru   0")
        // Every row is laid out in the same columns.
        #expect(Set(rows.map { $0.label.count }).count == 1)
    }

    @Test func barsAreScaledToTheWidthAndEveryVoteStillShows() {
        let rows = QuizBarChart.rows(labels: ["A", "B", "C"], counts: [200, 100, 1], width: 40)
        #expect(rows.allSatisfy { $0.plain.count <= 40 })
        #expect(rows[0].bar.count > rows[1].bar.count)
        #expect(rows[2].bar == "#")
        #expect(abs(Double(rows[1].bar.count) - Double(rows[0].bar.count) / 2) <= 1)
    }

    @Test func longAnswersAreShortenedWithAnEllipsis() {
        let long = String(repeating: "x", count: 60)
        let rows = QuizBarChart.rows(labels: [long, "y"], counts: [1, 2], width: 50)
        #expect(rows[0].label.hasSuffix("…"))
        #expect(rows.allSatisfy { $0.plain.count <= 50 })
    }

    // MARK: Events

    /// Question 2 of 3 (multiple, 30 s) of a game already under way.
    static let view: QuizQuestionView = {
        let deck = QuizDeck(id: "d", title: "D", lang: "en", description: "D", seconds: 30,
                            types: [QuizResultType(key: "x", title: "X", definition: "X")],
                            questions: [QuizQuestion(kind: .single, text: "First", answers: [.typed("a", "x"), .typed("b", "x")]),
                                        QuizQuestion(kind: .multiple, text: "Pick \"some\"",
                                                     answers: [.typed("Japan", "x"), .typed("Peru", "x")]),
                                        QuizQuestion(kind: .single, text: "Last", answers: [.typed("a", "x"), .typed("b", "x")])])
        var game = QuizGame(deck: deck)
        _ = game.join("Ana")
        var random = SeededRandom(seed: 1)
        _ = try? game.start(now: 0, random: &random)
        _ = try? game.answer("1", from: "Ana", now: 1)
        _ = try? game.advance(now: 2)
        return game.currentQuestion!
    }()

    /// A tally of question 3 with counts 3, 1, 0: four of five players answered.
    static let tally: QuizTally = {
        let deck = QuizDeck(id: "d", title: "D", lang: "en", description: "D", seconds: 30,
                            types: [QuizResultType(key: "x", title: "X", definition: "X")],
                            questions: (0..<3).map { _ in QuizQuestion(kind: .single, text: "Q", answers: [
                                .typed("Japan", "x"), .typed("Peru", "x"), .typed("Chile", "x")]) })
        var game = QuizGame(deck: deck)
        for p in ["A", "B", "C", "D", "E"] { _ = game.join(p) }
        var random = SeededRandom(seed: 1)
        _ = try? game.start(now: 0, random: &random)
        for q in 0..<2 {
            _ = game.tick(now: Double(q) * 100 + 50)
            _ = try? game.advance(now: Double(q) * 100 + 100)
        }
        for (p, a) in [("A", "1"), ("B", "1"), ("C", "1"), ("D", "2")] { _ = try? game.answer(a, from: p, now: 201) }
        _ = game.tick(now: 250)
        return game.tally(position: 2)!
    }()

    func json(_ event: Event, _ lang: Language = .en) -> [String: Any] {
        var r = Renderer(language: lang)
        r.mode = .json
        let line = r.render(event)
        #expect(line.hasSuffix("\r\n"))
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    func text(_ event: Event, lang: Language = .en, reader: Bool = false, color: Bool = false) -> String {
        var r = Renderer(language: lang)
        r.reader = reader
        r.color = color
        return r.render(event)
    }

    @Test func questionEventHasTheDocumentedFields() {
        let q = json(QuizQuestionEvent(room: "quiz-1", question: Self.view, seconds: 45))
        #expect(q["ev"] as? String == "quiz.question")
        #expect(q["room"] as? String == "quiz-1")
        #expect(q["index"] as? Int == 2)
        #expect(q["total"] as? Int == 3)
        #expect(q["kind"] as? String == "multiple")
        #expect(q["text"] as? String == "Pick \"some\"")
        #expect(q["answers"] as? [String] == ["Japan", "Peru"])
        #expect(q["seconds"] as? Int == 45)
        #expect(json(QuizQuestionEvent(room: "quiz-1", question: Self.view, seconds: nil))["seconds"] is NSNull)
    }

    @Test func questionTextNumbersTheAnswersAndReaderModeSaysWhereYouAre() {
        let plain = text(QuizQuestionEvent(room: "quiz-1", question: Self.view, seconds: 30))
        #expect(plain.contains("Question 2 of 3\r\n"))
        #expect(plain.contains("  1) Japan\r\n"))
        #expect(plain.contains("You have 30 seconds."))
        let reader = text(QuizQuestionEvent(room: "quiz-1", question: Self.view, seconds: 30), reader: true)
        #expect(reader.contains("Room quiz-1, question 2 of 3:"))
        #expect(reader.contains("Answer 1: Japan."))
        let spanish = text(QuizQuestionEvent(room: "quiz-1", question: Self.view, seconds: nil), lang: .es)
        #expect(spanish.contains("Pregunta 2 de 3"))
        #expect(spanish.contains("Tómate todo el tiempo"))
    }

    @Test func tallyEventIsJSONCountsTextBarsAndReaderWords() {
        let tally = Self.tally
        let event = QuizTallyEvent(room: "quiz-1", tally: tally, answers: ["Japan", "Peru", "Chile"],
                                   reason: .timeUp, correct: [])
        let j = json(event)
        #expect(j["ev"] as? String == "quiz.tally")
        #expect(j["index"] as? Int == 3)
        #expect(j["counts"] as? [Int] == [3, 1, 0])
        #expect(j["correct"] == nil)
        let bars = text(event)
        #expect(bars.contains("  1 Japan ### 3\r\n"))
        #expect(bars.contains("4 of 5 answered."))
        let reader = text(event, reader: true)
        #expect(!reader.contains("#"))
        #expect(reader.contains("Answer 1, Japan: 3 votes."))
        #expect(reader.contains("Answer 2, Peru: 1 vote."))
        #expect(text(event, lang: .es, reader: true).contains("Respuesta 3, Chile: 0 votos."))
        let graded = QuizTallyEvent(room: "quiz-1", tally: tally, answers: ["a", "b", "c"], reason: .allAnswered,
                                    correct: [0, 2])
        #expect(json(graded)["correct"] as? [Int] == [1, 3])
        // "Correctas: 3." read as "3 got it right" (a sweep): the answer's number is named as such.
        #expect(text(graded).contains("Right answers: 1, 3."))
        #expect(text(graded, color: true).contains("\u{1B}["))
    }

    @Test func timerAndTeamsEvents() {
        let t = json(QuizTimerEvent(room: "quiz-1", secondsLeft: 10))
        #expect(t["ev"] as? String == "timer")
        #expect(t["room"] as? String == "quiz-1")
        #expect(t["seconds_left"] as? Int == 10)
        #expect(text(QuizTimerEvent(room: "quiz-1", secondsLeft: 10), lang: .es).contains("¡Quedan 10 segundos!"))
        let teams = json(QuizTeamsEvent(room: "quiz-1", teams: [QuizTeam(name: "A", members: ["Ana", "Ben"])]))
        #expect(teams["ev"] as? String == "quiz.teams")
        #expect((teams["teams"] as? [[String: Any]])?.first?["members"] as? [String] == ["Ana", "Ben"])
    }
}
