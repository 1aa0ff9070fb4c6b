/// One line of a leaderboard: equal points share a rank (1, 2, 2, 4), ties listed by name.
public struct LeaderboardRow: Sendable, Equatable {
    public let rank: Int
    public let studentID: Int64
    public let name: String
    public let points: Int

    public init(rank: Int, studentID: Int64, name: String, points: Int) {
        self.rank = rank
        self.studentID = studentID
        self.name = name
        self.points = points
    }
}

extension Database {
    /// The top `limit` students by points. Group and game narrow it (nil = all). Without a session it reads
    /// the running totals (one row per student and game, so it stays fast over millions of scores);
    /// with a session it sums that session's rounds.
    public func leaderboard(groupID: Int64?, game: GameKind?, sessionID: Int64? = nil, limit: Int = 10) throws -> [LeaderboardRow] {
        let limitValue = SQLValue.integer(Int64(max(0, limit)))
        let rows: [Row]
        if let sessionID {
            var sql = """
                SELECT sc.student_id AS student_id, st.name AS name, SUM(sc.points) AS points
                FROM rounds r JOIN scores sc ON sc.round_id = r.id JOIN students st ON st.id = sc.student_id
                WHERE r.session_id = ?
                """
            var params: [SQLValue] = [.integer(sessionID)]
            if let game { sql += " AND r.game = ?"; params.append(.text(game.rawValue)) }
            if let groupID { sql += " AND st.group_id = ?"; params.append(.integer(groupID)) }
            sql += " GROUP BY sc.student_id ORDER BY points DESC, st.name_key, sc.student_id LIMIT ?"
            rows = try query(sql, params + [limitValue])
        } else {
            // One fixed SQL text per case, so each plan uses its index (totals_board / totals_game).
            switch (groupID, game) {
            case let (group?, game?):
                rows = try query("""
                    SELECT t.student_id AS student_id, st.name AS name, t.points AS points
                    FROM totals t JOIN students st ON st.id = t.student_id
                    WHERE t.group_id = ? AND t.game = ?
                    ORDER BY t.points DESC, st.name_key, t.student_id LIMIT ?
                    """, [.integer(group), .text(game.rawValue), limitValue])
            case let (group?, nil):
                rows = try query("""
                    SELECT t.student_id AS student_id, st.name AS name, SUM(t.points) AS points
                    FROM totals t JOIN students st ON st.id = t.student_id
                    WHERE t.group_id = ?
                    GROUP BY t.student_id ORDER BY points DESC, st.name_key, t.student_id LIMIT ?
                    """, [.integer(group), limitValue])
            case let (nil, game?):
                rows = try query("""
                    SELECT t.student_id AS student_id, st.name AS name, t.points AS points
                    FROM totals t JOIN students st ON st.id = t.student_id
                    WHERE t.game = ?
                    ORDER BY t.points DESC, st.name_key, t.student_id LIMIT ?
                    """, [.text(game.rawValue), limitValue])
            case (nil, nil):
                rows = try query("""
                    SELECT t.student_id AS student_id, st.name AS name, SUM(t.points) AS points
                    FROM totals t JOIN students st ON st.id = t.student_id
                    GROUP BY t.student_id ORDER BY points DESC, st.name_key, t.student_id LIMIT ?
                    """, [limitValue])
            }
        }
        return try Self.ranked(rows)
    }

    /// A student's total points (all games, or one).
    public func totalPoints(studentID: Int64, game: GameKind? = nil) throws -> Int {
        if let game {
            // No totals row yet is a real 0: the student has not played this game.
            return try scalar("SELECT points FROM totals WHERE student_id = ? AND game = ?",
                              [.integer(studentID), .text(game.rawValue)]).int ?? 0
        }
        return try scalarInt("SELECT COALESCE(SUM(points), 0) FROM totals WHERE student_id = ?",
                             [.integer(studentID)])
    }

    /// Competition ranks over rows already sorted by points descending: everyone above is in the prefix.
    private static func ranked(_ rows: [Row]) throws -> [LeaderboardRow] {
        var result: [LeaderboardRow] = []
        result.reserveCapacity(rows.count)
        for (i, r) in rows.enumerated() {
            let points = Int(try r.int("points"))
            let rank = (i > 0 && result[i - 1].points == points) ? result[i - 1].rank : i + 1
            result.append(try LeaderboardRow(rank: rank, studentID: r.int("student_id"),
                                         name: r.string("name"), points: points))
        }
        return result
    }
}
