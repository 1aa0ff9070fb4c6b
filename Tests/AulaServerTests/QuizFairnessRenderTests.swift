import Foundation
import Testing
import AulaTestSupport
@testable import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom

/// Issue 15 on screen: ranged scales, feedback lines, labels that use the width.
@Suite(.lab) struct QuizFairnessRenderTests {
    func text(_ event: Event, _ lang: Language = .en, reader: Bool = false, width: Int = 80) -> String {
        var r = Renderer(language: lang)
        r.color = false
        r.reader = reader
        r.width = width
        return r.render(event)
    }

    func json(_ event: Event) -> [String: Any] {
        var r = Renderer()
        r.mode = .json
        let line = r.render(event).trimmingCharacters(in: .whitespacesAndNewlines)
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    static var ranged: QuizQuestionView {
        var view = QuizQuestionView(number: 1, total: 3, deckIndex: 0, kind: .ranged, text: "How cold?",
                                    answers: ["Hot", "Mild", "Cool", "Freezing"], seconds: 20, openedAt: 0)
        view.bands = QuizAnswerParser.bands(answerCount: 4)
        return view
    }

    @Test func aRangedQuestionShowsItsScaleNotNumberedAnswers() {
        let event = QuizQuestionEvent(room: "quiz-1", question: Self.ranged, seconds: 20)
        let shown = text(event)
        #expect(shown.contains("  1–2   Hot"))
        #expect(shown.contains("  9–10  Freezing"))
        #expect(!shown.contains("1) Hot") && !shown.contains("4) Freezing"))
        #expect(shown.contains("Type a number from 1 to 10"))
        let reader = text(event, reader: true)
        #expect(reader.contains("From 1 to 2: Hot."))
        #expect(text(event, .es, reader: true).contains("Del 9 al 10: Freezing."))
        let j = json(event)
        #expect((j["scale"] as? [String: Any])?["max"] as? Int == 10)
        #expect((j["bands"] as? [[String: Any]])?.map { $0["from"] as? Int ?? 0 } == [1, 3, 6, 9])
        // Other kinds have no scale.
        let single = QuizQuestionView(number: 1, total: 1, deckIndex: 0, kind: .single, text: "Q",
                                      answers: ["a", "b"], seconds: 20, openedAt: 0)
        #expect(json(QuizQuestionEvent(room: "r", question: single, seconds: 20))["bands"] == nil)
    }

    @Test func feedbackSaysPointsAndPlaceInBothLanguages() {
        let right = QuizFeedback(player: "Ana", number: 2, correct: true, points: 8, rank: 2, of: 5,
                                 rightAnswers: [(2, "Paris")])
        #expect(text(QuizFeedbackEvent(room: "r", feedback: right)).contains("Correct! +8 points — you are 2nd of 5."))
        #expect(text(QuizFeedbackEvent(room: "r", feedback: right), .es).contains("¡Correcto! +8 puntos: vas en el puesto 2 de 5."))
        let wrong = QuizFeedback(player: "Ana", number: 2, correct: false, points: 0, rank: 3, of: 5,
                                 rightAnswers: [(2, "Paris")])
        #expect(text(QuizFeedbackEvent(room: "r", feedback: wrong)).contains("Not this time: the answer was 2) Paris — you are 3rd of 5."))
        let j = json(QuizFeedbackEvent(room: "r", feedback: wrong))
        #expect(j["ev"] as? String == "quiz.feedback")
        #expect(j["correct"] as? Bool == false && j["points"] as? Int == 0 && j["rank"] as? Int == 3 && j["index"] as? Int == 2)
        let none = QuizFeedback(player: "Ana", number: 2, correct: nil, points: 0, rank: 3, of: 5, rightAnswers: [])
        #expect(json(QuizFeedbackEvent(room: "r", feedback: none))["correct"] is NSNull)
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map { QuizFeedbackEvent.ordinal($0, .en) }
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"])
    }

    @Test func labelsUseTheWidthTheClientHas() {
        let long = "Wherever there are mountains and quiet lakes"   // 44 characters
        let wide = QuizBarChart.rows(labels: [long, "Cities"], counts: [2, 1], width: 100)
        #expect(wide[0].label == long)
        let narrow = QuizBarChart.rows(labels: [long, "Cities"], counts: [2, 1], width: 40)
        // Session 10 (play test at 40 columns, "Chocolate caliente y u…"): a
        // narrow screen wraps the label under itself instead of cutting it.
        #expect(!narrow[0].label.hasSuffix("…"))
        let whole = ([narrow[0].label] + narrow[0].more).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(whole == long)
        #expect(narrow.allSatisfy { $0.plain.count <= 40 })
        #expect(narrow.flatMap(\.continuation).allSatisfy { $0.count <= 40 })
    }

    @Test func theRoomCreatedLineHasNoDoubledPunctuation() {
        let line = Catalog.shared.text(Phrase("quiz.room.created", ["quiz-1", "Which country should you visit next?"]), .en)
        #expect(!line.contains("?."))
        let es = Catalog.shared.text(Phrase("quiz.room.created", ["quiz-1", "¿Qué país deberías visitar?"]), .es)
        #expect(!es.contains("?."))
    }

    @Test func friendlyTeamNamesComeFromTheCatalogInBothLanguages() throws {
        for lang in Language.allCases {
            let names = Catalog.shared.text(Phrase("quiz.team_names"), lang).split(separator: ",").map(String.init)
            #expect(names.count >= 8)
            var game = QuizGame(deck: QuizDeck(id: "d", title: "D", lang: "en", description: "D", questions: []))
            for p in ["a", "b", "c", "d"] { _ = game.join(p) }
            var random = SeededRandom(seed: 3)
            _ = try game.autoTeams(3, names: names, random: &random)
            #expect(game.teams.map(\.name) == Array(names.prefix(3)))
        }
    }
}
