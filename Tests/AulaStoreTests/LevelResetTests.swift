import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// A teacher's `reset` (session 11): the map starts again, the points' best stays.
@Suite("Level reset", .lab)
struct LevelResetTests {
    @Test func theBestBehindThePointsSurvivesAReset() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            try db.recordLevelResult(studentID: ana, levelID: "w1-01", score: 210, stars: 3, solvedAt: 1, xpReward: 10)
            try db.recordLevelResult(studentID: ana, levelID: "w1-02", score: 150, stars: 2, solvedAt: 2, xpReward: 10)
            #expect(try db.resetProgress(studentID: ana) == 2)
            #expect(try db.levelProgress(studentID: ana).isEmpty)
            #expect(try db.pointsBest(studentID: ana, levelID: "w1-01") == 210)
            // A better solve after the reset moves the best on; a worse one keeps the kept one.
            try db.recordLevelResult(studentID: ana, levelID: "w1-01", score: 230, stars: 3, solvedAt: 3, xpReward: 10)
            #expect(try db.pointsBest(studentID: ana, levelID: "w1-01") == 230)
            try db.recordLevelResult(studentID: ana, levelID: "w1-02", score: 100, stars: 1, solvedAt: 3, xpReward: 10)
            #expect(try db.pointsBest(studentID: ana, levelID: "w1-02") == 150)
            // A second reset keeps the higher of the two.
            try db.resetProgress(studentID: ana, levelID: "w1-02")
            #expect(try db.pointsBest(studentID: ana, levelID: "w1-02") == 150)
            #expect(try db.levelProgress(studentID: ana).map(\.levelID) == ["w1-01"])
        }
    }

    @Test func oneLevelIsClearedWithItsAttemptsOnly() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
            for level in ["w1-01", "w1-02"] {
                try db.recordLevelAttempt(LevelAttemptRecord(studentID: ana, levelID: level, at: 1, kind: "submit", ok: true,
                                                             statements: 3, result: "solved"))
                try db.recordLevelResult(studentID: ana, levelID: level, score: 100, stars: 1, solvedAt: 1, xpReward: 10)
            }
            #expect(try db.resetProgress(studentID: ana, levelID: "w1-02") == 1)
            #expect(try db.xp(studentID: ana) == 10)
            #expect(try db.levelAttempts(studentID: ana).map(\.levelID) == ["w1-01"])
        }
    }
}
