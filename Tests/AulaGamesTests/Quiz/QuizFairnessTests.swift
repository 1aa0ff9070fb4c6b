import Foundation
import Testing
import AulaTestSupport
@testable import AulaGames

/// SPEC §12 (issue 15): ranged questions as a scale with bands, graded points
/// out of 10 with ties ranked by time, feedback after each graded question,
/// shuffled answers mapped back, and fair personality results.
@Suite(.lab) struct QuizFairnessTests {
    typealias F = QuizFixtures

    // MARK: Ranged questions

    @Test func bandsCoverTheScaleAndMatchTheMapping() {
        #expect(QuizAnswerParser.bands(answerCount: 4)
                == [QuizBand(from: 1, to: 2), QuizBand(from: 3, to: 5), QuizBand(from: 6, to: 8), QuizBand(from: 9, to: 10)])
        #expect(QuizAnswerParser.bands(answerCount: 2) == [QuizBand(from: 1, to: 5), QuizBand(from: 6, to: 10)])
        for count in 2...6 {
            let bands = QuizAnswerParser.bands(answerCount: count)
            #expect(bands.count == count, "\(count)")
            #expect(bands.first?.from == 1 && bands.last?.to == 10)
            for (i, band) in bands.enumerated() {
                if i > 0 { #expect(band.from == bands[i - 1].to + 1) }
                // Every number of a band picks that band's answer.
                for v in band.from...band.to {
                    let choice = try? QuizAnswerParser.parse(String(v), kind: .ranged, answerCount: count).get()
                    #expect(choice?.answers == [i], "\(count) answers, \(v)")
                }
            }
        }
    }

    @Test func aRangedQuestionCarriesItsBandsAndKeepsItsOrder() throws {
        let deck = QuizDeck(id: "t", title: "T", lang: "en", description: "T", types: F.personality.types,
                            questions: [F.personality.questions[2]], shuffleAnswers: true)
        let game = try F.started(deck, players: ["Ana"])
        let view = try #require(game.currentQuestion)
        #expect(view.answers == ["Hot", "Mild", "Cool", "Freezing"])   // a scale is never shuffled
        #expect(view.bands.map(\.from) == [1, 3, 6, 9])
        let graded = try F.started(F.graded, players: ["Ana"])
        #expect(graded.currentQuestion?.bands == [])
    }

    // MARK: Points, ties and feedback

    static func feedback(_ events: [QuizEvent]) -> [QuizFeedback] {
        for event in events { if case .feedback(let f) = event { return f } }
        return []
    }

    @Test func tiedPointsRankByTotalTimeAndFeedbackSaysSo() throws {
        var game = try F.started(F.graded, players: ["Ana", "Ben", "Cleo"], scoring: .accuracy)
        let t0 = F.openedAt(game)
        _ = try game.answer("2", from: "Ana", now: t0 + 3)
        _ = try game.answer("2", from: "Ben", now: t0 + 1)
        let events = try game.answer("1", from: "Cleo", now: t0 + 2)
        let feedback = Self.feedback(events)
        let byName = Dictionary(uniqueKeysWithValues: feedback.map { ($0.player, $0) })
        #expect(byName["Ben"]?.correct == true && byName["Ben"]?.points == 10 && byName["Ben"]?.rank == 1)
        #expect(byName["Ana"]?.correct == true && byName["Ana"]?.points == 10 && byName["Ana"]?.rank == 2)
        #expect(byName["Cleo"]?.correct == false && byName["Cleo"]?.points == 0 && byName["Cleo"]?.rank == 3)
        #expect(byName["Cleo"]?.of == 3)
        #expect(byName["Cleo"]?.rightAnswers.map(\.text) == ["4"])
        // The events come in order: tally, then feedback.
        #expect(events.firstIndex { if case .questionClosed = $0 { return true }; return false }
                == events.firstIndex { if case .feedback = $0 { return true }; return false }.map { $0 - 1 })
    }

    @Test func aPlayerWhoDidNotAnswerGetsFeedbackWithoutAVerdict() throws {
        var game = try F.started(F.graded, players: ["Ana", "Ben"])
        _ = try game.answer("2", from: "Ana", now: F.openedAt(game) + 1)
        let events = game.tick(now: F.openedAt(game) + 100)
        let feedback = Self.feedback(events)
        #expect(feedback.first { $0.player == "Ben" }?.correct == nil)
        #expect(feedback.first { $0.player == "Ana" }?.points == 10)   // 1 s of 20: 9.75 → 10
    }

    @Test func personalityDecksGetNoFeedback() throws {
        var game = try F.started(F.personality, players: ["Ana"])
        let events = try game.answer("1", from: "Ana", now: 1)
        #expect(!events.contains { if case .feedback = $0 { return true }; return false })
    }

    // MARK: Shuffled answers

    @Test func shuffledAnswersAreOneOrderForTheRoomAndMappedBack() throws {
        var deck = F.graded
        deck.shuffleAnswers = true
        // Find a seed whose first order is not the file order.
        var seed: UInt64 = 1
        var game = try F.started(deck, players: ["Ana", "Ben"], seed: seed)
        while game.shownOrder(position: 0) == [0, 1, 2, 3] && seed < 50 {
            seed += 1
            game = try F.started(deck, players: ["Ana", "Ben"], seed: seed)
        }
        let order = game.shownOrder(position: 0)
        #expect(order != [0, 1, 2, 3])
        #expect(order.sorted() == [0, 1, 2, 3])
        let view = try #require(game.currentQuestion)
        #expect(view.answers == order.map { deck.questions[0].answers[$0].text })
        // "4" (deck answer 2 of q0) is right wherever it is shown.
        let shownRight = try #require(view.answers.firstIndex(of: "4")) + 1
        let shownWrong = try #require(view.answers.firstIndex(of: "3")) + 1
        let t0 = F.openedAt(game)
        _ = try game.answer(String(shownRight), from: "Ana", now: t0 + 1)
        let events = try game.answer(String(shownWrong), from: "Ben", now: t0 + 1)
        #expect(game.rounds[0].answers["Ana"]?.choice.answers == [1])   // stored as the deck's answer
        let tally = events.compactMap { if case .questionClosed(let t, _) = $0 { return t }; return nil }.first
        var expected = [0, 0, 0, 0]
        expected[shownRight - 1] += 1
        expected[shownWrong - 1] += 1
        #expect(tally?.counts == expected)   // bars in the order shown
        #expect(game.rightAnswers(position: 0).map(\.number) == [shownRight])
        #expect(game.computeResults().player("Ana")?.correct == 1)
        #expect(game.computeResults().player("Ben")?.correct == 0)
    }

    @Test func deckFilesShuffleGradedAnswersByDefault() throws {
        func decode(_ answers: String, _ extra: String = "") throws -> QuizDeck {
            let json = """
            {"id":"d","title":"D","lang":"en","description":"D",\(extra)"types":[{"key":"x","title":"X","definition":"X"}],
             "questions":[{"kind":"single","text":"Q","answers":[\(answers)]}]}
            """
            return try JSONDecoder().decode(QuizDeck.self, from: Data(json.utf8))
        }
        let graded = #"{"text":"a","correct":true},{"text":"b","correct":false}"#
        let typed = #"{"text":"a","type":"x"},{"text":"b","type":"x"}"#
        #expect(try decode(graded).shufflesAnswers)
        #expect(try !decode(typed).shufflesAnswers)
        #expect(try !decode(graded, #""shuffle_answers":false,"#).shufflesAnswers)
        #expect(try decode(typed, #""shuffle_answers":true,"#).shufflesAnswers)
    }

    // MARK: Personality fairness

    @Test func aTeamOfOneIsNeverInSync() throws {
        var game = try F.started(F.personality, players: ["Ana"], teams: ["Solo": ["Ana"]])
        try F.round(&game, [("Ana", "1", 1)]); try F.round(&game, [("Ana", "1", 1)]); try F.round(&game, [("Ana", "1", 1)])
        #expect(game.syncedRounds()["Solo"] == nil)
        #expect(game.computeResults().player("Ana")?.points == 30)
    }

    @Test func randomAnswersOnABalancedDeckFavourNoType() throws {
        // Every question offers each type once: random players should land on
        // each type about equally often (ties go to the type chosen last).
        let types = ["a", "b", "c"].map { QuizResultType(key: $0, title: $0, definition: $0) }
        let deck = QuizDeck(id: "b", title: "B", lang: "en", description: "B", types: types,
                            questions: (0..<6).map { i in
                                QuizQuestion(kind: .single, text: "Q\(i)",
                                             answers: types.map { QuizAnswer.typed($0.key, $0.key) })
                            })
        var wins: [String: Int] = [:]
        var random = SeededRandom(seed: 7)
        for trial in 0..<600 {
            var game = try F.started(deck, players: ["P"], seed: UInt64(trial + 1))
            for _ in 0..<6 { try F.round(&game, [("P", String(Int.random(in: 1...3, using: &random)), 1)]) }
            wins[game.computeResults().player("P")?.type?.key ?? "-", default: 0] += 1
        }
        let counts = types.map { wins[$0.key] ?? 0 }
        #expect(counts.max()! <= 2 * counts.min()!, "\(counts)")
    }
}
