import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct HangmanTurnTests {
    @Test func missCostsALifeAndPassesTheTurn() {
        var round = startRound("gato", players: ["ana", "beto", "caro"], first: "ana")
        let events = round.play(.guess("ana", "z"))
        #expect(round.player(named: "ana")?.lives == 4)
        #expect(round.player(named: "ana")?.misses == 1)
        #expect(round.turn == "beto")
        #expect(round.misses == ["z"])
        #expect(events == [
            .guessed(player: "ana", letter: "z", hit: false, revealed: 0),
            .lifeLost(player: "ana", livesLeft: 4, maxLives: 5),
            .turnPassed(from: "ana", to: "beto"),
        ])
    }

    @Test func missPassesTheTurnToTheNextPlayerWithLives() {
        // hard with 3 players: 3 lives each. Beto loses all of his.
        var round = startRound("gato", players: ["ana", "beto", "caro"], first: "beto", difficulty: .hard)
        for letter in ["b", "c"] {
            _ = round.play(.guess("beto", letter))
            _ = round.play(.timeout("caro"))
            _ = round.play(.timeout("ana"))
        }
        let events = round.play(.guess("beto", "d"))
        #expect(round.player(named: "beto")?.status == .out)
        #expect(events.suffix(2) == [.playerOut(player: "beto"), .turnPassed(from: "beto", to: "caro")])
        _ = round.play(.guess("caro", "x"))
        #expect(round.turn == "ana")
        _ = round.play(.guess("ana", "y"))
        #expect(round.turn == "caro") // beto is skipped
    }

    @Test func hitKeepsTheTurn() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        let events = round.play(.guess("ana", "a"))
        #expect(round.turn == "ana")
        #expect(round.player(named: "ana")?.lives == 5)
        #expect(round.hits == ["a"])
        #expect(round.mask == "_a__")
        #expect(!events.contains { if case .turnPassed = $0 { return true } else { return false } })
    }

    @Test func hitRevealsEveryOccurrence() {
        var round = startRound("banana", players: ["ana"])
        let events = round.play(.guess("ana", "a"))
        #expect(round.mask == "_a_a_a")
        #expect(events.first == .guessed(player: "ana", letter: "a", hit: true, revealed: 3))
    }

    @Test func firstPlayerIsRandomFromSeed() {
        let players = ["ana", "beto", "caro", "dani"]
        func first(_ seed: UInt64) -> String? {
            var random = SeededRandom(seed: seed)
            guard case .success(let start) = HangmanRound.start(
                word: WordEntry(word: "gato", hint: "maúlla"), players: players,
                difficulty: .easy, random: &random, now: 0) else { return nil }
            return start.round.turn
        }
        #expect(first(7) == first(7))
        let firsts = Set((UInt64(0)..<64).compactMap(first))
        #expect(firsts == Set(players))
    }

    @Test func startAnnouncesPlayersLivesAndFirstTurn() throws {
        var random = SeededRandom(seed: 3)
        let start = try HangmanRound.start(word: WordEntry(word: "pingüino", hint: "ave del frío"),
                                           players: ["ana", "beto", "ana"], difficulty: .easy,
                                           random: &random, now: 5).get()
        #expect(start.round.players.map(\.name) == ["ana", "beto"])
        #expect(start.events == [
            .roundStarted(players: ["ana", "beto"], lives: 7, letterCount: 8, difficulty: .easy),
            .turnPassed(from: nil, to: start.round.turn ?? "?"),
        ])
        #expect(start.round.mask == "________")
        #expect(start.round.startedAt == 5)
    }

    @Test func startNeedsPlayers() {
        var random = SeededRandom(seed: 1)
        let result = HangmanRound.start(word: WordEntry(word: "gato", hint: "maúlla"), players: [],
                                        difficulty: .easy, random: &random, now: 0)
        #expect(throws: Refusal(code: "no_players")) { try result.get() }
    }
}

@Suite(.lab) struct HangmanLivesTests {
    @Test func livesByDifficulty() {
        #expect(HangmanDifficulty.easy.lives(playerCount: 1) == 8)
        #expect(HangmanDifficulty.medium.lives(playerCount: 1) == 6)
        #expect(HangmanDifficulty.hard.lives(playerCount: 1) == 4)
        #expect(startRound("gato", players: ["ana"], difficulty: .hard).player(named: "ana")?.lives == 4)
    }

    @Test func oneFewerLifeWithSeveralPlayers() {
        for difficulty in HangmanDifficulty.allCases {
            #expect(difficulty.lives(playerCount: 2) == difficulty.lives(playerCount: 1) - 1)
            #expect(difficulty.lives(playerCount: 8) == difficulty.lives(playerCount: 1) - 1)
        }
        let round = startRound("gato", players: ["ana", "beto"], difficulty: .easy)
        #expect(round.players.map(\.lives) == [7, 7])
        #expect(round.maxLives == 7)
    }

    @Test func wrongSolveCostsALife() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        let events = round.play(.solve("ana", "pato"))
        #expect(round.player(named: "ana")?.lives == 4)
        #expect(round.turn == "beto")
        #expect(round.wrongSolves == ["pato"])
        #expect(!round.isOver)
        #expect(events.first == .solveTried(player: "ana", text: "pato", correct: false, revealed: 0))
        #expect(events.contains(.lifeLost(player: "ana", livesLeft: 4, maxLives: 5)))
    }

    @Test func rightSolveCompletesTheWordIgnoringCaseAndAccents() {
        var round = startRound("murciélago", players: ["ana", "beto"], first: "beto")
        _ = round.play(.guess("beto", "m"))
        let events = round.play(.solve("beto", "  MURCIELAGO "))
        #expect(round.outcome == .solved)
        #expect(round.completedBy == "beto")
        #expect(round.mask == "murciélago")
        #expect(events.first == .solveTried(player: "beto", text: "MURCIELAGO", correct: true, revealed: 9))
    }

    @Test func playerOutOfLivesWatches() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana", difficulty: .hard)
        // 3 lives each; ana misses, beto times out, until ana is out.
        var events: [HangmanEvent] = []
        for letter in ["x", "y", "z"] {
            events = round.play(.guess("ana", letter))
            if round.turn == "beto", round.player(named: "ana")?.canPlay == true {
                _ = round.play(.timeout("beto"))
            }
        }
        #expect(round.player(named: "ana")?.status == .out)
        #expect(round.player(named: "ana")?.lives == 0)
        #expect(events.contains(.playerOut(player: "ana")))
        #expect(round.turn == "beto")
        #expect(round.refusal(.guess("ana", "a")) == "not_playing")
        #expect(!round.isOver)
    }

    @Test func lastChanceWarning() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana", difficulty: .hard)
        // ana: 3 lives, loses them all (beto times out in between, but only twice in a row).
        _ = round.play(.guess("ana", "x"))
        _ = round.play(.timeout("beto"))
        _ = round.play(.guess("ana", "y"))
        _ = round.play(.guess("beto", "a")) // a hit resets beto's timeouts
        _ = round.play(.guess("beto", "q")) // beto: 2 lives
        let out = round.play(.guess("ana", "z"))
        #expect(round.player(named: "ana")?.status == .out)
        #expect(!out.contains(.lastChance(player: "beto")))
        let warned = round.play(.guess("beto", "w")) // beto: 1 life, the only one left
        #expect(warned.last == .lastChance(player: "beto"))
        #expect(round.turn == "beto")
        // once a round only
        _ = round.play(.guess("beto", "g"))
        #expect(!round.play(.guess("beto", "t")).contains(.lastChance(player: "beto")))
    }

    @Test func lastChanceWarningAlone() {
        var round = startRound("gato", players: ["ana"], difficulty: .hard)
        for letter in ["x", "y"] { #expect(!round.play(.guess("ana", letter)).contains(.lastChance(player: "ana"))) }
        let events = round.play(.guess("ana", "z"))
        #expect(events == [
            .guessed(player: "ana", letter: "z", hit: false, revealed: 0),
            .lifeLost(player: "ana", livesLeft: 1, maxLives: 4),
            .lastChance(player: "ana"),
        ])
    }

    @Test func roundEndsWhenNobodyHasLives() {
        var round = startRound("gato", players: ["ana"], difficulty: .hard)
        var last: [HangmanEvent] = []
        for letter in ["b", "c", "d", "e"] { last = round.play(.guess("ana", letter)) }
        #expect(round.isOver)
        #expect(round.outcome == .noLives)
        #expect(round.turn == nil)
        #expect(round.completedBy == nil)
        #expect(last.last == .roundOver(HangmanResult(outcome: .noLives, word: "gato", hint: "a test hint",
                                                      completedBy: nil, scores: [HangmanScore(name: "ana", points: 0)])))
        #expect(round.refusal(.guess("ana", "g")) == "round_over")
    }

    @Test func roundEndsWhenEveryPlayerIsOut() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana", difficulty: .hard)
        for letter in ["b", "c", "d", "e", "f", "h"] { _ = round.play(.guess(round.turn ?? "", letter)) }
        #expect(round.outcome == .noLives)
        #expect(round.players.allSatisfy { $0.status == .out })
    }
}

@Suite(.lab) struct HangmanRefusalTests {
    /// A refused guess changes nothing at all: same turn, lives, letters, clock.
    private func expectCostless(_ action: HangmanAction, code: String, on start: HangmanRound) {
        var round = start
        let result = round.apply(action, now: 99)
        guard case .failure(let refusal) = result else {
            Issue.record("\(action) was accepted")
            return
        }
        #expect(refusal.code == code)
        #expect(refusal.phrase.key == "error.\(code)")
        #expect(round == start)
    }

    private var round: HangmanRound {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        _ = round.play(.guess("ana", "a"))
        return round
    }

    @Test func refusalsCostNothingNotALetter() {
        expectCostless(.guess("ana", "7"), code: "not_a_letter", on: round)
        expectCostless(.guess("ana", "?"), code: "not_a_letter", on: round)
        expectCostless(.guess("ana", ""), code: "not_a_letter", on: round)
        expectCostless(.guess("ana", "a1"), code: "not_a_letter", on: round)
    }

    @Test func refusalsCostNothingOneLetterOnly() {
        expectCostless(.guess("ana", "gt"), code: "one_letter_only", on: round)
        expectCostless(.guess("ana", "gato"), code: "one_letter_only", on: round)
    }

    @Test func refusalsCostNothingAlreadyTried() {
        expectCostless(.guess("ana", "a"), code: "already_tried", on: round)
        expectCostless(.guess("ana", "A"), code: "already_tried", on: round)
        expectCostless(.guess("ana", "á"), code: "already_tried", on: round)
        var missed = round
        _ = missed.play(.guess("ana", "z"))
        expectCostless(.guess("beto", "z"), code: "already_tried", on: missed)
    }

    @Test func refusalsCostNothingNotYourTurn() {
        expectCostless(.guess("beto", "g"), code: "not_your_turn", on: round)
        expectCostless(.solve("beto", "gato"), code: "not_your_turn", on: round)
        expectCostless(.timeout("beto"), code: "not_your_turn", on: round)
        var copy = round
        if case .failure(let refusal) = copy.apply(.guess("beto", "g"), now: 1) {
            #expect(refusal.phrase.args == ["ana"])
        }
    }

    @Test func solveNeedsAWord() {
        expectCostless(.solve("ana", ""), code: "solve_needs_word", on: round)
        expectCostless(.solve("ana", " g "), code: "solve_needs_word", on: round)
    }

    @Test func strangersAndWatchersAreNotPlaying() {
        expectCostless(.guess("zoe", "g"), code: "not_playing", on: round)
        expectCostless(.leave("zoe"), code: "not_playing", on: round)
    }
}
