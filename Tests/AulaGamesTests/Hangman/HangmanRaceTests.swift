import Testing
import AulaTestSupport
@testable import AulaGames

/// Race mode rules (SPEC §12): everyone at once, own mask and lives, the
/// completion bonus to the first, the end when all are done or the clock runs out.
@Suite(.lab) struct HangmanRaceTests {
    func race(_ word: String = "gato", _ players: [String] = ["ana", "beto", "cris"],
              difficulty: HangmanDifficulty = .hard) -> HangmanRace {
        HangmanRace(word: WordEntry(word: word, hint: "pista"), players: players, difficulty: difficulty, now: 0)
    }

    func play(_ r: inout HangmanRace, _ action: HangmanAction, now: Double = 1) -> [HangmanEvent] {
        (try? r.apply(action, now: now).get()) ?? []
    }

    @Test func everyoneGuessesAtOnceWithTheirOwnMaskAndLives() {
        var r = race()
        #expect(r.maxLives == 4)                       // hard, as for one player
        _ = play(&r, .guess("ana", "g"))
        _ = play(&r, .guess("beto", "g"))              // the same letter is fine for another racer
        _ = play(&r, .guess("beto", "z"))
        #expect(r.mask(for: "ana") == "g___")
        #expect(r.mask(for: "cris") == "____")
        #expect(r.racer("beto")?.lives == 3)
        #expect(r.racer("ana")?.lives == 4)
        #expect(r.found(by: "ana") == 1)
        #expect(r.apply(.guess("ana", "g"), now: 2) == .failure(Refusal(code: "already_tried", args: ["g"])))
    }

    @Test func theFirstToCompleteGetsTheBonusAndTheRoundEndsWhenAllAreDone() {
        var r = race("gato", ["ana", "beto"])
        for l in ["g", "a", "t", "o"] { _ = play(&r, .guess("ana", l)) }
        #expect(r.racer("ana")?.completed == true)
        #expect(r.racer("ana")?.points == 40 + 50 + 4 * 5)
        #expect(!r.isOver)
        #expect(r.apply(.guess("ana", "x"), now: 2) == .failure(Refusal(code: "not_playing")))
        _ = play(&r, .guess("beto", "z"))
        let last = play(&r, .solve("beto", "gato"))
        #expect(r.racer("beto")?.points == 40 + 3 * 5)  // no completion bonus: ana was first
        #expect(r.outcome == .solved)
        #expect(r.completedBy == "ana")
        #expect(last.last == .roundOver(HangmanResult(outcome: .solved, word: "gato", hint: "pista", completedBy: "ana",
                                                      scores: [HangmanScore(name: "ana", points: 110),
                                                               HangmanScore(name: "beto", points: 55)])))
    }

    @Test func everyoneOutOfLivesIsNoLivesAndTheClockIsTimeUp() {
        var r = race("gato", ["ana"])
        for l in ["b", "c", "d", "e"] { _ = play(&r, .guess("ana", l)) }
        #expect(r.outcome == .noLives)

        var timed = race()
        _ = play(&timed, .guess("ana", "g"))
        let early = timed.tick(now: 119)
        #expect(early == [])
        let paused = timed.pause(now: 100)
        #expect(paused)
        let held = timed.tick(now: 500)
        #expect(held == [])            // nothing runs out while paused
        let resumed = timed.resume(now: 500)
        let extended = timed.extend(by: 30)
        #expect(resumed && extended)
        let before = timed.tick(now: 519)
        #expect(before == [])
        let end = timed.tick(now: 551)
        #expect(timed.outcome == .timeUp)
        if case .roundOver(let result)? = end.last { #expect(result.scores.first?.name == "ana") }
        else { Issue.record("no round over: \(end)") }
    }

    @Test func leavingCountsAsDoneAndSkipEndsIt() {
        var r = race("gato", ["ana", "beto"])
        for l in ["g", "a", "t", "o"] { _ = play(&r, .guess("ana", l)) }
        _ = play(&r, .leave("beto"))
        #expect(r.outcome == .solved)
        var s = race()
        let skipped = s.skip()
        #expect(skipped.count == 1)
        #expect(s.outcome == .skipped)
        #expect(s.apply(.guess("ana", "g"), now: 1) == .failure(Refusal(code: "round_over")))
    }
}
