/// One `run` or `submit` of a level program (SPEC §12): who, which level,
/// when, its size, whether it solved, and otherwise why not — a reason
/// (`no_health`, `program_ended`...) or an error code (`syntax_error`...).
/// `seed` is the fresh seed of a big level's extra layouts, to replay them.
public struct LevelAttemptRecord: Sendable, Equatable {
    public var studentID: Int64
    public var levelID: String
    public var at: Double
    public var kind: String
    public var ok: Bool
    public var statements: Int
    public var result: String
    public var seed: UInt64?

    public init(studentID: Int64, levelID: String, at: Double, kind: String, ok: Bool, statements: Int,
                result: String, seed: UInt64? = nil) {
        self.studentID = studentID; self.levelID = levelID; self.at = at; self.kind = kind
        self.ok = ok; self.statements = statements; self.result = result; self.seed = seed
    }
}

/// A student's attempts on one level, summed for the teacher's `progress`.
public struct LevelAttemptSummary: Sendable, Equatable {
    public let studentID: Int64
    public let levelID: String
    public let attempts: Int
    /// Attempts that did not solve (runs and submits).
    public let failed: Int
    public let firstAt: Double
    public let lastAt: Double
}

extension Database {
    public func recordLevelAttempt(_ a: LevelAttemptRecord) throws {
        // SQLite integers are signed: the seed's bits are kept as they are.
        let seed: SQLValue = a.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null
        try run("""
            INSERT INTO level_attempts (student_id, level_id, at, kind, ok, statements, result, seed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(a.studentID), .text(a.levelID), .real(a.at), .text(a.kind), .integer(a.ok ? 1 : 0),
                  .integer(Int64(a.statements)), .text(a.result), seed])
    }

    /// The student's attempts, oldest first; on one level when `levelID` is given.
    public func levelAttempts(studentID: Int64, levelID: String? = nil) throws -> [LevelAttemptRecord] {
        var sql = "SELECT level_id, at, kind, ok, statements, result, seed FROM level_attempts WHERE student_id = ?"
        var params: [SQLValue] = [.integer(studentID)]
        if let levelID {
            sql += " AND level_id = ?"
            params.append(.text(levelID))
        }
        return try query(sql + " ORDER BY at, id", params).map { r in
            try LevelAttemptRecord(studentID: studentID, levelID: r.string("level_id"), at: r.double("at"),
                               kind: r.string("kind"), ok: r.int("ok") != 0,
                               statements: Int(r.int("statements")), result: r.string("result"),
                               seed: r.intOrNil("seed").map { UInt64(bitPattern: $0) })
        }
    }

    /// Attempts per (student, level) for every student of a group.
    public func levelAttemptSummaries(groupID: Int64) throws -> [LevelAttemptSummary] {
        try query("""
            SELECT a.student_id, a.level_id, COUNT(*) AS attempts, SUM(CASE WHEN a.ok = 0 THEN 1 ELSE 0 END) AS failed,
                   MIN(a.at) AS first_at, MAX(a.at) AS last_at
            FROM level_attempts a JOIN students s ON s.id = a.student_id
            WHERE s.group_id = ? GROUP BY a.student_id, a.level_id
            """, [.integer(groupID)]).map { r in
            try LevelAttemptSummary(studentID: r.int("student_id"), levelID: r.string("level_id"),
                                attempts: Int(r.int("attempts")), failed: Int(r.int("failed")),
                                firstAt: r.double("first_at"), lastAt: r.double("last_at"))
        }
    }

    /// Keeps the student's program for a level (the last one wins); an
    /// empty program forgets it (`clear` starts over).
    public func keepLevelProgram(studentID: Int64, levelID: String, source: String, at: Double) throws {
        if source.allSatisfy(\.isWhitespace) {
            try run("DELETE FROM level_programs WHERE student_id = ? AND level_id = ?", [.integer(studentID), .text(levelID)])
            return
        }
        try run("""
            INSERT INTO level_programs (student_id, level_id, source, saved_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (student_id, level_id) DO UPDATE SET source = excluded.source, saved_at = excluded.saved_at
            """, [.integer(studentID), .text(levelID), .text(source), .real(at)])
    }

    /// The student's kept program for a level, if any.
    public func keptLevelProgram(studentID: Int64, levelID: String) throws -> String? {
        try query("SELECT source FROM level_programs WHERE student_id = ? AND level_id = ?",
                  [.integer(studentID), .text(levelID)]).first?.string("source")
    }

    /// The level the student's kept program was last saved for (the console's `code NAME`).
    public func lastKeptLevel(studentID: Int64) throws -> String? {
        try query("SELECT level_id FROM level_programs WHERE student_id = ? ORDER BY saved_at DESC LIMIT 1",
                  [.integer(studentID)]).first?.string("level_id")
    }

    /// The student's C/Java choice for level rooms (`c`, `java`), nil until chosen.
    public func levelSpelling(studentID: Int64) throws -> String? {
        try query("SELECT level_spelling FROM students WHERE id = ?", [.integer(studentID)]).first?.stringOrNil("level_spelling")
    }

    public func setLevelSpelling(studentID: Int64, spelling: String?) throws {
        try run("UPDATE students SET level_spelling = ? WHERE id = ?", [spelling.map { .text($0) } ?? .null, .integer(studentID)])
    }
}
