/// One student's result in a round.
public struct ScoreRecord: Sendable, Equatable {
    public var studentID: Int64
    public var points: Int
    public var outcome: Outcome
    /// The name the round's detail may use for the student: taken out of it when the
    /// student was forgotten while the round was played (see `saveRound`).
    public var name: String?

    public init(studentID: Int64, points: Int, outcome: Outcome, name: String? = nil) {
        self.studentID = studentID
        self.points = points
        self.outcome = outcome
        self.name = name
    }
}

/// A finished round to save: which game, room and subject (deck or level id), its detail
/// (word, difficulty… as text or JSON) and every player's score.
public struct RoundRecord: Sendable, Equatable {
    public var sessionID: Int64?
    public var groupID: Int64
    public var game: GameKind
    public var room: String
    public var subject: String
    public var detail: String
    public var startedAt: Double
    public var endedAt: Double
    public var scores: [ScoreRecord]

    public init(sessionID: Int64?, groupID: Int64, game: GameKind, room: String, subject: String,
                detail: String, startedAt: Double, endedAt: Double, scores: [ScoreRecord]) {
        self.sessionID = sessionID
        self.groupID = groupID
        self.game = game
        self.room = room
        self.subject = subject
        self.detail = detail
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.scores = scores
    }
}

extension Database {
    /// Saves a round, its scores and the leaderboard totals in one transaction; returns the round id.
    @discardableResult
    public func saveRound(_ r: RoundRecord) throws -> Int64 {
        try transaction {
            try run("""
                INSERT INTO rounds (session_id, group_id, game, room, subject, detail, started_at, ended_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [SQLValue(r.sessionID), .integer(r.groupID), .text(r.game.rawValue), .text(r.room), .text(r.subject),
                      .text(r.detail), .real(r.startedAt), .real(r.endedAt)])
            let roundID = lastInsertRowID
            var forgotten: [String] = []
            for score in r.scores {
                // Only for a student still stored: one forgotten while playing (`aula forget`
                // from another process) made the whole round fail its foreign key, and
                // every classmate's points were lost with it (session 9).
                try run("INSERT INTO scores (round_id, student_id, points, outcome) SELECT ?, id, ?, ? FROM students WHERE id = ?",
                        [.integer(roundID), .integer(Int64(score.points)), .text(score.outcome.rawValue), .integer(score.studentID)])
                if changes == 0, let name = score.name, !name.isEmpty { forgotten.append(name) }
                // The total belongs to the student's own group, whatever room they played in.
                try run("""
                    INSERT INTO totals (student_id, game, group_id, points, rounds)
                    SELECT id, ?, group_id, ?, 1 FROM students WHERE id = ?
                    ON CONFLICT (student_id, game) DO UPDATE
                    SET points = points + excluded.points, rounds = rounds + 1
                    """, [.text(r.game.rawValue), .integer(Int64(score.points)), .integer(score.studentID)])
            }
            // A student forgotten while the round was played leaves it nameless, as
            // `forgetStudent` leaves older rounds (a re-play: `"completed_by":"Hal"` was
            // saved after Hal was forgotten). Found by the score that found no student,
            // so the usual round pays no search of its detail (issue 20: that search
            // and a count per score were 0.7 % of a saturated server's time).
            if !forgotten.isEmpty {
                var detail = r.detail
                for name in forgotten {
                    detail = detail.replacingOccurrences(of: "\"" + name + "\"", with: "\"" + Self.forgottenName + "\"")
                }
                if detail != r.detail {
                    try run("UPDATE rounds SET detail = ? WHERE id = ?", [.text(detail), .integer(roundID)])
                }
            }
            return roundID
        }
    }

    /// How many rounds are saved (all games), for `me` and the bench.
    public func roundCount() throws -> Int {
        try scalarInt("SELECT COUNT(*) FROM rounds")
    }
}
