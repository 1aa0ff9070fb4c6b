import Foundation

/// A school year's housekeeping (issue 17): backups, forgetting a student,
/// pruning the inactive, and everything stored about one student (a
/// subject-access request). Every student table refers to `students` with
/// ON DELETE CASCADE, so deleting the student's row deletes their scores,
/// totals, answers, attempts, programs and progress in the same transaction.
extension Database {
    /// The tables holding a student's rows (each has `student_id`), for the
    /// subject-access export and for the "nothing left" check of `forget`.
    public static let studentTables = ["scores", "totals", "level_progress", "quiz_answers",
                                       "level_attempts", "level_programs", "level_points_kept"]

    /// Copies the whole database, consistent as of one moment, into a new file
    /// (`VACUUM INTO`: a read transaction, so the server keeps writing meanwhile),
    /// then checks the copy. Refuses to overwrite an existing file.
    public func backup(into target: String) throws {
        if FileManager.default.fileExists(atPath: target) {
            throw StoreError(code: StoreError.otherCode, message: "\(target) already exists")
        }
        try run("VACUUM INTO ?", [.text(target)])
        let check = try Self.checkFile(target)
        guard check == "ok" else {
            throw StoreError(code: StoreError.otherCode, message: "the copy \(target) failed its integrity check: \(check)")
        }
    }

    /// `integrity_check` of a standalone file, left as it was found: opening
    /// switches it to WAL, so it is switched back (a backup stays one file).
    public static func checkFile(_ path: String) throws -> String {
        let copy = try Database(path: path)
        defer { copy.close() }
        let check = try copy.integrityCheck()
        try copy.execute("PRAGMA journal_mode=DELETE")
        return check
    }

    /// Students with this name (look-alike key, then the older key), in one group or in all.
    public func students(named name: String, group: String?) throws -> [(student: StudentRow, group: String)] {
        let groups = try group.map { try self.group(name: $0).map { [$0] } ?? [] } ?? self.groups()
        var found: [(student: StudentRow, group: String)] = []
        for g in groups {
            if let s = try student(groupID: g.id, name: name) { found.append((s, g.name)) }
        }
        return found
    }

    /// Deletes the student and every row about them; true when there was one.
    @discardableResult
    public func forgetStudent(id: Int64) throws -> Bool {
        try transaction {
            guard let row = try student(id: id) else { return false }
            try scrubName(row.name, groupID: row.groupID)
            try run("DELETE FROM students WHERE id = ?", [.integer(id)])
            return changes > 0
        }
    }

    /// Rows still stored about a student id (0 after `forgetStudent`).
    public func rowsAbout(studentID: Int64) throws -> Int {
        var total = try Int64(scalarInt("SELECT COUNT(*) FROM students WHERE id = ?", [.integer(studentID)]))
        for table in Self.studentTables {
            total += try Int64(scalarInt("SELECT COUNT(*) FROM \(table) WHERE student_id = ?", [.integer(studentID)]))
        }
        return Int(total)
    }

    /// The last time anything happened for each student: their last login, a
    /// round they scored in, an attempt; their creation if nothing else.
    static let lastActivitySQL = """
        MAX(COALESCE(s.last_login_at, 0), s.created_at,
            COALESCE((SELECT MAX(r.ended_at) FROM scores sc JOIN rounds r ON r.id = sc.round_id
                      WHERE sc.student_id = s.id), 0),
            COALESCE((SELECT MAX(a.at) FROM level_attempts a WHERE a.student_id = s.id), 0),
            COALESCE((SELECT MAX(p.solved_at) FROM level_progress p WHERE p.student_id = s.id), 0))
        """

    /// Students with no activity since `cutoff` (see `lastActivitySQL`).
    public func inactiveStudents(before cutoff: Double) throws -> [StudentRow] {
        try query(Self.studentColumns + " FROM students s WHERE \(Self.lastActivitySQL) < ? ORDER BY s.id",
                  [.real(cutoff)]).map(Self.studentRow)
    }

    /// Deletes every student with no activity since `cutoff`; returns how many.
    public func pruneInactive(before cutoff: Double) throws -> Int {
        try transaction {
            // Their names leave the rounds and the audit log with them, as `forgetStudent` does.
            for row in try inactiveStudents(before: cutoff) { try scrubName(row.name, groupID: row.groupID) }
            try run("DELETE FROM students WHERE id IN (SELECT s.id FROM students s WHERE \(Self.lastActivitySQL) < ?)",
                    [.real(cutoff)])
            return changes
        }
    }
}
