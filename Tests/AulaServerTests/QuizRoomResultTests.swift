import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom

/// `quiz.result` / `round.end` shapes and what a finished quiz saves.
@Suite(.lab) struct QuizRoomResultTests {
    static let trip = QuizDeck(
        id: "trip", title: "Trip", lang: "en", description: "Where?", seconds: 20,
        types: [QuizResultType(key: "sun", title: "Sunny beach", definition: "Warm."),
                QuizResultType(key: "snow", title: "Ski trip", definition: "Cold.")],
        questions: [
            QuizQuestion(kind: .single, text: "One", answers: [.typed("A", "sun"), .typed("B", "snow")]),
            QuizQuestion(kind: .ranged, text: "Cold?", answers: [.typed("Hot", "sun"), .typed("Cold", "snow")]),
        ])

    static let facts = QuizDeck(
        id: "facts", title: "Facts", lang: "en", description: "Know?", seconds: 10,
        questions: [
            QuizQuestion(kind: .single, text: "2+2", answers: [.graded("4", correct: true), .graded("5", correct: false)]),
            QuizQuestion(kind: .multiple, text: "Even", answers: [.graded("2", correct: true), .graded("3", correct: false),
                                                                  .graded("4", correct: true)]),
        ])

    /// Plays a whole quiz: `answers[q]` is (player, typed, seconds after opening).
    func play(_ deck: QuizDeck, teams: [String: String], answers: [[(String, String, Double)]],
              scoring: QuizScoring = .speed) throws -> QuizGame {
        var game = QuizGame(deck: deck, scoring: scoring)
        for player in teams.keys.sorted() { _ = game.join(player) }
        for (player, team) in teams.sorted(by: { $0.key < $1.key }) { _ = try game.pickTeam(team, for: player) }
        var random = SeededRandom(seed: 7)
        var now = 100.0
        _ = try game.start(now: now, random: &random)
        for round in answers {
            let opened = now
            for (player, text, after) in round { _ = try game.answer(text, from: player, now: opened + after) }
            if case .asking = game.phase { _ = game.tick(now: opened + 1000) }
            now = opened + 1001
            _ = try game.advance(now: now)
        }
        return game
    }

    func json(_ event: Event) -> [String: Any] {
        var r = Renderer()
        r.mode = .json
        return (try? JSONSerialization.jsonObject(with: Data(r.render(event).utf8))) as? [String: Any] ?? [:]
    }

    @Test func personalityResultGivesTypeAndTitlePerPlayerAndSyncPerTeam() throws {
        let game = try play(Self.trip, teams: ["Ana": "Red", "Ben": "Red", "Cai": "Blue"],
                            answers: [[("Ana", "1", 1), ("Ben", "1", 2), ("Cai", "2", 3)],
                                      [("Ana", "1", 1), ("Ben", "10", 2)]])
        let results = try #require(game.results)
        let j = json(QuizResultEvent(room: "quiz-1", results: results))
        #expect(j["ev"] as? String == "quiz.result")
        let ana = (j["players"] as? [String: Any])?["Ana"] as? [String: Any]
        #expect(ana?["type"] as? String == "sun")
        #expect(ana?["title"] as? String == "Sunny beach")
        let cai = (j["players"] as? [String: Any])?["Cai"] as? [String: Any]
        #expect(cai?["type"] as? String == "snow")
        let red = (j["teams"] as? [String: Any])?["Red"] as? [String: Any]
        #expect(red?["sync"] as? Double == 0.5)   // in step on question 1 only
        #expect(red?["type"] as? String == "sun")

        // What is saved adds up to the results, and names the types.
        let points = QuizRoundSave.answerPoints(game)
        for p in results.players {
            #expect((0..<2).compactMap { points[$0]?[p.name] }.reduce(0, +) == p.points, "\(p.name)")
        }
        let save = QuizRoundSave.make(game: game, results: results, room: "quiz-1", sessionID: nil, groupID: 1,
                                      startedAt: 1, endedAt: 2) { _ in (1, nil) }
        // Ben chose sun once and then snow: the tie goes to the type chosen last (SPEC §12).
        #expect(Dictionary(uniqueKeysWithValues: save.participants.map { ($0.name, $0.outcome) })
                == ["Ana": .quizType("sun"), "Ben": .quizType("snow"), "Cai": .quizType("snow")])
        #expect(save.answers.count == 5)
        #expect(save.answers.contains { $0.player == "Ben" && $0.answer == "10" && $0.questionIndex == 1 })
        #expect(save.detail.contains("\"style\":\"personality\""))
    }

    @Test func gradedResultGivesCorrectAndPointsAndSavedPointsAddUp() throws {
        let game = try play(Self.facts, teams: ["Eva": "A", "Fay": "A"],
                            answers: [[("Eva", "1", 2), ("Fay", "2", 1)], [("Eva", "3 1", 5), ("Fay", "1", 1)]])
        let results = try #require(game.results)
        let j = json(QuizResultEvent(room: "quiz-2", results: results))
        let eva = (j["players"] as? [String: Any])?["Eva"] as? [String: Any]
        #expect(eva?["correct"] as? Int == 2)
        // round(10 - 5·2/10) + round(10 - 5·5/10) = 9 + 8 (7.5 rounds up)
        #expect(eva?["points"] as? Int == 9 + 8)
        #expect(eva?["type"] == nil)
        let team = (j["teams"] as? [String: Any])?["A"] as? [String: Any]
        #expect(team?["correct"] as? Int == 2)
        #expect(team?["points"] as? Int == 9)   // mean of 17 and 0, 8.5 → 9
        let save = QuizRoundSave.make(game: game, results: results, room: "quiz-2", sessionID: nil, groupID: 1,
                                      startedAt: 1, endedAt: 2) { _ in (1, 9) }
        #expect(save.participants.allSatisfy { $0.outcome == .graded && $0.studentID == 9 })
        #expect(save.answers.first { $0.player == "Eva" && $0.questionIndex == 1 }?.answer == "1 3")
        #expect(save.answers.first { $0.player == "Eva" && $0.questionIndex == 1 }?.points == 8)
        #expect(save.answers.first { $0.player == "Fay" && $0.questionIndex == 1 }?.points == 0)
    }

    @Test func roundEndCarriesRoundLeaderboardAndTeams() {
        let event = QuizRoundEndEvent(room: "quiz-1", outcome: "finished",
                                      round: [.init(rank: 1, name: "Ana", points: 45)],
                                      leaderboard: QuizRoundEndEvent.ranked([("Ana", 90), ("Ben", 90), ("Cai", 10)]),
                                      teams: [.init(rank: 1, name: "Red", points: 45)], saved: true)
        let j = json(event)
        #expect(j["ev"] as? String == "round.end")
        #expect(j["kind"] as? String == "quiz")
        #expect(j["outcome"] as? String == "finished")
        #expect((j["round"] as? [[String: Any]])?.first?["points"] as? Int == 45)
        #expect((j["leaderboard"] as? [[String: Any]])?.map { $0["name"] as? String ?? "" } == ["Ana", "Ben", "Cai"])
        #expect((j["teams"] as? [[String: Any]])?.first?["team"] as? String == "Red")
        #expect(event.leaderboard.map(\.rank) == [1, 1, 3])
        var r = Renderer()
        r.reader = true
        let reader = r.render(event)
        #expect(reader.contains("Number 1: Ana, 90 points."))
        #expect(reader.contains("Team leaderboard"))
    }

    @Test func theDeckIsFoundByIdOrTheDecksAreListed() {
        let decks = [Self.trip, Self.facts]
        #expect((try? QuizRoom.findDeck("FACTS", in: decks).get())?.id == "facts")
        guard case .failure(let unknown) = QuizRoom.findDeck("nope", in: decks) else { Issue.record("found nope"); return }
        #expect(unknown.code == "unknown_deck")
        // Each deck with its title, kind, language and number of questions.
        let text = Catalog.shared.text(unknown.phrase, .en)
        #expect(text.contains("quiz deck"))
        #expect(text.contains("trip (\"Trip\", personality quiz, en, 2); facts (\"Facts\", graded quiz, en, 2)"), "\(text)")
        // In the reader's language (session 9: a Spanish list said "personality", "graded").
        let spanish = Catalog.shared.text(unknown.phrase, .es)
        #expect(spanish.contains("trip («Trip», test de personalidad, en, 2); facts («Facts», cuestionario con nota, en, 2)"), "\(spanish)")
        // Many decks: the first ones named, then how many more.
        let many = (0..<(QuizRoom.listedDecks + 3)).map { _ in Self.trip }
        guard case .failure(let long) = QuizRoom.findDeck("nope", in: many) else { Issue.record("found nope"); return }
        #expect(Catalog.shared.text(long.phrase, .en).hasSuffix("and 3 more (aula check-content lists them all)."))
        guard case .failure(let missing) = QuizRoom.findDeck(nil, in: decks) else { Issue.record("no refusal"); return }
        #expect(missing.code == "missing_argument")
        guard case .failure(let none) = QuizRoom.findDeck("trip", in: []) else { Issue.record("no refusal"); return }
        #expect(none.code == "no_decks")
    }
}
