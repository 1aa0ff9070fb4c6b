import AulaServer
import AulaGames

/// The level rooms' shared part: registers `create level LEVEL` (alias
/// `nivel`), hands out the class challenge's rooms, and is the server's
/// `ClassChallenges` (the teachers' console calls it). One per server, on the loop thread.
public final class LevelRooms: ClassChallenges {
    /// The server through the level rooms' port (Rooms/LevelHost.swift in the core), not `Server`.
    weak var host: (any LevelHost)?
    /// The challenge being played, if any.
    var challenge: ClassChallenge?
    /// The level of the last challenge that ended, for a `challenge stop` typed after it.
    var lastEndedLevelID: String?
    /// Compiles, runs and judges programs off the loop (`run`, `step`, `submit`).
    let judge: JudgeWorker

    init(host: any LevelHost, judgeSlowdown: Double = 0) {
        self.host = host
        judge = JudgeWorker(slowdown: judgeSlowdown)
    }

    /// Registers the level rooms and sets `server.classChallenges`.
    public static func register(_ server: Server) {
        let hub = LevelRooms(host: server, judgeSlowdown: server.config.judgeSlowdown)
        server.classChallenges = hub
        server.registerRoomHelp("level", LevelRoomCommands.table.entries)  // `help run` in the lobby
        server.registerGame("level", alias: "nivel") { [hub] server, host, args in
            hub.makeGame(server: server, host: host, args: args)
        }
    }

    private func makeGame(server: any RoomHost, host: Player, args: Arguments) -> Result<RoomGame, Refusal> {
        guard let word = args[0] else { return .failure(Refusal.usage("missing_argument", "play")) }
        guard let level = LevelRooms.findLevel(word, in: server.content.levels) else {
            return .failure(Refusal(code: "no_such_level", args: [String(word.prefix(24))]))
        }
        return .success(LevelRoomGame(level: level, hub: self, challenge: nil))
    }

    /// A level by id, case-insensitively.
    static func findLevel(_ word: String, in library: LevelLibrary) -> Level? {
        LevelLookup.findLevel(word, in: library)
    }

    // MARK: ClassChallenges

    public func startChallenge(levelID: String, minutes: Double?, startedBy teacher: String) -> Result<Int, Refusal> {
        guard let server = host else { return .failure(Refusal(code: "no_students")) }
        if let running = challenge, !running.ended {
            return .failure(Refusal(code: "challenge_running", args: [running.level.id]))
        }
        guard let level = LevelRooms.findLevel(levelID, in: server.content.levels) else {
            return .failure(Refusal(code: "no_such_level", args: [String(levelID.prefix(24))]))
        }
        // The console's own bound (Admin+Lesson.swift): one limit, said alike.
        if let minutes, !(minutes.isFinite && minutes > 0 && minutes <= 180) {
            return .failure(Refusal(code: "bad_minutes", args: ["180"]))
        }
        let group = server.classSession?.group ?? server.openGroupRef
        let students = server.onlinePlayers(in: group)
        guard !students.isEmpty else { return .failure(Refusal(code: "no_students")) }
        let seconds = minutes.map { $0 * 60 } ?? Double(level.timeLimit)
        let challenge = ClassChallenge(level: level, seconds: seconds, teacher: teacher, group: group,
                                       sessionID: server.classSession?.id, startedAt: server.wallClock(),
                                       startedOnLoop: server.loop.now, hub: self)
        self.challenge = challenge
        server.log(.info, "challenge.start", ("level", level.id), ("seconds", Int(seconds)), ("students", students.count),
            ("teacher", teacher))
        for student in students {
            student.send(LevelClockInfoEvent(key: "level.challenge.started", args: [teacher, level.id], seconds: seconds))
            place(student, in: challenge, server: server)
        }
        let count = challenge.entries.count
        challenge.doneStarting()
        return count > 0 ? .success(count) : .failure(Refusal(code: "no_students"))
    }

    /// Puts a student into the challenge's level, in a room of their own.
    private func place(_ student: Player, in challenge: ClassChallenge, server: any LevelHost) {
        if student.room != nil { server.leaveRoom(student, reason: Phrase("level.challenge.moved"), movingOn: true) }
        student.lineInterceptor = nil
        // The challenge goes to its room's game directly (no factory lookup on the side).
        guard student.room == nil else { return }
        // The student's next lines (`code`, a program, `run` pasted after `play` or the
        // login) wait until the room has opened, then run in order (session 11: they were
        // answered "still opening" and lost). Taken before `openRoom`, whose own hold
        // ends before the room reads the student's course.
        let answered = server.owesAnswer(student)
        let game = LevelRoomGame(level: challenge.level, hub: self, challenge: challenge)
        server.openRoom(kind: "level", game: game, by: student)
        guard student.room?.game === game else { return answered() }
        game.openedHold = answered
        challenge.add(student, game)
        if game.phase != .checking { game.releaseHold() }
    }

    public func studentArrived(_ player: Player) {
        guard let challenge, !challenge.ended, let server = host, player.group.id == challenge.group.id else { return }
        // Back on a new connection (after a kick, `release`, the reconnect grace): their
        // own row, not a second one (session 11).
        let earlier = challenge.row(of: player).map { challenge.entries[$0] }
        if let earlier, earlier.player === player { return }
        if let earlier, earlier.solved || earlier.outOfTime {
            // Solved already, or out of time (the clock or a teacher's `skip`): nothing to
            // play again; the leaderboard reaches them here.
            challenge.returned(player)
            return
        }
        let left = challenge.secondsLeft(now: server.loop.now)
        // Too late to be worth it: they would only see the clock run out.
        guard left >= ClassChallenge.latestJoinSeconds else {
            if earlier != nil { challenge.returned(player) }
            return
        }
        server.log(.info, earlier == nil ? "challenge.late_join" : "challenge.back", ("level", challenge.level.id), ("name", player.name))
        if earlier == nil {
            player.send(LevelClockInfoEvent(key: "level.challenge.joined_late", args: [challenge.teacher, challenge.level.id],
                                            seconds: left))
        } else {
            player.send(LevelClockInfoEvent(key: "level.challenge.back_in_row", args: [challenge.level.id], seconds: left))
        }
        place(player, in: challenge, server: server)
    }

    /// `play LEVEL` of the running challenge's level by one of its students who
    /// left it: back into it, on the shared clock. False when that is not the case.
    /// A try that ran out of time (or a teacher skipped) stays over: the level opens
    /// as practice, said so (session 12: `leave`, `play` gave a fresh challenge room).
    public func rejoinChallenge(_ player: Player, levelID: String) -> Bool {
        guard let challenge, !challenge.ended, let server = host, challenge.level.id == levelID,
              let index = challenge.row(of: player), case let entry = challenge.entries[index], !entry.solved,
              entry.game?.room == nil || entry.game?.room !== player.room else { return false }
        if entry.outOfTime {
            player.send(InfoEvent("level.challenge.attempt_over", challenge.level.id, style: .warn))
            return false
        }
        place(player, in: challenge, server: server)
        return true
    }

    public func studentForgotten(_ player: Player) {
        guard let challenge, !challenge.ended else { return }
        challenge.forget(player)
    }

    public func stopChallenge() -> Result<Void, Refusal> {
        guard let challenge, !challenge.ended else {
            // Ended by itself (everyone finished, or the clock): said as such, so the
            // guide's `challenge stop` does not read as a mistake (a teacher's first lesson).
            if let ended = lastEndedLevelID {
                return .failure(Refusal("challenge_already_ended", Phrase("admin.challenge.already_ended", [ended])))
            }
            return .failure(Refusal(code: "no_challenge"))
        }
        challenge.finish(byTeacher: true)
        return .success(())
    }

    public var runningChallenge: (levelID: String, secondsLeft: Double)? {
        guard let challenge, !challenge.ended, let server = host else { return nil }
        return (challenge.level.id, challenge.secondsLeft(now: server.loop.now))
    }
}
