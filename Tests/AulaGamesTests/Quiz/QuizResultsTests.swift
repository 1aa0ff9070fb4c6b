import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct QuizResultsTests {
    typealias F = QuizFixtures

    // MARK: Personality

    @Test func aPlayersTypeIsTheMostFrequentAndTiesGoToTheTypeChosenLast() throws {
        // SPEC §12: Ana: sea, then snow → tie between sea and snow → snow (chosen last,
        // though sea is listed first in the deck). Ben: snow, then sun → tie → sun (last).
        var game = try F.started(F.personality, players: ["Ana", "Ben"])
        try F.round(&game, [("Ana", "2", 1), ("Ben", "3", 1)])
        try F.round(&game, [("Ana", "3", 1), ("Ben", "1", 1)])
        try F.round(&game, [])
        let results = game.computeResults()
        #expect(results.player("Ana")?.type?.key == "snow")
        #expect(results.player("Ana")?.tied.map(\.key) == ["sea", "snow"])
        #expect(results.player("Ben")?.type?.key == "sun")
        #expect(results.player("Ben")?.type == F.personality.types[0])
    }

    @Test func everyChosenAnswerOfAMultipleQuestionCountsOnce() throws {
        // Ana: sea (q0) + snow and snow (q1, answers 3 and 4) → snow 2, sea 1.
        var game = try F.started(F.personality, players: ["Ana"])
        try F.round(&game, [("Ana", "2", 1)])
        try F.round(&game, [("Ana", "3 4", 1)])
        try F.round(&game, [])
        #expect(game.computeResults().player("Ana")?.type?.key == "snow")
        // Ranged: 10 → last answer (snow); 1 → first (sun).
        var ranged = try F.started(F.personality, players: ["Ana"])
        try F.round(&ranged, [("Ana", "1", 1)])
        try F.round(&ranged, [])
        try F.round(&ranged, [("Ana", "1", 1)])
        #expect(ranged.computeResults().player("Ana")?.type?.key == "sun")
    }

    @Test func aPlayerWhoNeverAnsweredHasNoType() throws {
        var game = try F.started(F.personality, players: ["Ana"])
        try F.round(&game, []); try F.round(&game, []); try F.round(&game, [])
        let ana = game.computeResults().player("Ana")
        #expect(ana?.type == nil)
        #expect(ana?.points == 0)
        #expect(game.computeResults().summary.contains(Phrase("quiz.result.player.none", ["Ana"])))
    }

    @Test func theTeamTypeCountsAllTheMembersAnswers() throws {
        // Ana: sea, sea. Ben: snow, snow + sun (multiple). Team: sea 2, snow 2, sun 1 → sea (before snow).
        // Ana alone would be sea, Ben alone snow; the team total decides.
        var game = try F.started(F.personality, players: ["Ana", "Ben", "Cleo"],
                                 teams: ["Owls": ["Ana", "Ben"], "Reds": ["Cleo"]])
        try F.round(&game, [("Ana", "2", 1), ("Ben", "3", 1), ("Cleo", "1", 1)])
        try F.round(&game, [("Ana", "2", 1), ("Ben", "1 4", 1), ("Cleo", "1", 1)])
        try F.round(&game, [("Ana", "5", 1), ("Ben", "9", 1), ("Cleo", "1", 1)])
        let results = game.computeResults()
        // q2: Ana 5 → Mild (sea), Ben 9 → round(8/9·3)=3 → Freezing (snow): team sea 3, snow 3, sun 1 → sea.
        #expect(results.player("Ben")?.type?.key == "snow")
        #expect(results.team("Owls")?.type?.key == "sea")
        #expect(results.team("Owls")?.members == ["Ana", "Ben"])
        #expect(results.team("Reds")?.type?.key == "sun")
    }

    @Test func syncIsTheShareOfQuestionsWhereTheWholeTeamChoseOneType() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"], teams: ["Owls": ["Ana", "Ben"]])
        // q0: answers 1 and 4 are different answers of the same type (sun) → in sync.
        try F.round(&game, [("Ana", "1", 1), ("Ben", "4", 2)])
        // q1: Ana chose snow and sea → not in sync even though Ben chose snow.
        try F.round(&game, [("Ana", "2 3", 1), ("Ben", "3", 2)])
        // q2: both snow (8 → third answer, 10 → fourth: both snow) → in sync.
        try F.round(&game, [("Ana", "8", 1), ("Ben", "10", 2)])
        let owls = game.computeResults().team("Owls")
        #expect(owls?.syncedQuestions == 2)
        #expect(owls?.sync == 2.0 / 3.0)
        #expect(game.syncedRounds()["Owls"] == [0, 2])
    }

    @Test func aMemberWhoDidNotAnswerBreaksTheTeamsSync() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"], teams: ["Owls": ["Ana", "Ben"]])
        try F.round(&game, [("Ana", "1", 1)])
        try F.round(&game, [("Ana", "1", 1), ("Ben", "1", 1)])
        try F.round(&game, [])
        #expect(game.syncedRounds()["Owls"] == [1])
    }

    @Test func personalityPointsAreTenPerAnswerPlusFiveForEachTeamSync() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben", "Cleo"],
                                 teams: ["Owls": ["Ana", "Ben"], "Solo": ["Cleo"]])
        try F.round(&game, [("Ana", "1", 1), ("Ben", "4", 1), ("Cleo", "2", 1)])   // Owls sync, Solo sync
        try F.round(&game, [("Ana", "1", 1), ("Ben", "2", 1), ("Cleo", "1 2", 1)]) // neither
        try F.round(&game, [("Ana", "10", 1), ("Cleo", "1", 1)])                   // Ben silent
        let r = game.computeResults()
        #expect(r.player("Ana")?.points == 3 * 10 + 1 * 5)   // 35
        #expect(r.player("Ben")?.points == 2 * 10 + 1 * 5)   // 25
        // SPEC §12: a team of one is never "in sync" — no bonus for Cleo.
        #expect(r.player("Cleo")?.points == 3 * 10)
        #expect(r.team("Solo")?.syncedQuestions == 0)
        #expect(r.team("Owls")?.points == 30)                // mean of 35 and 25
        #expect(r.team("Solo")?.points == 30)
        #expect(r.leaderboard.map(\.name) == ["Ana", "Cleo", "Ben"])
        #expect(r.teamLeaderboard == [QuizStanding(rank: 1, name: "Owls", points: 30),
                                      QuizStanding(rank: 1, name: "Solo", points: 30)])
    }

    @Test func withoutTeamsThereIsNoBonusAndNoTeamResult() throws {
        var game = try F.started(F.personality, players: ["Ana"])
        try F.round(&game, [("Ana", "1", 1)]); try F.round(&game, [("Ana", "1", 1)]); try F.round(&game, [])
        let r = game.computeResults()
        #expect(r.player("Ana")?.points == 20)
        #expect(r.teams.isEmpty)
        #expect(r.teamLeaderboard.isEmpty)
    }

    // MARK: Graded

    @Test func speedPointsFollowTheFormulaExactly() {
        // SPEC §12: 5 + 5 × the fraction of time left, rounded half away from zero.
        #expect(QuizPoints.speed(elapsed: 0, seconds: 20) == 10)
        #expect(QuizPoints.speed(elapsed: 5, seconds: 20) == 9)     // 8.75
        #expect(QuizPoints.speed(elapsed: 10, seconds: 20) == 8)    // 7.5 → 8
        #expect(QuizPoints.speed(elapsed: 20, seconds: 20) == 5)
        #expect(QuizPoints.speed(elapsed: 2, seconds: 20) == 10)    // 9.5 → 10
        #expect(QuizPoints.speed(elapsed: 6, seconds: 20) == 9)     // 8.5 → 9
        #expect(QuizPoints.speed(elapsed: 1, seconds: 30) == 10)    // 9.83
        #expect(QuizPoints.speed(elapsed: 25, seconds: 20) == 5)    // held to the deadline
        #expect(QuizPoints.perCorrect == 10)
    }

    @Test func gradedPointsScoreOnlyCorrectAnswersAndMultipleMustBeExact() throws {
        var game = try F.started(F.graded, players: ["Ana", "Ben"])
        // q0 (20 s): Ana right at 5 s → 9 (8.75); Ben wrong → 0.
        try F.round(&game, [("Ana", "2", 5), ("Ben", "1", 1)])
        // q1 (20 s): Ana exactly 1 and 3 at 10 s → 8 (7.5); Ben only 1 → not correct.
        try F.round(&game, [("Ana", "3,1", 10), ("Ben", "1", 2)])
        // q2 (10 s): Ben right at 2 s → 10 - 5·2/10 = 9; Ana single: wrong.
        try F.round(&game, [("Ana", "1", 1), ("Ben", "4", 2)])
        let r = game.computeResults()
        #expect(r.player("Ana")?.correct == 2)
        #expect(r.player("Ana")?.points == 9 + 8)
        #expect(r.player("Ben")?.correct == 1)
        #expect(r.player("Ben")?.points == 9)
        #expect(r.player("Ana")?.type == nil)
        #expect(r.leaderboard.map(\.name) == ["Ana", "Ben"])
    }

    @Test func accuracyRanksMoreCorrectAnswersAboveFasterOnes() throws {
        // Ana: 2 correct, slowly (20 s each). Ben: 1 correct at once. Cleo: 1 correct, slower than Ben.
        func play(_ scoring: QuizScoring) throws -> QuizResults {
            var game = try F.started(F.graded, players: ["Ana", "Ben", "Cleo"], scoring: scoring)
            try F.round(&game, [("Ana", "2", 20), ("Ben", "2", 0), ("Cleo", "2", 4)])
            try F.round(&game, [("Ana", "1 3", 20), ("Ben", "2", 1), ("Cleo", "2", 1)])
            try F.round(&game, [("Ana", "1", 10), ("Ben", "1", 1), ("Cleo", "1", 1)])
            return game.computeResults()
        }
        let speed = try play(.speed)
        // Speed: Ana 5 + 5 = 10 = Ben's 10; the tie goes to less total answer time (Ben), distinct ranks.
        #expect(speed.leaderboard.map(\.name) == ["Ben", "Ana", "Cleo"])
        #expect(speed.leaderboard.map(\.points) == [10, 10, 9])
        #expect(speed.leaderboard.map(\.rank) == [1, 2, 3])
        let accuracy = try play(.accuracy)
        // Accuracy: equal points (Ben, Cleo) are ranked by time, not shared.
        #expect(accuracy.leaderboard == [QuizStanding(rank: 1, name: "Ana", points: 20),
                                         QuizStanding(rank: 2, name: "Ben", points: 10),
                                         QuizStanding(rank: 3, name: "Cleo", points: 10)])
        #expect(accuracy.player("Ben")!.answerTime < accuracy.player("Cleo")!.answerTime)
    }

    @Test func playersTiedOnEverythingShareARankInNameOrder() throws {
        var game = try F.started(F.graded, players: ["ben", "Ana"], scoring: .accuracy)
        try F.round(&game, [("Ana", "2", 3), ("ben", "2", 3)])
        try F.round(&game, [("Ana", "1", 3), ("ben", "1", 3)])
        try F.round(&game, [("Ana", "1", 3), ("ben", "1", 3)])
        let board = game.computeResults().leaderboard
        #expect(board == [QuizStanding(rank: 1, name: "Ana", points: 10), QuizStanding(rank: 1, name: "ben", points: 10)])
    }

    // MARK: Teams

    @Test func aTeamScoresTheRoundedMeanOfItsMembers() throws {
        #expect(QuizPoints.teamMean([1, 2]) == 2)       // 1.5 → 2
        #expect(QuizPoints.teamMean([1, 1, 2]) == 1)    // 1.33 → 1
        #expect(QuizPoints.teamMean([1, 2, 2]) == 2)    // 1.67 → 2
        #expect(QuizPoints.teamMean([875, 500]) == 688) // 687.5 → 688
        #expect(QuizPoints.teamMean([]) == 0)
        var game = try F.started(F.graded, players: ["Ana", "Ben"], teams: ["Owls": ["Ana", "Ben"]])
        try F.round(&game, [("Ana", "2", 5), ("Ben", "2", 20)])
        try F.round(&game, [])
        try F.round(&game, [])
        let r = game.computeResults()
        #expect(r.team("Owls")?.points == 7)   // mean of 9 (5 s of 20) and 5 (at the bell)
        #expect(r.team("Owls")?.sync == nil)
        #expect(r.summary.contains(Phrase("quiz.result.team.graded", ["Owls", "7"])))
    }

    @Test func theSummaryUsesOnlyKnownKeys() throws {
        var game = try F.started(F.personality, players: ["Ana", "Ben"], teams: ["Owls": ["Ana"], "Reds": ["Ben"]])
        try F.round(&game, [("Ana", "1", 1)]); try F.round(&game, []); try F.round(&game, [])
        let summary = game.computeResults().summary
        #expect(summary.contains(Phrase("quiz.result.player.type", ["Ana", "Sunny beach"])))
        // A team of one is never in sync (SPEC §12).
        #expect(summary.contains(Phrase("quiz.result.team.type", ["Owls", "Sunny beach", "0"])))
        #expect(summary.contains(Phrase("quiz.result.team.none", ["Reds"])))
        for line in summary { #expect(QuizPhrases.allKeys.contains(line.key), "\(line.key)") }
    }
}
