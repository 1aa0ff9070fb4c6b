/// The students of a group most recently seen first, at most `limit`: the
/// not-connected part of the board's `/teacher` roster (issue 19). Bounded,
/// so a big group costs the page a fixed number of rows.
extension Database {
    public func recentlySeenStudents(groupID: Int64, limit: Int) throws -> [StudentRow] {
        try query(Self.studentColumns + " FROM students WHERE group_id = ? ORDER BY COALESCE(last_login_at, 0) DESC, name_key LIMIT ?",
                  [.integer(groupID), .integer(Int64(max(0, limit)))]).map(Self.studentRow)
    }
}
