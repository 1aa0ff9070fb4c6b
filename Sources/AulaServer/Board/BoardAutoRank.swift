/// Which game an `auto` board prefers (session 12: a student's solo hangman
/// rooms — create, start, leave, again — took the projector from the
/// teacher's quiz each time, and closing one left the board on nothing). The
/// teacher's own game — a quiz the console hosts, or the class challenge —
/// outranks the students' rooms; a room of several outranks a one-player one
/// when both are busy. When the followed room closes, `auto` goes back to the
/// teacher's game if one is running.
extension Board {
    enum AutoRank: Int, Comparable {
        case gone = -1, solo = 0, several = 1, teachers = 2
        static func < (a: AutoRank, b: AutoRank) -> Bool { a.rawValue < b.rawValue }
    }

    /// The rank of an `auto` target (a room id or `challengeTarget`); `room` when the caller has it.
    func autoRank(_ target: String?, room given: Room? = nil) -> AutoRank {
        guard let target else { return .gone }
        if target == Self.challengeTarget { return challengeRunning ? .teachers : .gone }
        guard let room = given ?? server?.rooms[target] else { return .gone }
        if room.teacherHost != nil { return .teachers }
        return room.players.count >= 2 ? .several : .solo
    }

    /// Whether `auto` may move from what it follows to `target` (after the
    /// quiet/round-end rule said the board is free, or a quiz question came).
    func autoMayMove(to target: String, room: Room, free: Bool) -> Bool {
        let current = autoRank(autoTarget)
        guard current != .gone else { return true }
        let next = autoRank(target, room: room)
        // The teacher's game keeps the board from the students' rooms even while quiet.
        if current == .teachers && next < .teachers { return false }
        // A quiz question takes a busy board only from a room that ranks no higher.
        return free || next >= current
    }

    var challengeRunning: Bool { challengePanel.map { !$0.ended } ?? false }

    /// What `auto` goes back to when the room it followed closes: the running
    /// challenge, else the newest room the console hosts; nil when neither.
    func teachersGame(closing: String) -> (target: String, room: Room?)? {
        if challengeRunning { return (Self.challengeTarget, nil) }
        let hosted = (server?.allRooms ?? []).filter { $0.id != closing && $0.teacherHost != nil && $0.kind != "level" }
        // Room ids end in the server's room counter (`quiz-12`): the highest is the newest.
        let order = { (room: Room) in Int(room.id.split(separator: "-").last ?? "") ?? 0 }
        guard let newest = hosted.max(by: { order($0) < order($1) }) else { return nil }
        return (newest.id, newest)
    }
}
