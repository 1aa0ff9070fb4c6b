import AulaServer
import AulaGames
import AulaStore

/// A class challenge (SPEC §6): every student of the session on the same level,
/// each in their own room, on one shared deadline (a student with a teacher's
/// accommodation gets their own longer clock). It ends when every room is done
/// (solved, out of time, or left) or when the teacher stops it; then the class
/// leaderboard for it is saved as a round (game `level`, room `challenge`,
/// subject the level id; points as scored, since only a teacher starts one)
/// and, once durable, printed to everyone in it.
final class ClassChallenge {
    /// One student in the challenge.
    struct Entry {
        /// The student's connection now: a student back on a new one (after a kick,
        /// `release`, the reconnect grace) is the same row (`studentID`), session 11.
        var player: Player
        let studentID: Int64
        weak var game: LevelRoomGame?
        var roomID: String
        var finished = false
        /// For the teacher's `challenge status`: `run`s and `submit`s sent, stars of the solve.
        var runs = 0
        var submits = 0
        var stars = 0
        /// The solve, kept here when it happens: the room (and its game) is
        /// gone once the student leaves it, and the solve must still count
        /// (play test, session 8: `leave` turned it into "not solved", 0 points).
        var solved = false
        var points = 0
        /// Seconds from the challenge's start to the solve.
        var solvedAfter: Double?
        /// No accommodation: this student's clock is the shared one.
        let onSharedClock: Bool
        /// How the room finished (out of time, or closed: left), for the board's panel.
        var ending: BoardChallengeSnapshot.State? = nil
        /// The room closed because the teacher kicked the student (`challenge status` says so).
        var kicked = false
        /// The whole the time bonus counts against, fixed when the row's first clock started.
        var bonusWhole: Double?
        /// The teacher's extensions this row's clocks received (they carry over to a room made later).
        var extended: Double = 0
        /// The row's clock ran out, or a teacher's `skip` ran it out: the try is over
        /// (`leave` then `play` started it again, session 12); practice does not count.
        var outOfTime = false
    }

    /// One student's line of `challenge status`.
    /// One student's line of `challenge status` (the type lives in the core, Rooms/LevelRoomPorts.swift).
    typealias Status = ChallengeStatusRow

    /// A student arriving with less than this left is not put into it.
    static let latestJoinSeconds: Double = 30

    let level: Level
    let seconds: Double
    let teacher: String
    let group: GroupRef
    let sessionID: Int64?
    let startedAt: Double
    let startedOnLoop: Double
    weak var hub: LevelRooms?
    private(set) var entries: [Entry] = []
    private(set) var ended = false
    /// Set while the rooms are being made, so a room closing early cannot end it.
    private(set) var starting = true
    /// The shared clock: `sharedLeft` seconds were left at loop time
    /// `sharedAt`, counting down unless paused. It follows the clocks of the
    /// students on it when a teacher pauses, resumes or extends them (it
    /// ignored `pause all`/`extend all`: "4:33 left" over rows saying 5:39).
    private var sharedLeft: Double
    private var sharedAt: Double
    private(set) var sharedPaused = false
    /// The teacher's extensions inside the shared clock (a room opened later starts with them).
    private var sharedExtra: Double = 0

    init(level: Level, seconds: Double, teacher: String, group: GroupRef, sessionID: Int64?,
         startedAt: Double, startedOnLoop: Double, hub: LevelRooms) {
        self.level = level
        self.seconds = seconds
        self.teacher = teacher
        self.group = group
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.startedOnLoop = startedOnLoop
        self.hub = hub
        sharedLeft = seconds
        sharedAt = startedOnLoop
    }

    func add(_ player: Player, _ game: LevelRoomGame) {
        // Back after leaving it (`play` of the challenge's level): the same row, its
        // runs and submits kept, playing again on the shared clock (a last re-play).
        // Matched by the student, not the connection: back after a kick or a new login too.
        if let index = row(of: player) {
            entries[index].player = player
            entries[index].kicked = false
            entries[index].game = game
            entries[index].roomID = game.roomID
            entries[index].finished = game.isFinished
            entries[index].ending = nil
            showOnBoard()
            return
        }
        entries.append(Entry(player: player, studentID: player.studentID, game: game, roomID: game.roomID, finished: game.isFinished,
                             onSharedClock: ClassChallenge.isOnSharedClock(player)))
        showOnBoard()  // a latecomer (nothing while starting)
    }

    /// A student back on a new connection whose row stays as it is (solved, or
    /// too late to play): the leaderboard at the end reaches them there.
    func returned(_ player: Player) {
        guard let index = row(of: player) else { return }
        entries[index].player = player
        showOnBoard()
    }

    /// The student's row, whichever connection they are on.
    func row(of player: Player) -> Int? {
        entries.firstIndex { $0.studentID == player.studentID }
    }

    /// A room of this challenge starts its clock: the row's whole (fixed with its first
    /// clock), the extensions it already holds (the row's, or the shared clock's when
    /// more), and those of the row's own the new clock adds (session 11: a student back
    /// on a new row had no extensions recorded and won a bigger time bonus).
    func carried(for player: Player, allowance: Double?) -> (whole: Double?, extra: Double, ownExtra: Double) {
        guard let index = row(of: player) else { return (allowance, sharedExtra, 0) }
        if entries[index].bonusWhole == nil { entries[index].bonusWhole = allowance }
        let own = entries[index].extended
        return (entries[index].bonusWhole, max(own, sharedExtra), max(0, own - sharedExtra))
    }

    /// No accommodation that changes the challenge's length (LevelRoomGame.timeLimit:
    /// "untimed" and odd multipliers keep the shared clock in a challenge).
    static func isOnSharedClock(_ player: Player) -> Bool {
        guard let multiplier = player.timeMultiplier else { return true }
        return multiplier == 0 || multiplier == 1 || !(multiplier > 0 && multiplier.isFinite)
    }

    /// Every room is made: from now on the last room to finish ends the challenge.
    func doneStarting() {
        starting = false
        showOnBoard()
        if entries.allSatisfy(\.finished) { finish() }
    }

    /// A room solved, ran out of time or closed.
    func roomFinished(_ game: LevelRoomGame) {
        guard !ended, let index = entries.firstIndex(where: { $0.game === game }) else { return }
        entries[index].finished = true
        entries[index].ending = ClassChallenge.ending(of: game)
        if game.phase == .timeUp { entries[index].outOfTime = true }
        if !game.isSolved, hub?.host?.isKicked(entries[index].player) == true { entries[index].kicked = true }
        if !starting, entries.allSatisfy(\.finished) { finish() } else { showOnBoard() }
    }

    /// A student `forget` deleted: no row, no place on the leaderboard (their
    /// score could not be saved anyway: the student is gone).
    func forget(_ player: Player) {
        entries.removeAll { $0.studentID == player.studentID }
        if !entries.isEmpty, entries.allSatisfy(\.finished) { finish() } else { showOnBoard() }
    }

    /// Ends it now: rooms still playing run out of time, then the leaderboard.
    func finish(byTeacher: Bool = false) {
        guard !ended else { return }
        ended = true
        for entry in entries where !entry.finished { entry.game?.challengeEnded(byTeacher: byTeacher) }
        let rows = standings()
        showOnBoard()  // the panel's last state, with the leaderboard
        if hub?.challenge === self { hub?.challenge = nil }
        hub?.lastEndedLevelID = level.id
        guard let server = hub?.host else { return }
        server.log(.info, "challenge.end", ("level", level.id), ("students", entries.count))
        // Every entry has its row since login (issue 18): no score is dropped.
        let scores = entries.map { entry -> ScoreRecord in
            ScoreRecord(studentID: entry.player.studentID, points: entry.points, outcome: entry.solved ? .solved : .unsolved,
                        name: entry.player.name)
        }
        let record = RoundRecord(sessionID: sessionID, groupID: group.id, game: .level, room: "challenge",
                                 subject: level.id, detail: "{\"teacher\":\(JSON.string(teacher).serialized),\"seconds\":\(Int(seconds))}",
                                 startedAt: startedAt, endedAt: server.wallClock(), scores: scores)
        // The challenge is no longer the hub's: this closure keeps it until the leaderboard is out.
        server.write({ db in try db.saveRound(record) }, then: { [self, log = server.log] result in
            do {
                if case .failure(let error) = result {
                    log(.error, "challenge.save_failed", ("error", error.description))
                }
                self.announce(rows)
            }
        })
    }

    // MARK: What the teacher sees (`challenge status`)

    /// The level room counts a `run` or a `submit` it accepted (one line in LevelRoomRun).
    func noteRun(_ game: LevelRoomGame) { update(game) { $0.runs += 1 } }
    func noteSubmit(_ game: LevelRoomGame) { update(game) { $0.submits += 1 } }
    /// A solve was judged: kept in the entry (points, stars, when), whatever happens to the room next.
    func noteSolved(_ game: LevelRoomGame, points: Int, stars: Int, now: Double) {
        update(game) { entry in
            entry.stars = max(entry.stars, stars)
            entry.points = max(entry.points, points)
            if !entry.solved { entry.solvedAfter = max(0, now - startedOnLoop) }
            entry.solved = true
        }
        showOnBoard()
    }

    private func update(_ game: LevelRoomGame, _ change: (inout Entry) -> Void) {
        guard let index = entries.firstIndex(where: { $0.game === game }) else { return }
        change(&entries[index])
    }

    /// Every student in it, in the order they were put in.
    func status() -> [Status] {
        entries.map { entry in
            let game = entry.game
            var row = Status(name: entry.player.name, room: entry.roomID, runs: entry.runs, submits: entry.submits,
                             solved: entry.solved, stars: entry.stars, secondsLeft: game?.lessonSecondsLeft,
                             finished: entry.finished || game == nil)
            row.left = entry.ending == .left
            row.kicked = entry.kicked
            // Dropped, their room held for the reconnect grace: not "working" (session 11).
            row.away = !row.finished && !entry.player.isConnected
            return row
        }
    }

    /// Seconds left on the shared clock (a student's own clock may be longer).
    func secondsLeft(now: Double) -> Double {
        sharedPaused ? max(0, sharedLeft) : max(0, sharedLeft - max(0, now - sharedAt))
    }

    /// A teacher paused, resumed or extended a room's clock: the shared clock
    /// becomes the longest clock still running among the students on it, and
    /// is paused when all of theirs are. Called once per room, so `pause all`
    /// pauses it with the last room, and `extend all 60` adds 60 seconds once.
    func roomClockChanged(_ changed: LevelRoomGame, now: Double) {
        if let index = entries.firstIndex(where: { $0.game === changed }) {
            entries[index].extended = max(entries[index].extended, changed.extendedSeconds)
        }
        let games = entries.filter { $0.onSharedClock }.compactMap(\.game).filter(\.isPlaying)
        let lefts = games.compactMap(\.lessonSecondsLeft)
        guard let longest = lefts.max() else { return }
        if let leader = games.first(where: { $0.lessonSecondsLeft == longest }) { sharedExtra = leader.extendedSeconds }
        sharedLeft = longest
        sharedAt = now
        sharedPaused = games.allSatisfy(\.isPaused)
        showOnBoard()
    }

    /// Ranked by points (equal points share a rank), then by name.
    func standings() -> [LeaderboardEvent.Row] {
        let sorted = entries.map { ($0.player.name, $0.points) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.lowercased() < $1.0.lowercased() }
        var rows: [LeaderboardEvent.Row] = []
        for (i, (name, points)) in sorted.enumerated() {
            let rank = i > 0 && rows[i - 1].points == points ? rows[i - 1].rank : i + 1
            rows.append(.init(rank: rank, name: name, points: points))
        }
        return rows
    }

    private func announce(_ rows: [LeaderboardEvent.Row]) {
        let board = LeaderboardEvent(scope: "challenge:\(level.id)", title: Phrase("level.challenge.leaderboard", [level.id]),
                                     rows: rows)
        let totals = rows.map { LevelRoundEndEvent.Row(name: $0.name, points: $0.points) }
        // The teacher sees the board the students get, whoever ended it (SPEC §12).
        hub?.host?.tellTeachers(board)
        for entry in entries {
            // A student away at the end reads it on the way back (session 10's note).
            entry.player.sendOrKeepForReturn(board)
            // The room's `round.end` only to those still in it: one who left
            // gets the class's leaderboard, and the lobby's prompt when there
            // (session 12: `round.end` for `level-7` reached the lobby, no prompt).
            if let game = entry.game, let room = game.room, entry.player.room === room {
                entry.player.send(LevelRoundEndEvent(room: room.id, outcome: "challenge", round: totals, leaderboard: totals))
            } else if entry.player.room == nil, entry.player.isConnected {
                entry.player.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby")))
            }
        }
        // Everyone back to the lobby, so the teacher's next activity (a quiz, a room)
        // reaches the whole class (session 10: the class sat in finished level rooms,
        // `quiz host` told only those who had left, `room create` was refused).
        guard let server = hub?.host else { return }
        for entry in entries {
            guard let game = entry.game, let room = game.room, room.game === game else { continue }
            server.closeRoom(room, reason: Phrase("level.challenge.back_to_lobby"))
        }
    }
}

/// The console reaches the running challenge through `ClassChallenges`
/// (kept here so the level rooms' own files stay as they are).
extension LevelRooms: ClassChallengeStatus {
    package var runningChallengeStatus: (any RunningChallengeStatus)? { runningClassChallenge }

    var runningClassChallenge: ClassChallenge? {
        guard let challenge, !challenge.ended else { return nil }
        return challenge
    }
}

extension ClassChallenge: RunningChallengeStatus {
    package var levelID: String { level.id }
}
