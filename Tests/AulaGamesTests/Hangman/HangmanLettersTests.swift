import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct HangmanLettersTests {
    @Test func plainVowelRevealsAccentedVowel() {
        var round = startRound("murciélago", players: ["ana"])
        let events = round.play(.guess("ana", "e"))
        #expect(round.mask == "_____é____")
        #expect(events.first == .guessed(player: "ana", letter: "e", hit: true, revealed: 1))
        for (word, vowel, mask) in [("árbol", "a", "á____"), ("país", "i", "__í_"),
                                    ("camión", "o", "____ó_"), ("ratón", "o", "___ó_")] {
            var other = startRound(word, players: ["ana"])
            _ = other.play(.guess("ana", vowel))
            #expect(other.mask == mask)
        }
    }

    @Test func plainAndAccentedFormsRevealTogether() {
        var round = startRound("aá", players: ["ana"]) // not a real word; both forms at once
        _ = round.play(.guess("ana", "a"))
        #expect(round.mask == "aá")
    }

    @Test func accentedGuessCountsAsPlainVowel() {
        var round = startRound("gato", players: ["ana"])
        let events = round.play(.guess("ana", "Á"))
        #expect(events.first == .guessed(player: "ana", letter: "a", hit: true, revealed: 1))
        #expect(round.tried == ["a"])
        #expect(round.refusal(.guess("ana", "a")) == "already_tried")
    }

    @Test func enieIsNotN() {
        var round = startRound("piña", players: ["ana", "beto"], first: "ana")
        let miss = round.play(.guess("ana", "n"))
        #expect(miss.first == .guessed(player: "ana", letter: "n", hit: false, revealed: 0))
        #expect(round.mask == "____")
        let hit = round.play(.guess("beto", "ñ"))
        #expect(hit.first == .guessed(player: "beto", letter: "ñ", hit: true, revealed: 1))
        #expect(round.mask == "__ñ_")

        var nene = startRound("niño", players: ["ana"])
        _ = nene.play(.guess("ana", "N"))
        #expect(nene.mask == "n___")
        _ = nene.play(.guess("ana", "Ñ"))
        #expect(nene.mask == "n_ñ_")
    }

    @Test func uRevealsUmlaut() {
        var round = startRound("pingüino", players: ["ana"])
        _ = round.play(.guess("ana", "u"))
        #expect(round.mask == "____ü___")
        var other = startRound("búhos", players: ["ana"])
        _ = other.play(.guess("ana", "ü"))
        #expect(other.mask == "_ú___")
    }

    @Test func guessesAreCaseInsensitiveAndTheMaskShowsTheRealLetters() {
        var round = startRound("Perú", players: ["ana"])
        _ = round.play(.guess("ana", "p"))
        _ = round.play(.guess("ana", "U"))
        #expect(round.mask == "P__ú")
    }

    @Test func maskShowsSpacesAndHyphens() {
        var round = startRound("ex-alumno de clase", players: ["ana"])
        #expect(round.mask == "__-______ __ _____")
        #expect(round.letterCount == 15)
        _ = round.play(.guess("ana", "e"))
        #expect(round.mask == "e_-______ _e ____e")
    }

    @Test func foldingKeepsEnieAndDropsAccents() {
        #expect(HangmanLetters.fold("Ü") == "u")
        #expect(HangmanLetters.fold("é") == "e")
        #expect(HangmanLetters.fold("Ñ") == "ñ")
        #expect(HangmanLetters.fold("e\u{301}") == "e") // decomposed é
        #expect(HangmanLetters.fold("7") == nil)
        #expect(HangmanLetters.fold("-") == nil)
        #expect(HangmanLetters.comparisonKey(" Pingüino ") == "pinguino")
        #expect(HangmanLetters.comparisonKey("año") != HangmanLetters.comparisonKey("ano"))
    }
}

@Suite(.lab) struct HangmanPointsTests {
    @Test func pointsForRevealCompleteAndLivesLeft() {
        var round = startRound("casa", players: ["ana", "beto"], first: "ana") // medium, 2 players: 5 lives
        #expect(round.play(.guess("ana", "a")).contains(.scored(player: "ana", points: 20, reason: .letters(count: 2))))
        _ = round.play(.guess("ana", "z")) // miss: 4 lives left
        _ = round.play(.guess("beto", "c"))
        let last = round.play(.guess("beto", "s"))
        #expect(last == [
            .guessed(player: "beto", letter: "s", hit: true, revealed: 1),
            .scored(player: "beto", points: 10, reason: .letters(count: 1)),
            .wordCompleted(player: "beto", word: "casa"),
            .scored(player: "beto", points: 50, reason: .completion),
            .scored(player: "beto", points: 25, reason: .livesLeft(count: 5)),
            .roundOver(HangmanResult(outcome: .solved, word: "casa", hint: "a test hint", completedBy: "beto",
                                     scores: [HangmanScore(name: "beto", points: 95),
                                              HangmanScore(name: "ana", points: 20)])),
        ])
        #expect(round.outcome == .solved)
        #expect(round.completedBy == "beto")
    }

    @Test func solvingEarnsTheHiddenLettersTooAndLivesLeft() {
        var round = startRound("casa", players: ["ana"], difficulty: .hard) // 4 lives
        _ = round.play(.guess("ana", "z")) // 3 left
        _ = round.play(.guess("ana", "a"))
        let events = round.play(.solve("ana", "casa"))
        #expect(events.contains(.scored(player: "ana", points: 20, reason: .letters(count: 2))))
        #expect(events.contains(.scored(player: "ana", points: 15, reason: .livesLeft(count: 3))))
        #expect(round.player(named: "ana")?.points == 20 + 20 + 50 + 15)
        #expect(round.result?.scores == [HangmanScore(name: "ana", points: 105)])
    }
}

@Suite(.lab) struct HangmanTimeoutTests {
    @Test func timeoutPassesWithoutCost() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        let events = round.play(.timeout("ana"), now: 30)
        #expect(events == [.timedOut(player: "ana", inARow: 1), .turnPassed(from: "ana", to: "beto")])
        #expect(round.player(named: "ana")?.lives == 5)
        #expect(round.turn == "beto")
        #expect(round.turnStartedAt == 30)
    }

    @Test func threeTimeoutsMakeASpectator() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        var events: [HangmanEvent] = []
        for letter in ["x", "y", "z"] {
            events = round.play(.timeout("ana"))
            _ = round.play(.guess("beto", letter))
        }
        #expect(round.player(named: "ana")?.status == .spectator)
        #expect(events.contains(.becameSpectator(player: "ana")))
        #expect(round.turn == "beto")
        #expect(round.refusal(.guess("ana", "g")) == "not_playing")
    }

    @Test func aGuessResetsTheTimeoutsInARow() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        for _ in 0..<2 {
            _ = round.play(.timeout("ana"))
            _ = round.play(.timeout("beto"))
        }
        _ = round.play(.guess("ana", "g"))
        #expect(round.player(named: "ana")?.timeoutsInARow == 0)
        _ = round.play(.timeout("ana"))
        #expect(round.player(named: "ana")?.status == .playing)
        #expect(round.player(named: "beto")?.timeoutsInARow == 2)
    }

    @Test func lastPlayerTimingOutThreeTimesEndsTheRound() {
        var round = startRound("gato", players: ["ana"])
        _ = round.play(.timeout("ana"))
        _ = round.play(.timeout("ana"))
        let events = round.play(.timeout("ana"))
        // Benched with every life left: not "nobody has lives" (SPEC §12).
        #expect(round.outcome == .everyoneBenched)
        if case .roundOver = events.last {} else { Issue.record("round should be over: \(events)") }
        #expect(round.result?.someOutOfLives == false)
        if case .roundOver(let result) = events.last {
            #expect(HangmanEvent.roundOver(result).phrase.key == "hangman.round_over.everyone_benched")
        }
    }

    /// A re-play: Cal benched, then Ana lost her last life: "everyone was
    /// benched" was wrong for Ana. The outcome stays `everyone_benched`
    /// (someone still had lives); the words say both.
    @Test func oneBenchedAndTheOthersOutOfLivesIsToldAsBoth() {
        var round = startRound("gato", players: ["ana", "cal"], first: "cal")
        var last: [HangmanEvent] = []
        var misses = ["b", "c", "d", "e", "f", "h", "i", "j", "k"][...]
        while round.outcome == nil, let turn = round.turn {
            if turn == "cal" {
                last = round.play(.timeout("cal"))
            } else if let miss = misses.popFirst() {
                last = round.play(.guess("ana", miss))
            } else {
                break
            }
        }
        #expect(round.player(named: "cal")?.status == .spectator)
        #expect(round.player(named: "ana")?.status == .out)
        #expect(round.outcome == .everyoneBenched)
        #expect(round.result?.someOutOfLives == true)
        guard case .roundOver(let result) = last.last else {
            Issue.record("round should be over: \(last)")
            return
        }
        #expect(HangmanEvent.roundOver(result).phrase.key == "hangman.round_over.benched_or_out")
    }
}

@Suite(.lab) struct HangmanLeaveTests {
    @Test func leaveRemovesThePlayerAndPassesTheTurn() {
        var round = startRound("gato", players: ["ana", "beto", "caro"], first: "beto")
        let events = round.play(.leave("beto"))
        #expect(events == [.playerLeft(player: "beto"), .turnPassed(from: "beto", to: "caro")])
        #expect(round.player(named: "beto")?.status == .left)
        _ = round.play(.guess("caro", "x"))
        #expect(round.turn == "ana")
        _ = round.play(.guess("ana", "y"))
        #expect(round.turn == "caro")
    }

    @Test func leavingOffTurnKeepsTheTurn() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        #expect(round.play(.leave("beto")) == [.playerLeft(player: "beto")])
        #expect(round.turn == "ana")
    }

    @Test func lastPlayerLeavingEndsTheRound() {
        var round = startRound("gato", players: ["ana"])
        let events = round.play(.leave("ana"))
        #expect(round.outcome == .noLives)
        #expect(events.count == 2)
    }

    @Test func aPlayerLeavingCanLeaveTheLastChance() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana", difficulty: .hard) // 3 lives
        _ = round.play(.guess("ana", "x"))
        _ = round.play(.guess("beto", "a"))
        _ = round.play(.guess("beto", "y"))
        _ = round.play(.guess("ana", "z")) // ana: 1 life
        let events = round.play(.leave("beto"))
        #expect(events.contains(.lastChance(player: "ana")))
    }
}

@Suite(.lab) struct HangmanPhrasesTests {
    @Test func phraseKeysAreListedAndUnique() {
        let keys = HangmanPhrases.allKeys
        #expect(!keys.isEmpty)
        #expect(Set(keys).count == keys.count)
        #expect(keys.contains("error.not_your_turn"))
        #expect(keys.contains("error.word_duplicate"))
    }

    @Test func everyEventPhraseIsAListedKey() {
        var round = startRound("casa", players: ["ana", "beto"], first: "ana", difficulty: .hard)
        var events: [HangmanEvent] = [.roundStarted(players: ["ana"], lives: 3, letterCount: 4, difficulty: .easy),
                                      .roundStarted(players: ["ana"], lives: 3, letterCount: 4, difficulty: .hard)]
        events += round.play(.guess("ana", "x"))
        events += round.play(.timeout("beto"))
        events += round.play(.solve("ana", "cosa"))
        events += round.play(.leave("beto"))
        events += round.play(.guess("ana", "a"))
        events += round.play(.solve("ana", "casa"))
        var lost = startRound("casa", players: ["ana"], difficulty: .hard)
        for _ in 0..<3 { events += lost.play(.timeout("ana")) }
        for event in events {
            #expect(HangmanPhrases.allKeys.contains(event.phrase.key), "\(event)")
        }
        let kinds = Set(events.map { $0.phrase.key })
        #expect(kinds.count >= 14)
    }

    @Test func refusalsUseListedKeys() {
        var round = startRound("gato", players: ["ana", "beto"], first: "ana")
        for action: HangmanAction in [.guess("beto", "a"), .guess("ana", "1"), .guess("ana", "ab"),
                                      .solve("ana", ""), .guess("zoe", "a")] {
            if case .failure(let refusal) = round.apply(action, now: 0) {
                #expect(HangmanPhrases.allKeys.contains(refusal.phrase.key))
            } else {
                Issue.record("\(action) was accepted")
            }
        }
    }
}
