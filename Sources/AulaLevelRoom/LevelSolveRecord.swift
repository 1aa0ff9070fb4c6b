import AulaServer
import AulaGames
import AulaStore

/// What the database said when a solve was recorded: XP before and after,
/// the levels solved before, the best score on this level now.
struct SolveRecord: Sendable {
    let xpBefore: Int
    let xpGranted: Int
    let solvedBefore: Set<String>
    let best: Int
}

/// Saving a solve: level progress (best score, stars, XP granted once) and —
/// outside a class challenge — a round for the leaderboard, in one write.
/// The round's points are the *improvement* over the student's previous best
/// on the level (0 when not better), so repeating a level cannot farm points:
/// a student's level total is the sum of their best scores. The result is
/// printed only after the write committed (SPEC §8).
extension LevelRoomGame {
    func recordSolve(_ verdict: Verdict, by player: Player) {
        guard let server, let room else { return }
        // Kept in the challenge now: the room may be gone (`leave`) by the time it ends.
        challenge?.noteSolved(self, points: verdict.points, stars: verdict.stars, now: server.loop.now)
        let studentID = player.studentID
        let levelID = level.id, xpReward = level.xpReward
        let score = verdict.points, stars = verdict.stars
        let roundRecord: RoundRecord? = inChallenge ? nil : RoundRecord(
            sessionID: server.classSession.flatMap { $0.group == player.group ? $0.id : nil },
            groupID: player.group.id, game: .level, room: room.id, subject: levelID,
            detail: "{\"score\":\(score),\"stars\":\(stars),\"statements\":\(verdict.statements),\"steps\":\(verdict.steps)}",
            startedAt: openedAt, endedAt: server.wallClock(), scores: [])
        let solvedAt = server.wallClock()
        // The lines after a solving `submit` (`leave`, `who`) wait for its verdict, which
        // comes after this write (a play test: `submit` then `leave` never showed it).
        let answered = server.owesAnswer(player)
        server.write({ db -> SolveRecord? in
            // Forgotten meanwhile (`aula forget` beside the server): nothing to keep, and
            // said as such — not "could not be saved right now" (a re-play).
            guard try db.student(id: studentID) != nil else { return nil }
            let before = try db.levelProgress(studentID: studentID)
            let xpBefore = try db.xp(studentID: studentID)
            // The best the points already count — kept across a teacher's `reset` (session 11:
            // a re-solve after a reset added the whole 210 points again).
            let previousBest = try db.pointsBest(studentID: studentID, levelID: levelID)
            let result = try db.recordLevelResult(studentID: studentID, levelID: levelID, score: score, stars: stars,
                                                  solvedAt: solvedAt, xpReward: xpReward)
            if var round = roundRecord {
                round.scores = [ScoreRecord(studentID: studentID, points: max(0, score - previousBest), outcome: .solved)]
                try db.saveRound(round)
            }
            return SolveRecord(xpBefore: xpBefore, xpGranted: result.xpGranted,
                               solvedBefore: Set(before.map(\.levelID)), best: max(previousBest, score))
        }, then: { [weak self, log = server.log] result in
            defer { answered() }
            do {
                guard let self else { return }
                switch result {
                case .success(let record?):
                    self.best = record.best
                    self.announceSolve(verdict, player: player, record: record)
                case .success(nil):
                    log(.warn, "level.student_forgotten", ("level", levelID), ("name", player.name))
                    server.tellTeachers(InfoEvent("admin.student_forgotten_online", player.group.name + "/" + player.name, style: .warn))
                    self.announceSolve(verdict, player: player, record: nil, forgotten: true)
                case .failure(let error):
                    log(.error, "level.save_failed", ("level", levelID), ("error", error.description))
                    self.announceSolve(verdict, player: player, record: nil)
                }
            }
        })
    }

    /// The result, what was unlocked, and the end of the round.
    private func announceSolve(_ verdict: Verdict, player: Player, record: SolveRecord?, forgotten: Bool = false) {
        guard let room, let server else {
            challenge?.roomFinished(self)
            return
        }
        room.broadcast(submitResult(verdict))
        if let record {
            let library = server.content.levels
            let xpAfter = record.xpBefore + record.xpGranted
            let solvedAfter = record.solvedBefore.union([level.id])
            let unlocked = library.levels.filter { other in
                guard case .locked = library.status(of: other.id, xp: record.xpBefore, solved: record.solvedBefore) else { return false }
                return library.status(of: other.id, xp: xpAfter, solved: solvedAfter) == .open
            }.map { LevelProgressEvent.Item(id: $0.id, en: $0.title("en"), es: $0.title("es")) }
            let oldNotes = Set(library.unlockedNotes(xp: record.xpBefore, solved: record.solvedBefore))
            let notes = library.unlockedNotes(xp: xpAfter, solved: solvedAfter).filter { !oldNotes.contains($0) }.map { id in
                let entry = NoteEntry(id: id, library: library)
                return LevelProgressEvent.Item(id: id, en: entry.en, es: entry.es, esName: entry.esName)
            }
            player.send(LevelProgressEvent(room: room.id, xp: xpAfter, xpGained: record.xpGranted, unlocked: unlocked, notes: notes))
        } else {
            player.send(ErrorEvent(code: forgotten ? "level_not_kept" : "level_not_saved"))
        }
        if !inChallenge {
            room.broadcast(LevelRoundEndEvent(room: room.id, outcome: "solved",
                                              round: [.init(name: player.name, points: verdict.points)],
                                              leaderboard: [.init(name: player.name, points: record?.best ?? verdict.points)]))
        }
        challenge?.roomFinished(self)
    }
}
