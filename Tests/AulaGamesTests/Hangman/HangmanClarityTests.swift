import Testing
import AulaTestSupport
@testable import AulaGames

/// Issue 15 in the hangman rules: honest end-of-round reasons, sorted points,
/// and whose gallows a player sees after a miss.
@Suite(.lab) struct HangmanClarityTests {
    @Test func everyoneBenchedWithLivesIsNotNoLives() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        for _ in 0..<3 {
            _ = round.play(.timeout("ana"))
            _ = round.play(.timeout("beto"))
        }
        #expect(round.outcome == .everyoneBenched)
        #expect(round.players.allSatisfy { $0.lives > 0 && $0.status == .spectator })
        #expect(HangmanOutcome.everyoneBenched.rawValue == "everyone_benched")
    }

    @Test func everyoneOutOfLivesIsNoLives() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana", difficulty: .hard)
        for letter in ["b", "c", "d", "e", "f", "h"] { _ = round.play(.guess(round.turn ?? "", letter)) }
        #expect(round.outcome == .noLives)
        #expect(HangmanOutcome.noLives.rawValue == "no_lives")
    }

    @Test func oneOutAndOneBenchedIsEveryoneBenched() {
        // ana loses her 3 lives (hard, two players), beto misses three turns with his lives.
        var round = startRound("gato", players: ["ana", "beto"], first: "ana", difficulty: .hard)
        _ = round.play(.guess("ana", "b"))
        _ = round.play(.timeout("beto"))
        _ = round.play(.guess("ana", "c"))
        _ = round.play(.timeout("beto"))
        _ = round.play(.guess("ana", "d"))
        #expect(round.player(named: "ana")?.status == .out)
        _ = round.play(.timeout("beto"))
        #expect(round.outcome == .everyoneBenched)
    }

    @Test func roundPointsAreSortedMostFirstAndTiesKeepTurnOrder() {
        var round = startRound("casa", players: ["ana", "beto", "cris"], first: "ana")
        _ = round.play(.guess("ana", "z"))        // miss, turn to beto
        _ = round.play(.guess("beto", "a"))       // 20
        _ = round.play(.guess("beto", "y"))       // miss, turn to cris
        _ = round.play(.guess("cris", "c"))       // 10
        #expect(round.scores.map(\.name) == ["beto", "cris", "ana"])
        _ = round.play(.guess("cris", "x"))       // miss, turn to ana
        _ = round.play(.guess("ana", "w"))        // miss, turn to beto
        #expect(round.scores.map(\.points) == [20, 10, 0])
    }

    @Test func theLastMissIsRememberedUntilTheNextAction() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        _ = round.play(.guess("ana", "z"))
        #expect(round.lastMissBy == "ana")
        #expect(round.turn == "beto")
        // A refused action changes nothing.
        #expect(round.refusal(.guess("ana", "q")) == "not_your_turn")
        #expect(round.lastMissBy == "ana")
        _ = round.play(.guess("beto", "g"))
        #expect(round.lastMissBy == nil)
        _ = round.play(.solve("beto", "toga"))
        #expect(round.lastMissBy == "beto")
    }
}
