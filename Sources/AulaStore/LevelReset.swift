/// The teacher's `reset NAME [LEVEL]` (session 11): the student's level map
/// starts again — solved levels, stars and their XP go, and so do the attempts
/// the teacher's `progress` grid counts (they read as struggle on a fresh
/// map). The points already earned stay on the leaderboard: the best score
/// behind them is kept in `level_points_kept`, so solving a level again adds
/// only what beats it, as a replay without a reset does.
extension Database {
    /// Clears every level of the student, or only `levelID`. Returns how many
    /// solved levels were cleared.
    @discardableResult
    public func resetProgress(studentID: Int64, levelID: String? = nil) throws -> Int {
        let which = levelID == nil ? "" : " AND level_id = ?"
        var params: [SQLValue] = [.integer(studentID)]
        if let levelID { params.append(.text(levelID)) }
        return try transaction {
            let cleared = try scalarInt("SELECT COUNT(*) FROM level_progress WHERE student_id = ?" + which, params)
            try run("""
                INSERT INTO level_points_kept (student_id, level_id, best_score)
                SELECT student_id, level_id, best_score FROM level_progress WHERE student_id = ?\(which)
                ON CONFLICT (student_id, level_id) DO UPDATE SET best_score = MAX(best_score, excluded.best_score)
                """, params)
            try run("DELETE FROM level_progress WHERE student_id = ?" + which, params)
            try run("DELETE FROM level_attempts WHERE student_id = ?" + which, params)
            return cleared
        }
    }

    /// The best score the student's points on a level already count: the
    /// level's best now, or the one kept from before a reset, whichever is higher.
    public func pointsBest(studentID: Int64, levelID: String) throws -> Int {
        try scalarInt("""
            SELECT MAX(COALESCE((SELECT best_score FROM level_progress WHERE student_id = ?1 AND level_id = ?2), 0),
                       COALESCE((SELECT best_score FROM level_points_kept WHERE student_id = ?1 AND level_id = ?2), 0))
            """, [.integer(studentID), .text(levelID)])
    }
}
