import Testing
import AulaTestSupport
@testable import AulaGames

/// A teacher's pause, resume, extend and skip on a hangman round (SPEC §12).
@Suite(.lab) struct HangmanLessonTests {
    @Test func pauseStopsTheTurnClockAndRefusesPlay() {
        var round = startRound("gato", players: ["Ana", "Bo"], first: "Ana")
        #expect(round.turnDeadline(seconds: 30) == 30)
        let v1 = round.pause(now: 10)
        #expect(v1)
        let v2 = !round.pause(now: 11)
        #expect(v2)
        #expect(round.turnDeadline(seconds: 30) == nil)
        #expect(round.turnSecondsLeft(seconds: 30, now: 500) == 20)
        let v3 = round.refusal(.guess("Ana", "g")) == "paused"
        #expect(v3)
        let v4 = round.refusal(.solve("Ana", "gato")) == "paused"
        #expect(v4)
        let v5 = round.refusal(.timeout("Ana")) == "paused"
        #expect(v5)
        let v6 = round.resume(now: 500)
        #expect(v6)
        #expect(round.turnDeadline(seconds: 30) == 520)
        #expect(round.turnSecondsLeft(seconds: 30, now: 510) == 10)
    }

    @Test func leavingWhilePausedGivesTheNextTurnAFullClockFromResume() {
        var round = startRound("gato", players: ["Ana", "Bo"], first: "Ana")
        _ = round.pause(now: 10)
        _ = round.play(.leave("Ana"), now: 20)
        #expect(round.turn == "Bo")
        #expect(round.isPaused)
        _ = round.resume(now: 100)
        #expect(round.turnDeadline(seconds: 30) == 130)
    }

    @Test func extendGivesTheCurrentTurnMoreTimeOnly() {
        var round = startRound("gato", players: ["Ana", "Bo"], first: "Ana")
        let v7 = round.extendTurn(by: 15)
        #expect(v7)
        #expect(round.turnDeadline(seconds: 30) == 45)
        _ = round.play(.guess("Ana", "x"), now: 5)
        #expect(round.turn == "Bo")
        #expect(round.turnDeadline(seconds: 30) == 35)
    }

    @Test func skipEndsTheRoundKeepingThePoints() {
        var round = startRound("gato", players: ["Ana", "Bo"], first: "Ana")
        _ = round.play(.guess("Ana", "g"), now: 2)
        let events = round.skip(now: 3)
        #expect(round.isOver)
        #expect(round.outcome == .skipped)
        #expect(events == [.roundOver(HangmanResult(outcome: .skipped, word: "gato", hint: "a test hint", completedBy: nil,
                                                    scores: [HangmanScore(name: "Ana", points: 10),
                                                             HangmanScore(name: "Bo", points: 0)]))])
        let v8 = round.skip(now: 4).isEmpty
        #expect(v8)
        let v9 = !round.pause(now: 4)
        #expect(v9)
        let v10 = !round.extendTurn(by: 5)
        #expect(v10)
        #expect(round.turnSecondsLeft(seconds: 30, now: 4) == nil)
    }
}
