import AulaGames

/// What the board lets go of (play test, session 10): a room that closed, the
/// last class when it closes or another opens, a student a teacher forgot.
/// The projector shows this class, now — not what was.
extension Board {
    /// The rooms a page may follow (its dropdown, `/state`): those classmates
    /// see in `rooms` (a level of one's own with watchers off is not), and no
    /// level room — the board has no view of one; a challenge shows as its panel.
    package var followableRooms: [Room] {
        (server?.allRooms ?? []).filter { $0.kind != "level" && $0.game.isListed }
    }

    /// `Server.closeRoom`: the console's follow of it falls back to `auto`, an
    /// `auto` board lets it go, and pages showing it are told (`board.closed`).
    func roomClosed(_ room: Room) {
        guard room.kind != "level" else { return }
        let shown = follows(room: room.id, kind: room.kind) || pins.wants(room: room.id, kind: room.kind)
        if case .room(let id) = follow, id == room.id {
            follow = .auto
            autoTarget = nil
            publish(BoardFollowEvent(mode: "auto", room: nil, kind: nil))
        } else if case .auto = follow, autoTarget == room.id {
            // Back to the teacher's running game, if any (Board/BoardAutoRank.swift).
            if let back = teachersGame(closing: room.id) {
                autoTarget = back.target
                targetHeardAt = server?.loop.now ?? 0
                targetRoundEnded = false
                publish(BoardFollowEvent(mode: "auto", room: back.room?.id, kind: back.room?.kind ?? "level"))
            } else {
                autoTarget = nil
                publish(BoardFollowEvent(mode: "auto", room: nil, kind: nil))
            }
        }
        // Its last events stay in the ring for a page that pinned it (a final
        // leaderboard); a page following the console no longer gets them.
        // Rooms never shown (a load test's thousands) cost nothing more.
        guard shown else { return }
        publish(BoardClosedEvent(room: room.id))
    }

    /// `Server.classSession` changed (a class opened or closed): the last
    /// class's events leave the replay, its challenge panel goes, pages clear.
    func classChanged() {
        ring.removeAll { _ in true }
        challengePanel = nil
        challengeRooms = []
        panelForgotten = []
        if autoTarget == Self.challengeTarget { autoTarget = nil }
        publish(BoardClearedEvent())
    }

    /// `forget GROUP/NAME` went through: the student leaves every board view —
    /// the replay (events naming them), the challenge panel, open pages, and
    /// `/teacher`'s kicked list.
    package func forget(name: String, group: GroupRef) {
        let quoted = JSON.string(name).serializedBytes
        ring.removeAll { Self.contains($0.json, quoted) }
        if var panel = challengePanel, panel.rows.contains(where: { $0.name == name })
            || panel.leaderboard?.contains(where: { $0.name == name }) == true {
            panel.remove(name: name)
            panelForgotten.insert(name)
            challengePanel = panel
            publishChallenge()
        }
        if let server {
            let key = server.playerKey(group, name)
            if let hold = server.kicks.names[key] { forgottenKicks[key] = hold.until }
        }
        // To the open pages only: kept in the ring, it would name them again.
        guard !streams.isEmpty else { return }
        let frame = SSEWriter.frame(id: ring.lastID, data: json(BoardForgetEvent(student: name)))
        for stream in streams.values { stream.connection.send(bytes: frame) }
    }

    /// Whether `/teacher` leaves out this kick (its student was forgotten since).
    func isForgottenKick(key: String, until: Double) -> Bool {
        forgottenKicks[key] == until
    }

    /// Whether `needle` occurs in `haystack` (a name as a JSON string in an event).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
