/// Issue 13: a name that belongs to a roster with PINs cannot be used without
/// its PIN, class open or not — so a login outside a class looks the name up
/// in every group's roster first.
extension Database {
    /// Students with a PIN whose name has this look-alike key (or the older
    /// plain key), in every group but `exceptGroupID`, with their group's name.
    /// Groups first (CROSS JOIN fixes the order): one look-up a group in the
    /// (group_id, name_key) index, never a scan of every student, on every
    /// login made with no class open.
    public func studentsWithPIN(named name: String, exceptGroupID: Int64) throws -> [(student: StudentRow, group: String)] {
        let keys = Array(Set([NameKey.student(name), NameKey.make(name)]))
        let marks = keys.map { _ in "?" }.joined(separator: ", ")
        let sql = """
            SELECT s.id, s.group_id, s.name, s.pin_hash, s.created_at, s.last_peer, s.last_login_at,
                   g.name AS group_name
            FROM groups g CROSS JOIN students s ON s.group_id = g.id
            WHERE s.name_key IN (\(marks)) AND s.pin_hash IS NOT NULL AND g.id != ?
            ORDER BY g.name_key
            """
        return try query(sql, keys.map { .text($0) } + [.integer(exceptGroupID)]).map { row in
            (try Self.studentRow(row), try row.string("group_name"))
        }
    }

    /// The name keys of a group's students who logged in at or after `since`
    /// (a class reopened after a restart: who had a seat before it).
    public func studentKeysSeen(groupID: Int64, since: Double) throws -> Set<String> {
        Set(try query("SELECT name_key FROM students WHERE group_id = ? AND last_login_at >= ?",
                      [.integer(groupID), .real(since)]).map { try $0.string("name_key") })
    }
}
