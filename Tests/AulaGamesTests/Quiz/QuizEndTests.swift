import Testing
import AulaTestSupport
@testable import AulaGames

/// A teacher's `quiz end` (SPEC §12): the quiz stops now, an open question
/// closing first, with the results of the questions asked so far.
@Suite(.lab) struct QuizEndTests {
    @Test func endingDuringAQuestionClosesItAndCountsItsAnswers() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana", "Bo"])
        _ = try game.answer("2", from: "Ana", now: 3)
        let events = try game.end(now: 5)
        // The question closes, its graded feedback goes out, then the quiz finishes.
        #expect(events.count == 3)
        if events.count == 3, case .feedback(let feedback) = events[1] {
            #expect(feedback.count == 2)
        } else {
            Issue.record("the closed question's feedback should come between: \(events)")
        }
        guard case .questionClosed(let tally, let reason)? = events.first, case .finished(let results)? = events.last else {
            Issue.record("\(events)")
            return
        }
        #expect(tally.number == 1 && reason == .teacher)
        #expect(game.phase == .finished)
        #expect(results.questionsAsked == 1)
        #expect(game.results == results)
        let ana = try #require(results.players.first { $0.name == "Ana" })
        #expect(ana.correct == 1 && ana.points > 0)
        #expect(results.players.first { $0.name == "Bo" }?.points == 0)
    }

    @Test func endingDuringATallyFinishesWithTheQuestionsAsked() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana"])
        _ = try game.answer("2", from: "Ana", now: 1)
        _ = try game.advance(now: 2)
        _ = try game.answer("1 3", from: "Ana", now: 3)
        let events = try game.end(now: 4)
        guard case .finished(let results)? = events.first, events.count == 1 else {
            Issue.record("\(events)")
            return
        }
        #expect(results.questionsAsked == 2)
        #expect(results.players.first?.correct == 2)
    }

    @Test func endingIsRefusedBeforeTheStartAndAfterTheEnd() throws {
        var lobby = QuizGame(deck: QuizFixtures.graded)
        _ = lobby.join("Ana")
        #expect(throws: Refusal(code: "quiz_not_started")) { try lobby.end(now: 0) }
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana"])
        _ = try game.end(now: 1)
        #expect(throws: Refusal(code: "quiz_finished")) { try game.end(now: 2) }
    }
}
