import Foundation
import Testing
import AulaTestSupport
@testable import AulaGames
import AulaContent

/// Issue 15 on the shipped decks: every ranged question is played with each
/// band's numbers, and random players do not favour one result type.
@Suite(.lab) struct ShippedQuizFairnessTests {
    static let decks = QuizDeckLoader.load(contentDirectory: ShippedQuizDecksTests.root).0

    @Test func everyShippedRangedQuestionMapsEachBandsNumbersToItsAnswer() throws {
        var ranged = 0
        for deck in Self.decks {
            for (qi, question) in deck.questions.enumerated() where question.kind == .ranged {
                ranged += 1
                // The answers never number themselves ("1) Not much"): the scale is 1–10.
                for answer in question.answers {
                    #expect(answer.text.range(of: #"^\s*\d+\s*[).:-]"#, options: .regularExpression) == nil,
                            "\(deck.id) q\(qi): \(answer.text)")
                }
                let bands = QuizAnswerParser.bands(answerCount: question.answers.count)
                #expect(bands.count == question.answers.count)
                var game = QuizGame(deck: QuizDeck(id: deck.id, title: deck.title, lang: deck.lang,
                                                   description: deck.description, types: deck.types,
                                                   questions: [question]))
                _ = game.join("P")
                _ = game.join("Q")   // silent, so the question stays open while P changes their mind
                var random = SeededRandom(seed: 1)
                _ = try game.start(now: 0, random: &random)
                #expect(game.currentQuestion?.bands == bands)
                for (i, band) in bands.enumerated() {
                    for v in band.from...band.to {
                        _ = try game.answer(String(v), from: "P", now: 1)
                        #expect(game.rounds[0].answers["P"]?.choice.answers == [i], "\(deck.id) q\(qi) \(v)")
                    }
                }
            }
        }
        #expect(ranged >= 8)
    }

    @Test(.slow) func randomPlayersDoNotFavourOneTypeOnAShippedDeck() throws {
        for deck in Self.decks where deck.style == .personality {
            var wins: [String: Int] = [:]
            var random = SeededRandom(seed: 11)
            for trial in 0..<400 {
                var game = QuizGame(deck: deck)
                _ = game.join("P")
                var r = SeededRandom(seed: UInt64(trial + 1))
                _ = try game.start(now: 0, random: &r)
                var now = 0.0
                while case .asking(let p) = game.phase {
                    let q = deck.questions[game.order[p]]
                    let text: String
                    switch q.kind {
                    case .ranged: text = String(Int.random(in: 1...10, using: &random))
                    case .single, .multiple: text = String(Int.random(in: 1...q.answers.count, using: &random))
                    }
                    now += 1
                    _ = try game.answer(text, from: "P", now: now)
                    _ = try game.advance(now: now)
                }
                wins[game.results?.player("P")?.type?.key ?? "-", default: 0] += 1
            }
            let counts = deck.types.map { wins[$0.key] ?? 0 }
            #expect(counts.max()! <= 2 * counts.min()!, "\(deck.id): \(deck.types.map(\.key)) \(counts)")
        }
    }
}

/// `aula check-content`'s balance warning (issue 15).
@Suite(.lab) struct QuizBalanceWarningTests {
    @Test func aTypeReachedByFarFewerAnswersIsWarnedAbout() {
        let types = ["a", "b"].map { QuizResultType(key: $0, title: $0, definition: $0) }
        let lopsided = QuizDeck(id: "l", title: "L", lang: "en", description: "L", types: types, questions: [
            QuizQuestion(kind: .single, text: "1", answers: [.typed("x", "a"), .typed("y", "a"), .typed("z", "b")]),
            QuizQuestion(kind: .single, text: "2", answers: [.typed("x", "a"), .typed("y", "a"), .typed("z", "a")]),
        ])
        let warning = QuizDeckLoader.balanceWarning(lopsided)
        #expect(warning?.key == "content.quiz.unbalanced")
        #expect(warning?.args.prefix(2) == ["l", "b"])
        let fair = QuizDeck(id: "f", title: "F", lang: "en", description: "F", types: types, questions: [
            QuizQuestion(kind: .ranged, text: "1", answers: [.typed("x", "a"), .typed("y", "b")]),
            QuizQuestion(kind: .single, text: "2", answers: [.typed("x", "b"), .typed("y", "a")]),
        ])
        #expect(QuizDeckLoader.balanceWarning(fair) == nil)
        #expect(QuizDeckLoader.typeShares(fair) == ["a": 1.0, "b": 1.0])
    }

    @Test func theShippedDecksAreBalanced() {
        for deck in ShippedQuizFairnessTests.decks {
            #expect(QuizDeckLoader.balanceWarning(deck) == nil, "\(deck.id): \(QuizDeckLoader.typeShares(deck))")
        }
    }
}
