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
        guard let (row, seen) = try store.sync({ db -> (SessionRow, Set<String>)? in
            guard let row = try db.openSession() else { return nil }
            return (row, try db.studentKeysSeen(groupID: row.groupID, since: row.openedAt))
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

    /// No class open: a name on a roster with a PIN (in any group) asks for
    /// its PIN and logs into that group; on several rosters it is refused
    /// (`name_on_rosters`); otherwise the `open` group as before.
    func checkRosterName(_ name: String, _ client: Client) {
        client.stage = .checking
        let openID = openGroupRef.id
        read({ db in try db.studentsWithPIN(named: name, exceptGroupID: openID) }) { [weak self] result in
            do {
                guard let self, client.connection.isOpen else { return }
                switch result {
                case .failure(let error):
                    self.storageUnavailable(client, during: "login.roster", error)
                    self.replayHeldLines(client)
                case .success(let found) where found.isEmpty:
                    self.checkStudent(name: name, group: self.openGroupRef, client)
                case .success(let found) where found.count == 1:
                    let group = GroupRef(id: found[0].student.groupID, name: found[0].group)
                    self.checkStudent(name: name, group: group, client)
                case .success(let found):
                    client.send(ErrorEvent(code: "name_on_rosters", name, found.map(\.group).joined(separator: ", ")))
                    client.stage = .name
                    self.promptName(client)
                    self.replayHeldLines(client)
                }
            }
        }
    }
}
