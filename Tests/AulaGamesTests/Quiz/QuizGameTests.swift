import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct QuizGameTests {
    typealias F = QuizFixtures

    // MARK: Teams

    @Test func playersPickAndSwitchTeamsBeforeTheStart() throws {
        var game = QuizGame(deck: F.personality)
        _ = game.join("Ana"); _ = game.join("Ben")
        #expect(try game.pickTeam("Rockets", for: "Ana") == [.teamPicked(player: "Ana", team: "Rockets")])
        // Team names match case-insensitively and keep the first spelling.
        #expect(try game.pickTeam("  rockets ", for: "Ben") == [.teamPicked(player: "Ben", team: "Rockets")])
        #expect(game.teams == [QuizTeam(name: "Rockets", members: ["Ana", "Ben"])])
        _ = try game.pickTeam("Owls", for: "Ben")
        #expect(game.teams == [QuizTeam(name: "Rockets", members: ["Ana"]), QuizTeam(name: "Owls", members: ["Ben"])])
        // The last member leaving a team removes it.
        _ = try game.pickTeam("Owls", for: "Ana")
        #expect(game.teams == [QuizTeam(name: "Owls", members: ["Ben", "Ana"])])
    }

    @Test func teamNamesAreOneToSixteenCharacters() {
        var game = QuizGame(deck: F.personality)
        _ = game.join("Ana")
        #expect(F.refusal { try game.pickTeam("   ", for: "Ana") } == Refusal(code: "team_name_invalid", args: ["16"]))
        #expect(F.refusal { try game.pickTeam(String(repeating: "x", count: 17), for: "Ana") }?.code == "team_name_invalid")
        #expect(F.refusal { try game.pickTeam(String(repeating: "x", count: 16), for: "Ana") } == nil)
        #expect(F.refusal { try game.pickTeam("Q", for: "Ana") } == nil)
        #expect(F.refusal { try game.pickTeam("A\u{1B}[2J", for: "Ana") }?.code == "team_name_invalid")
        #expect(F.refusal { try game.pickTeam("Q", for: "Nobody") }?.code == "not_playing")
    }

    @Test func teamsCannotChangeAfterTheStart() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"])
        #expect(F.refusal { try game.pickTeam("Late", for: "Ana") }?.code == "quiz_started")
        var random = SeededRandom(seed: 3)
        #expect(F.refusal { try game.autoTeams(2, random: &random) }?.code == "quiz_started")
    }

    @Test func teamsAutoBalancesPlayersDeterministically() throws {
        let names = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Fer", "Gus"]
        func dealt(seed: UInt64) throws -> [QuizTeam] {
            var game = QuizGame(deck: F.personality)
            for n in names { _ = game.join(n) }
            var random = SeededRandom(seed: seed)
            _ = try game.autoTeams(3, random: &random)
            return game.teams
        }
        let teams = try dealt(seed: 11)
        #expect(teams.map(\.name) == ["A", "B", "C"])
        #expect(teams.map(\.members.count) == [3, 2, 2])
        #expect(teams.flatMap(\.members).sorted() == names.sorted())
        #expect(try dealt(seed: 11) == teams)
        let others = try (12..<20).map { try dealt(seed: $0) }
        #expect(others.contains { $0 != teams })
    }

    @Test func teamsAutoRefusesImpossibleCounts() {
        var game = QuizGame(deck: F.personality)
        var random = SeededRandom(seed: 1)
        #expect(F.refusal { try game.autoTeams(2, random: &random) }?.code == "no_players")
        _ = game.join("Ana"); _ = game.join("Ben")
        #expect(F.refusal { try game.autoTeams(3, random: &random) } == Refusal(code: "teams_count", args: ["2"]))
        #expect(F.refusal { try game.autoTeams(0, random: &random) }?.code == "teams_count")
    }

    @Test func playersWithoutATeamJoinTheSmallestTeamAtTheStart() throws {
        var game = QuizGame(deck: F.personality)
        for n in ["Ana", "Ben", "Cleo", "Dan"] { _ = game.join(n) }
        _ = try game.pickTeam("Reds", for: "Ana")
        _ = try game.pickTeam("Reds", for: "Ben")
        _ = try game.pickTeam("Blues", for: "Cleo")
        var random = SeededRandom(seed: 1)
        let events = try game.start(now: 0, random: &random)
        #expect(game.teams == [QuizTeam(name: "Reds", members: ["Ana", "Ben"]),
                               QuizTeam(name: "Blues", members: ["Cleo", "Dan"])])
        #expect(events.contains(.teamsAssigned(game.teams)))
    }

    // MARK: Joining

    @Test func lateJoinersWatchUntilTheNextQuiz() throws {
        var game = try F.started(F.personality, players: ["Ana"])
        #expect(game.join("Zoe") == [.joined(player: "Zoe", watching: true)])
        #expect(game.watchers == ["Zoe"])
        #expect(F.refusal { try game.answer("1", from: "Zoe", now: 1) } == Refusal("not_playing", Phrase("error.not_playing.quiz")))
        // Ana alone answering closes the question: the watcher is not waited for.
        let events = try game.answer("1", from: "Ana", now: 2)
        #expect(events.contains { if case .questionClosed(_, .allAnswered) = $0 { return true }; return false })
        let next = game.playAgain()
        #expect(next.players == ["Ana", "Zoe"])
        #expect(next.phase == .lobby)
    }

    @Test func aPlayerWhoLeavesIsNoLongerWaitedFor() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"])
        _ = try game.answer("1", from: "Ana", now: 3)
        let events = game.leave("Ben", now: 4)
        #expect(events.first == .left(player: "Ben"))
        #expect(game.phase == .reviewing(0))
        #expect(game.join("Ben") == [.rejoined(player: "Ben")])
    }

    // MARK: Questions

    @Test func questionsComeInFileOrderUnlessTheDeckShuffles() throws {
        let plain = try F.started(F.numbered(8, shuffle: false), players: ["Ana"])
        #expect(plain.order == Array(0..<8))
    }

    @Test func shuffleIsReproducibleFromTheSeed() throws {
        let deck = F.numbered(8, shuffle: true)
        let a = try F.started(deck, players: ["Ana"], seed: 7)
        let b = try F.started(deck, players: ["Ana"], seed: 7)
        #expect(a.order == b.order)
        #expect(a.order.sorted() == Array(0..<8))
        #expect(a.currentQuestion?.deckIndex == a.order[0])
        let others = try (8..<14).map { try F.started(deck, players: ["Ana"], seed: $0).order }
        #expect(others.contains { $0 != a.order })
    }

    @Test func theQuestionGoesOutWithItsAnswersAndSeconds() throws {
        var game = QuizGame(deck: F.graded)
        _ = game.join("Ana")
        var random = SeededRandom(seed: 1)
        let events = try game.start(now: 100, random: &random)
        let view = QuizQuestionView(number: 1, total: 3, deckIndex: 0, kind: .single, text: "2+2?",
                                    answers: ["3", "4", "5", "22"], seconds: 20, openedAt: 100)
        #expect(events == [.started(questions: 3, teams: []), .questionOpened(view)])
        #expect(game.secondsLeft(for: "Ana", now: 105) == 15)
    }

    @Test func answersBeforeTheStartOrAfterTheCloseAreRefused() throws {
        var game = QuizGame(deck: F.personality)
        _ = game.join("Ana")
        #expect(F.refusal { try game.answer("1", from: "Ana", now: 0) }?.code == "quiz_not_started")
        var random = SeededRandom(seed: 1)
        _ = try game.start(now: 0, random: &random)
        _ = try game.answer("1", from: "Ana", now: 1)
        // Closed because everyone answered: "this question is closed", not "time is up" (session 10).
        #expect(F.refusal { try game.answer("2", from: "Ana", now: 2) } == Refusal("question_closed", Phrase("error.question_closed.between")))
        #expect(F.refusal { try game.answer("9", from: "Ana", now: 2) }?.code == "question_closed")
    }

    @Test func aPlayerMayChangeTheirAnswerWhileTheQuestionIsOpen() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"])
        let first = try game.answer("1", from: "Ana", now: 2)
        #expect(first == [.answered(player: "Ana", number: 1, choice: QuizChoice(answers: [0]), changed: false,
                                    answeredCount: 1, playerCount: 2)])
        let second = try game.answer("3", from: "Ana", now: 5)
        #expect(second == [.answered(player: "Ana", number: 1, choice: QuizChoice(answers: [2]), changed: true,
                                     answeredCount: 1, playerCount: 2)])
        #expect(game.rounds[0].answers["Ana"]?.elapsed == 5)
        #expect(game.rounds[0].answers["Ana"]?.changes == 1)
        #expect(game.tally(position: 0)?.counts == [0, 0, 1, 0])
    }

    @Test func theQuestionClosesEarlyWhenEveryoneHasAnswered() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"])
        _ = try game.answer("2", from: "Ana", now: 1)
        #expect(game.phase == .asking(0))
        #expect(game.tick(now: 10) == [])
        let events = try game.answer("2", from: "Ben", now: 4)
        let tally = QuizTally(number: 1, counts: [0, 2, 0, 0], answered: 2, players: 2)
        #expect(events.last == .questionClosed(tally, reason: .allAnswered))
        #expect(game.phase == .reviewing(0))
        #expect(F.refusal { try game.answer("1", from: "Ben", now: 5) }?.code == "question_closed")
    }

    @Test func timeRunsOutAtTheDeadlineAndTheTallyCountsMultipleAnswersOnEachBar() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"])
        _ = try game.answer("1", from: "Ana", now: 1)
        #expect(game.closesAt == 20)
        #expect(game.tick(now: 19.9) == [])
        let closed = game.tick(now: 20)
        #expect(closed == [.questionClosed(QuizTally(number: 1, counts: [1, 0, 0, 0], answered: 1, players: 2), reason: .timeUp)])
        _ = try game.advance(now: 25)
        #expect(game.currentQuestion?.kind == .multiple)
        _ = try game.answer("1 3 4", from: "Ana", now: 26)
        _ = try game.answer("3", from: "Ben", now: 27)
        #expect(game.tally(position: 1)?.counts == [1, 0, 2, 1])
        #expect(F.refusal { try game.advance(now: 28) } == nil)
        #expect(game.phase == .asking(2))
    }

    @Test func advancingPastTheLastQuestionFinishesTheQuiz() throws {
        var game = try F.started(F.personality, players: ["Ana"])
        #expect(F.refusal { try game.advance(now: 1) }?.code == "question_open")
        try F.round(&game, [("Ana", "1", 1)])
        try F.round(&game, [("Ana", "1", 1)])
        _ = try game.answer("1", from: "Ana", now: F.openedAt(game) + 1)
        let events = try game.advance(now: 500)
        guard case .finished(let results)? = events.last else { Issue.record("no results"); return }
        #expect(game.phase == .finished)
        #expect(game.results == results)
        #expect(results.questionsAsked == 3)
        #expect(F.refusal { try game.advance(now: 501) }?.code == "quiz_finished")
    }

    // MARK: Accommodations

    @Test func extraTimeGivesAPlayerTheirOwnDeadline() throws {
        var game = QuizGame(deck: F.graded)
        _ = game.join("Ana"); _ = game.join("Ben")
        _ = game.setTimeMultiplier(.factor(2), for: "Ana")
        var random = SeededRandom(seed: 1)
        _ = try game.start(now: 0, random: &random)
        #expect(game.deadline(for: "Ben") == 20)
        #expect(game.deadline(for: "Ana") == 40)
        // Ben's time is up, but the question stays open for Ana.
        #expect(game.tick(now: 21) == [])
        #expect(F.refusal { try game.answer("2", from: "Ben", now: 21) } == Refusal(code: "question_closed"))
        #expect(game.closesAt == 40)
        let events = try game.answer("2", from: "Ana", now: 30)
        #expect(events.contains { if case .questionClosed(_, .timeUp) = $0 { return true }; return false })
        // Ana's speed points use her own clock: 30 s of 40 → 10 - 5·30/40 = 6.25 → 6.
        #expect(game.computeResults().player("Ana")?.points == 6)
    }

    @Test func anUntimedPlayerIsWaitedForUntilTheHostMovesOn() throws {
        var game = QuizGame(deck: F.personality)
        _ = game.join("Ana"); _ = game.join("Ben")
        _ = game.setTimeMultiplier(.untimed, for: "Ana")
        var random = SeededRandom(seed: 1)
        _ = try game.start(now: 0, random: &random)
        _ = try game.answer("1", from: "Ben", now: 2)
        #expect(game.deadline(for: "Ana") == nil)
        #expect(game.closesAt == nil)
        #expect(game.tick(now: 10_000) == [])
        #expect(F.refusal { try game.answer("2", from: "Ana", now: 9_000) } == nil)
        var slow = QuizGame(deck: F.personality)
        _ = slow.join("Ana")
        _ = slow.setTimeMultiplier(.untimed, for: "Ana")
        _ = try slow.start(now: 0, random: &random)
        let events = try slow.closeQuestion(now: 500)
        #expect(events.first.map { if case .questionClosed(_, .host) = $0 { return true }; return false } == true)
    }

    @Test func timeMultipliersAreReadFromTheTeachersWords() {
        #expect(QuizTimeMultiplier.parse("1.5") == .factor(1.5))
        #expect(QuizTimeMultiplier.parse("x2") == .factor(2))
        #expect(QuizTimeMultiplier.parse("1,5") == .factor(1.5))
        #expect(QuizTimeMultiplier.parse("untimed") == .untimed)
        #expect(QuizTimeMultiplier.parse("sin") == .untimed)
        #expect(QuizTimeMultiplier.parse("0.5") == nil)
        #expect(QuizTimeMultiplier.parse("lots") == nil)
    }

    // MARK: Settings

    @Test func scoringIsForGradedDecksBeforeTheStart() throws {
        var personality = QuizGame(deck: F.personality)
        #expect(F.refusal { try personality.setScoring(.accuracy) }?.code == "scoring_personality")
        var graded = QuizGame(deck: F.graded)
        #expect(try graded.setScoring(.accuracy) == [.scoringSet(.accuracy)])
        #expect(graded.scoring == .accuracy)
        #expect(QuizScoring.parse("Precisión") == .accuracy)
        #expect(QuizScoring.parse("velocidad") == .speed)
        #expect(QuizScoring.parse("fast") == nil)
    }

    @Test func startNeedsPlayers() {
        var game = QuizGame(deck: F.personality)
        var random = SeededRandom(seed: 1)
        #expect(F.refusal { try game.start(now: 0, random: &random) }?.code == "no_players")
    }

    @Test func everyEventPhraseAndRefusalKeyIsInTheCatalogList() throws {
        var game = QuizGame(deck: F.graded)
        var events = game.join("Ana") + game.join("Ben")
        events += try game.pickTeam("Owls", for: "Ana")
        var random = SeededRandom(seed: 1)
        events += try game.autoTeams(2, random: &random)
        events += try game.setScoring(.accuracy) + game.setScoring(.speed)
        events += game.setTimeMultiplier(.factor(1.5), for: "Ben") + game.setTimeMultiplier(.untimed, for: "Ben")
        events += try game.start(now: 0, random: &random)
        events += try game.answer("2", from: "Ana", now: 1) + game.answer("3", from: "Ana", now: 2)
        events += try game.closeQuestion(now: 3) + game.join("Zoe") + game.leave("Zoe", now: 4)
        events += try game.advance(now: 5) + game.tick(now: 100)
        for e in events {
            if let key = e.phrase?.key { #expect(QuizPhrases.allKeys.contains(key), "\(key)") }
        }
        let refusals = [Refusal(code: "x")].map(\.phrase.key) // sanity: default keys are error.<code>
        #expect(refusals == ["error.x"])
        for code in ["question_closed", "question_open", "quiz_not_started", "quiz_started", "quiz_finished",
                     "quiz_no_questions", "team_name_invalid", "teams_count",
                     "scoring_personality"] {
            #expect(QuizPhrases.allKeys.contains("error.\(code)"))
        }
        var empty = QuizGame(deck: F.personality)
        var random2 = SeededRandom(seed: 1)
        for r in [F.refusal { try empty.start(now: 0, random: &random2) }, F.refusal { try empty.answer("1", from: "Nobody", now: 0) }] {
            #expect(r.map { QuizPhrases.allKeys.contains($0.phrase.key) } == true)
        }
        #expect(Set(QuizPhrases.allKeys).count == QuizPhrases.allKeys.count)
    }
}
