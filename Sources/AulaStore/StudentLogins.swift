/// How a login found its student's row.
public struct StudentLogin: Sendable, Equatable {
    public let id: Int64
    /// True when the name's old row (points, XP, levels) was set aside and a new one begun.
    public let startedFresh: Bool
    /// How the student reads, as kept (empty for a new row or a fresh start).
    public let reading: StudentReading

    public init(id: Int64, startedFresh: Bool, reading: StudentReading = StudentReading()) {
        self.id = id
        self.startedFresh = startedFresh
        self.reading = reading
    }
}

/// Student rows and who may claim them (issue 12, defects 6 and 12): every
/// login stores its peer address and time; a name without a PIN may be
/// told to start fresh; names that never finished anything are pruned.
extension Database {
    /// Records a login: the student's row (created at the first login) with this
    /// peer and time stored. With `freshUnlessSameAddressWithin`, a row without
    /// a PIN last used from another address, or longer ago than that many
    /// seconds, is set aside — kept with its history under a key nobody can
    /// type — and a new row begins, so a past name's points are not anyone's.
    public func recordLogin(groupID: Int64, name: String, peer: String, at: Double,
                            freshUnlessSameAddressWithin window: Double? = nil) throws -> StudentLogin {
        try recordLogin(existing: try student(groupID: groupID, name: name, withReading: true), groupID: groupID, name: name,
                        peer: peer, at: at, freshUnlessSameAddressWithin: window)
    }

    /// `recordLogin` for a row already read in this transaction (`lookUpLogin`: one query fewer).
    func recordLogin(existing: StudentRow?, groupID: Int64, name: String, peer: String, at: Double,
                     freshUnlessSameAddressWithin window: Double?) throws -> StudentLogin {
        let key = NameKey.student(name)
        var startedFresh = false
        if let row = existing {
            let sameSeat = row.lastPeer == peer && row.lastLoginAt.map { at - $0 < (window ?? 0) } == true
            if let window, window >= 0, row.pinHash == nil, !sameSeat, try hasHistory(studentID: row.id) {
                // '#' cannot be typed in a name, so the old row can never be matched again.
                try run("UPDATE students SET name_key = name_key || '#' || id WHERE id = ?", [.integer(row.id)])
                startedFresh = true
            } else {
                try run("UPDATE students SET last_peer = ?, last_login_at = ? WHERE id = ?",
                        [.text(peer), .real(at), .integer(row.id)])
                return StudentLogin(id: row.id, startedFresh: false, reading: row.reading)
            }
        }
        try run("INSERT INTO students (group_id, name, name_key, created_at, last_peer, last_login_at) VALUES (?, ?, ?, ?, ?, ?)",
                [.integer(groupID), .text(name), .text(key), .real(at), .text(peer), .real(at)])
        return StudentLogin(id: lastInsertRowID, startedFresh: startedFresh)
    }

    /// True when the student finished something: a scored round, a quiz answer, a solved level.
    public func hasHistory(studentID: Int64) throws -> Bool {
        try scalarBool("""
            SELECT EXISTS (SELECT 1 FROM scores WHERE student_id = ?1)
                OR EXISTS (SELECT 1 FROM level_progress WHERE student_id = ?1)
                OR EXISTS (SELECT 1 FROM quiz_answers WHERE student_id = ?1)
                OR EXISTS (SELECT 1 FROM totals WHERE student_id = ?1)
                OR EXISTS (SELECT 1 FROM level_attempts WHERE student_id = ?1)
            """, [.integer(studentID)])
    }

    /// Deletes up to `limit` rows of students without a PIN, created and last
    /// seen before `cutoff`, that never finished anything — the trace every
    /// typed name left. Rows in `keeping` (students online now) stay. Returns
    /// how many went; call again while it returns `limit`.
    @discardableResult
    public func pruneStudents(before cutoff: Double, keeping: [Int64] = [], limit: Int = 1000) throws -> Int {
        let kept = "[" + keeping.map(String.init).joined(separator: ",") + "]"
        try run("""
            DELETE FROM students WHERE id IN (
                SELECT s.id FROM students s
                WHERE s.pin_hash IS NULL AND s.created_at < ?1 AND COALESCE(s.last_login_at, s.created_at) < ?1
                  AND s.id NOT IN (SELECT value FROM json_each(?2))
                  AND NOT EXISTS (SELECT 1 FROM scores WHERE student_id = s.id)
                  AND NOT EXISTS (SELECT 1 FROM level_progress WHERE student_id = s.id)
                  AND NOT EXISTS (SELECT 1 FROM quiz_answers WHERE student_id = s.id)
                  AND NOT EXISTS (SELECT 1 FROM totals WHERE student_id = s.id)
                  AND NOT EXISTS (SELECT 1 FROM level_attempts WHERE student_id = s.id)
                LIMIT ?3)
            """, [.real(cutoff), .text(kept), .integer(Int64(max(1, limit)))])
        return changes
    }
}
