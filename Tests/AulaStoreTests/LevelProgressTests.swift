import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Level progress", .lab)
struct LevelProgressTests {
    @Test func theBestScoreIsKeptAndXPIsGrantedOnce() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            let first = try db.recordLevelResult(studentID: ana, levelID: "w1-03", score: 150, stars: 2, solvedAt: 10, xpReward: 10)
            #expect(first.newBest && first.xpGranted == 10)
            let worse = try db.recordLevelResult(studentID: ana, levelID: "w1-03", score: 120, stars: 3, solvedAt: 20, xpReward: 10)
            #expect(!worse.newBest && worse.xpGranted == 0)
            let better = try db.recordLevelResult(studentID: ana, levelID: "w1-03", score: 210, stars: 3, solvedAt: 30, xpReward: 10)
            #expect(better.newBest && better.xpGranted == 0)
            #expect(try db.levelProgress(studentID: ana) ==
                    [LevelProgressRow(levelID: "w1-03", bestScore: 210, stars: 3, solvedAt: 10, xpGranted: 10)])
            try db.recordLevelResult(studentID: ana, levelID: "w1-04", score: 100, stars: 1, solvedAt: 40, xpReward: 15)
            #expect(try db.xp(studentID: ana) == 25)
        }
    }

    @Test func resetForgetsTheLevelsAndTheirXP() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            let bo = try db.ensureStudent(groupID: g, name: "Bo", at: 0)
            try db.recordLevelResult(studentID: ana, levelID: "w1-01", score: 100, stars: 1, solvedAt: 1, xpReward: 5)
            try db.recordLevelResult(studentID: bo, levelID: "w1-01", score: 100, stars: 1, solvedAt: 1, xpReward: 5)
            try db.resetProgress(studentID: ana)
            #expect(try db.levelProgress(studentID: ana).isEmpty)
            #expect(try db.xp(studentID: ana) == 0)
            #expect(try db.xp(studentID: bo) == 5)
            // Solving again after a reset grants the XP again.
            #expect(try db.recordLevelResult(studentID: ana, levelID: "w1-01", score: 90, stars: 1, solvedAt: 2, xpReward: 5).xpGranted == 5)
        }
    }

    @Test func quizAnswersAreSavedWithTheirRound() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            let roundID = try db.saveRound(RoundRecord(sessionID: nil, groupID: g, game: .quiz, room: "q", subject: "capitals",
                                                       detail: "", startedAt: 0, endedAt: 60,
                                                       scores: [ScoreRecord(studentID: ana, points: 80, outcome: .quizType("team"))]))
            let answers = [QuizAnswerRecord(studentID: ana, questionIndex: 0, answer: "b", elapsed: 3.5, points: 50),
                           QuizAnswerRecord(studentID: ana, questionIndex: 1, answer: "Lima, \"Perú\"", elapsed: 7.25, points: 30)]
            try db.saveQuizAnswers(roundID: roundID, answers: answers)
            #expect(try db.quizAnswers(roundID: roundID) == answers)
        }
    }
}
