import Testing
import AulaTestSupport
@testable import AulaGames

/// A teacher's pause, resume, extend and skip on a quiz question (SPEC §12).
@Suite(.lab) struct QuizLessonTests {
    @Test func nothingClosesWhilePausedAndAnswersAreRefused() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana", "Bo"])
        #expect(game.closesAt == 20)
        let v1 = game.pause(now: 5)
        #expect(v1)
        #expect(game.isPaused)
        let v2 = !game.pause(now: 6)
        #expect(v2)
        #expect(game.closesAt == nil)
        #expect(game.deadline(for: "Ana") == nil)
        let v3 = game.tick(now: 500).isEmpty
        #expect(v3)
        #expect(game.standardSecondsLeft(now: 500) == 15)
        #expect(game.secondsLeft(for: "Ana", now: 500) == 15)
        #expect(throws: Refusal(code: "paused")) { try game.answer("2", from: "Ana", now: 500) }
        let v4 = game.resume(now: 500)
        #expect(v4)
        let v5 = !game.resume(now: 501)
        #expect(v5)
        #expect(game.closesAt == 515)
        #expect(game.standardSecondsLeft(now: 510) == 5)
    }

    /// Found while fixing a play test: Bo leaving a paused question that Ana
    /// had answered closed it, and the room moved on with the pause undone.
    @Test func aPlayerLeavingAPausedQuestionDoesNotCloseIt() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana", "Bo"])
        _ = try game.answer("2", from: "Ana", now: 3)
        _ = game.pause(now: 5)
        let left = game.leave("Bo", now: 6)
        #expect(left == [.left(player: "Bo")])
        #expect(game.isPaused)
        #expect(game.tick(now: 50).isEmpty)
        _ = game.resume(now: 60)
        // Everyone present has answered: it closes at the first tick after the resume.
        let at = try #require(game.closesAt)
        #expect(at <= 60)
        let closed = game.tick(now: 60)
        #expect(closed.contains { if case .questionClosed(_, reason: .allAnswered) = $0 { return true } else { return false } }, "\(closed)")
    }

    @Test func accommodatedClocksArePausedToo() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana", "Bo"])
        _ = game.setTimeMultiplier(.factor(2), for: "Bo")
        _ = game.pause(now: 10)
        #expect(game.secondsLeft(for: "Bo", now: 90) == 30)
        _ = game.resume(now: 90)
        #expect(game.deadline(for: "Bo") == 120)
        #expect(game.deadline(for: "Ana") == 100)
    }

    @Test func speedPointsLeaveThePauseOutAndCountTheExtension() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana"])
        _ = game.pause(now: 5)
        _ = game.resume(now: 105)
        // 10 s of running time out of 20: the points of a 10 s answer without the pause.
        _ = try game.answer("2", from: "Ana", now: 110)
        #expect(game.rounds[0].answers["Ana"]?.elapsed == 10)
        var other = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana"])
        let v6 = other.extend(by: 20)
        #expect(v6)
        // 10 s out of 20 + 20 seconds.
        _ = try other.answer("2", from: "Ana", now: 10)
        #expect(game.computeResults().players[0].points == QuizPoints.speed(elapsed: 10, seconds: 20))
        #expect(other.computeResults().players[0].points == QuizPoints.speed(elapsed: 10, seconds: 40))
    }

    @Test func extendMovesEveryDeadline() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana", "Bo"])
        _ = game.setTimeMultiplier(.factor(1.5), for: "Bo")
        let v7 = game.extend(by: 30)
        #expect(v7)
        #expect(game.deadline(for: "Ana") == 50)
        #expect(game.deadline(for: "Bo") == 60)
        #expect(game.secondsAllowed(for: "Ana") == 50)
        let v8 = !game.extend(by: 0)
        #expect(v8)
        let v9 = game.tick(now: 49).isEmpty
        #expect(v9)
        // The tally, then each player's feedback (graded deck).
        let v10 = game.tick(now: 60).count == 2
        #expect(v10)
        let v11 = !game.extend(by: 5)
        #expect(v11)
    }

    @Test func skipClosesTheQuestionForTheTeacherEvenWhenPaused() throws {
        var game = try QuizFixtures.started(QuizFixtures.graded, players: ["Ana", "Bo"])
        _ = try game.answer("2", from: "Ana", now: 3)
        _ = game.pause(now: 4)
        let events = game.skip(now: 50)
        guard case .questionClosed(let tally, let reason)? = events.first else {
            Issue.record("no close: \(events)")
            return
        }
        #expect(reason == .teacher)
        #expect(tally.answered == 1)
        #expect(game.phase == .reviewing(0))
        #expect(!game.isPaused)
        let v12 = game.skip(now: 51).isEmpty
        #expect(v12)
        // Bo's open time is the running time only (4 s), not the pause.
        #expect(game.openSeconds(game.rounds[0], for: "Bo") == 4)
        _ = try game.advance(now: 52)
        #expect(game.phase == .asking(1))
        #expect(!game.isPaused)
    }

    @Test func nothingToControlOutsideAQuestion() throws {
        var game = QuizGame(deck: QuizFixtures.graded)
        let v13 = !game.pause(now: 0)
        #expect(v13)
        let v14 = !game.resume(now: 0)
        #expect(v14)
        let v15 = !game.extend(by: 10)
        #expect(v15)
        let v16 = game.skip(now: 0).isEmpty
        #expect(v16)
        #expect(game.standardSecondsLeft(now: 0) == nil)
    }
}
