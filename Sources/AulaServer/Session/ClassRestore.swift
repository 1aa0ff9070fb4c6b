import AulaGames
import AulaStore

/// A class that survives a restart (issue 13). The open class session is in
/// the database (`sessions`, closed_at NULL); at start-up it is reopened with
/// the same group, join code and lock, so students log in again as before
/// (name, code, PIN) and land in their group. Rooms are not stored: a student
/// who had logged into the class before the restart is told, once, that the
/// rooms were closed. And a roster name with a PIN needs its PIN even when no
/// class is open: it asks `PIN:` and logs into that student's group.
extension Server {
    /// Reopens the class session left open in the database (called before listening).
    func restoreClassSession() throws {
        // Since the session opened, or since the killed server started if earlier: a
        // student online across `class close`/`class open` logged in before this
        // session and lost their room all the same (session 11).
        let previousStart = store.previousRun?.startedAt
        guard let (row, seen) = try store.sync({ db -> (SessionRow, Set<String>)? in
            guard let row = try db.openSession() else { return nil }
            let since = min(row.openedAt, previousStart ?? row.openedAt)
            return (row, try db.studentKeysSeen(groupID: row.groupID, since: since))
        }) else { return }
        classSession = ClassSession(id: row.id, group: GroupRef(id: row.groupID, name: row.groupName),
                                    joinCode: row.joinCode, locked: row.locked)
        restoredClass = (row.id, seen)
        log(.info, "class.restored", ("group", row.groupName), ("session", row.id), ("locked", row.locked))
    }

    /// After a restart the rooms are gone: a student who was in the class
    /// before is told so, once.
    func tellIfRoomsWereLost(_ player: Player) {
        guard let session = classSession, restoredClass?.sessionID == session.id, player.group == session.group,
              restoredClass?.seen.remove(player.key) != nil else { return }
        player.send(InfoEvent("class.restored_rooms_lost", style: .warn))
    }
}
