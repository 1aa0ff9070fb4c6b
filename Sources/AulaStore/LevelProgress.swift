/// A student's best result on one level.
public struct LevelProgressRow: Sendable, Equatable {
    public let levelID: String
    public let bestScore: Int
    public let stars: Int
    /// When the level was first solved (Unix seconds).
    public let solvedAt: Double
    public let xpGranted: Int

    public init(levelID: String, bestScore: Int, stars: Int, solvedAt: Double, xpGranted: Int) {
        self.levelID = levelID
        self.bestScore = bestScore
        self.stars = stars
        self.solvedAt = solvedAt
        self.xpGranted = xpGranted
    }
}

extension Database {
    /// Records a solved level: the best score (and most stars) are kept, the level's XP is granted
    /// only the first time it is solved.
    @discardableResult
    public func recordLevelResult(studentID: Int64, levelID: String, score: Int, stars: Int,
                                  solvedAt: Double, xpReward: Int) throws -> (newBest: Bool, xpGranted: Int) {
        try transaction {
            let existing = try query("SELECT best_score, stars FROM level_progress WHERE student_id = ? AND level_id = ?",
                                     [.integer(studentID), .text(levelID)]).first
            guard let existing else {
                let xp = max(0, xpReward)
                try run("""
                    INSERT INTO level_progress (student_id, level_id, best_score, stars, solved_at, xp_granted)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, [.integer(studentID), .text(levelID), .integer(Int64(score)), .integer(Int64(stars)),
                          .real(solvedAt), .integer(Int64(xp))])
                return (newBest: true, xpGranted: xp)
            }
            let best = Int(try existing.int("best_score"))
            let oldStars = Int(try existing.int("stars"))
            let newBest = score > best
            if newBest || stars > oldStars {
                try run("UPDATE level_progress SET best_score = ?, stars = ? WHERE student_id = ? AND level_id = ?",
                        [.integer(Int64(max(best, score))), .integer(Int64(max(oldStars, stars))),
                         .integer(studentID), .text(levelID)])
            }
            return (newBest: newBest, xpGranted: 0)
        }
    }

    /// Every level the student has solved, by level id.
    public func levelProgress(studentID: Int64) throws -> [LevelProgressRow] {
        try query("""
            SELECT level_id, best_score, stars, solved_at, xp_granted FROM level_progress
            WHERE student_id = ? ORDER BY level_id
            """, [.integer(studentID)]).map { r in
            try LevelProgressRow(levelID: r.string("level_id"), bestScore: Int(r.int("best_score")),
                             stars: Int(r.int("stars")), solvedAt: r.double("solved_at"),
                             xpGranted: Int(r.int("xp_granted")))
        }
    }

    /// The student's XP: the rewards of every level solved.
    public func xp(studentID: Int64) throws -> Int {
        try scalarInt("SELECT COALESCE(SUM(xp_granted), 0) FROM level_progress WHERE student_id = ?",
                      [.integer(studentID)])
    }
}
