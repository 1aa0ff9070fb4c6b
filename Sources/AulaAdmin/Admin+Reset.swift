import AulaGames
import AulaServer
import AulaStore

/// `reset NAME [LEVEL]` (or `reset GROUP/NAME [LEVEL]`), session 11: the
/// student's level map starts again — every level, or only LEVEL (`reset Nico
/// w2-05` was read as a student called "Nico w2-05"). Solved levels, their
/// stars and XP go, and so do their attempts on the teacher's `progress` grid;
/// the points earned stay on the leaderboard, and a re-solve adds only what
/// beats the best score behind them (AulaStore/LevelReset.swift). A level room
/// of one's own the student has open on a cleared level is closed, told: it
/// could be solved at 0 XP "inside" a locked world.
extension AdminCall {
    func resetProgress(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.reset") }
        var words = args.words
        var levelID: String?
        if words.count > 1, let last = words.last, server.content.levels.level(id: last) != nil {
            levelID = server.content.levels.level(id: last)?.id
            words.removeLast()
        }
        let typed = words.joined(separator: " ")
        let preferred = server.classSession?.group.id
        let level = levelID
        write({ db -> Result<AdminStudent, Refusal> in
            let found = try AdminStudent.one(db, typed: typed, preferredGroup: preferred)
            if case .success(let student) = found { try db.resetProgress(studentID: student.id, levelID: level) }
            return found
        }) { [self] result in
            switch result {
            case .failure(let refusal) where refusal.code == "no_such_student" && words.count > 1:
                // "Nico w9-99": maybe a level that does not exist — the usage names the level form.
                say(InfoEvent("admin.reset.usage_hint", style: .warn))
                fail(refusal)
            case .failure(let refusal): fail(refusal)
            case .success(let student):
                let key = server.playerKey(GroupRef(id: student.groupID, name: student.group), student.name)
                let closed = server.players[key].flatMap { closeResetLevel(of: $0, level: level) }
                if let player = server.players[key] {
                    if let level {
                        player.send(InfoEvent("admin.reset.told_level", level, style: .warn))
                    } else {
                        player.send(InfoEvent("admin.reset.told", style: .warn))
                    }
                }
                if let level {
                    info("admin.reset.done_level", student.name, student.group, level, style: .good)
                } else {
                    info("admin.reset.done", student.name, student.group, style: .good)
                }
                if let closed { info("admin.reset.room_closed", student.name, closed) }
                done()
            }
        }
    }

    /// Closes the student's own level room when its level was cleared (a class
    /// challenge's room stays, solved or not: the challenge is open to everyone,
    /// whatever the map — session 12: a solved row's room was closed).
    /// Returns the room's id when closed.
    private func closeResetLevel(of player: Player, level: String?) -> String? {
        guard let room = player.room, room.isHost(player), let game = room.game as? any LevelRoomState,
              !game.isChallengeRoom, level == nil || level == game.levelID else { return nil }
        server.closeRoom(room, reason: Phrase("admin.reset.room_reason", [game.levelID]))
        return room.id
    }
}
