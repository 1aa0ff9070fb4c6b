/// Renaming and deleting a group (session 11): a typo (`class open 3BB`) made a
/// group for ever, and a new school year renames the classes.
extension Database {
    /// Rounds played in the group (kept with it: a group with rounds is not deleted).
    public func roundCount(groupID: Int64) throws -> Int {
        try scalarInt("SELECT COUNT(*) FROM rounds WHERE group_id = ?", [.integer(groupID)])
    }

    /// Gives the group a new name (its students, rounds and totals follow it: they refer to its id).
    public func renameGroup(id: Int64, to name: String) throws {
        try run("UPDATE groups SET name = ?, name_key = ? WHERE id = ?", [.text(name), .text(NameKey.make(name)), .integer(id)])
    }

    /// Deletes an empty group (no students, no rounds) and its past class periods; true when one was deleted.
    @discardableResult
    public func deleteEmptyGroup(id: Int64) throws -> Bool {
        try transaction {
            guard try scalarInt("SELECT COUNT(*) FROM students WHERE group_id = ?", [.integer(id)]) == 0,
                  try roundCount(groupID: id) == 0 else { return false }
            try run("DELETE FROM groups WHERE id = ?", [.integer(id)])
            return changes > 0
        }
    }
}
