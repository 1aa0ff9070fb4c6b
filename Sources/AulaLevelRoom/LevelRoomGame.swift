import AulaServer
import AulaGames
import AulaStore

/// A level room: one student (the host) writes a program for Ada on a timed
/// level; others may watch when the host allows it (`set watchers on`). The
/// room checks the level is unlocked (from the database) before it opens,
/// then shows the story, the summary, the board and the clock. Lives on the
/// loop thread, like everything in the server.
public final class LevelRoomGame: RoomGame {
    /// Where the room is in its life.
    enum Phase: Equatable { case checking, playing, solved, timeUp, closed }

    /// The trace prints at most this many steps (runs can be 10,000 long); the last step is always shown.
    static let traceLimit = 200
    /// Text clients see this many steps of a `run` (and the last); `trace` shows the rest (issue 14).
    static let textTraceLimit = 40

    public let kind = "level"
    public let maxPlayers = 1
    public let level: Level
    let hub: LevelRooms
    weak var room: Room?
    weak var challenge: ClassChallenge?
    /// Opened by a teacher's class challenge: no XP lock, one shared deadline.
    let inChallenge: Bool

    var phase: Phase = .checking
    /// The teacher's `challenge stop` ended this level (not its clock).
    var stoppedByTeacher = false
    var editor: CodeEditor
    var editorOpen = false
    /// The editor's complaints said in this burst of lines (each once).
    var notices = EditorNotices()
    var spelling: String
    /// The layout `run`, `step` and `board` use; after a failed `submit` it is the failing one.
    var shownLayout: LevelLayout
    /// A paused run for `step`; editing the program drops it.
    var stepping: LevelRun?
    /// The last `run`'s trace, for `trace`.
    var lastRun: RunReport?
    /// Where the last `run` or step-through stopped, until the program changes
    /// or a `submit` is judged: `board` and `around` describe Ada there
    /// (`nowBoard`), not back at the start (session 10's play test).
    var afterRun: BoardView?
    var hintsGiven = 0
    var watchersAllowed = false
    var clock: LevelClock?
    /// The whole the time bonus counts against, fixed when the clock starts
    /// (`allowance(for:)` then): an accommodation given later does not move it.
    var bonusWhole: Double?
    /// A teacher's extensions already inside the clock's limit when it started (a
    /// challenge's room opened after `extend all`, or a student back in their row):
    /// the time bonus leaves them out as it does the clock's own (session 11).
    var priorExtra: Double = 0
    /// The student's next lines, held until the room has opened (a class
    /// challenge's room reads the course after it is made): called once.
    var openedHold: (() -> Void)?
    /// Wall-clock second the level opened (the saved round's start).
    var openedAt: Double = 0
    /// The points of the solve in this room (0 until solved).
    public internal(set) var score = 0
    var submitting = false
    /// The coder's student row (nil for guests): attempts and the kept program go there.
    var coderStudentID: Int64?
    /// The student's best score on this level before and during this room (time-up shows it).
    var best = 0
    /// The program as last written to the database (so unchanged programs are not rewritten).
    var keptSource = ""
    /// Lines of a kept program put back when the room opened, to announce once.
    var restoredLines = 0
    /// The student's course, read by `prepare` before the room opened (a level of
    /// one's own); a challenge's room reads it in `attach`.
    var prepared: LevelCourseState?
    /// Seconds a teacher's `accommodate` added to the open clock mid-level
    /// (LevelAccommodation.swift); the time bonus leaves them out like an `extend`.
    var accommodatedSeconds: Double = 0
    /// The clock an `accommodate … untimed` stopped mid-level: it goes on counting
    /// unseen, so the time bonus is what it would have been (it costs no points).
    var clockBeforeUntimed: LevelClock?

    init(level: Level, hub: LevelRooms, challenge: ClassChallenge?) {
        self.level = level
        self.hub = hub
        self.challenge = challenge
        inChallenge = challenge != nil
        editor = CodeEditor(maxLines: level.maxStatements)
        spelling = HintSpelling.initial(for: level)
        shownLayout = level.layout(seed: Level.shownSeed)
    }

    public var isPlaying: Bool { phase == .playing }
    /// Classmates see the room in `rooms` only while they may join it to watch.
    public var isListed: Bool { watchersAllowed }
    public var about: Phrase { Phrase(inChallenge ? "level.room.about_challenge" : "level.room.about", [level.id]) }
    public var commands: CommandTable<GameCall> { LevelRoomCommands.table }
    /// The room's narrow port to the server (Rooms/RoomHost.swift).
    var server: (any RoomHost)? { room?.server }
    var roomID: String { room?.id ?? "" }
    /// The student playing (the room's host).
    var coder: Player? { room?.host }
    public var isSolved: Bool { phase == .solved }
    public var isFinished: Bool { phase == .solved || phase == .timeUp || phase == .closed }

    // MARK: Opening

    /// A level of one's own: the student's XP is read before any room opens, so a
    /// locked level is refused alone (it opened a room, said "locked" and closed
    /// it: a play test). A teacher's challenge ignores the lock.
    public func prepare(host: Player, _ ready: @escaping (Refusal?) -> Void) {
        guard !inChallenge, let server = hub.host else { return ready(nil) }
        let level = self.level
        readCourse(of: host, server: server) { [weak self] state in
            guard let self else { return }
            if let state, case .locked(let need) = server.content.levels.status(of: level.id, xp: state.xp, solved: state.solved) {
                return ready(Refusal(code: "level_locked", args: [level.id, String(need), String(state.xp), String(need - state.xp)]))
            }
            // Unreadable (nil): open the level rather than call it locked.
            self.prepared = state ?? LevelCourseState()
            ready(nil)
        }
    }

    public func attach(to room: Room) {
        self.room = room
        if let prepared {
            self.prepared = nil
            opened(with: prepared)
            return
        }
        guard let server = self.server else { return }
        readCourse(of: room.host, server: server) { [weak self] state in
            guard let self, self.phase == .checking else { return }
            self.opened(with: state ?? LevelCourseState())
        }
    }

    /// The student's XP, solved levels and kept program; nil when the database
    /// cannot say (logged).
    private func readCourse(of host: Player, server: any RoomHost, _ done: @escaping (LevelCourseState?) -> Void) {
        let studentID = host.studentID, levelID = level.id
        server.read({ db -> LevelCourseState? in
            try LevelRoomGame.readCourse(db, studentID: studentID, levelID: levelID)
        }) { [log = server.log] result in
            switch result {
            case .success(let found):
                done(found ?? LevelCourseState())
            case .failure(let error):
                log(.warn, "level.progress_unreadable", ("error", error.description))
                done(nil)
            }
        }
    }

    private func opened(with state: LevelCourseState) {
        coderStudentID = state.studentID
        restore(state)
        open()
        releaseHold()
    }

    /// The held lines run now, in the order typed (`code`, a program, `run`).
    func releaseHold() {
        let hold = openedHold
        openedHold = nil
        hold?()
    }

    deinit { openedHold?() }

    /// The clock's length for this student: the level's limit (or the
    /// challenge's), stretched by a teacher's accommodation; nil when untimed.
    /// In a challenge the clock is shared: whoever arrives late gets what is left
    /// (the shared clock's, so a teacher's `extend all` counts for them too).
    func timeLimit(whole: Double?, now: Double) -> Double? {
        guard let full = whole, let challenge else { return whole }
        // What the shared clock has used up — negative after `extend all`, whose
        // seconds a latecomer gets too (clamped at 0, a latecomer got the level's
        // whole time instead of the 5:47 they were told: a play test).
        return max(1, full - (challenge.seconds - challenge.secondsLeft(now: now)))
    }

    /// The whole time this student is allowed, as if there from the start: the
    /// level's (or the challenge's) time, stretched by an accommodation; nil
    /// when untimed. The time bonus is counted against it plus the teacher's
    /// extensions (session 10: a latecomer's 45 s left of 50 and an extended
    /// 612 s of 600 both beat classmates who had solved earlier).
    func allowance(for player: Player) -> Double? {
        let base = challenge?.seconds ?? Double(level.timeLimit)
        let full: Double?
        if let multiplier = player.timeMultiplier {
            if multiplier == 0 {
                full = inChallenge ? base : nil
            } else {
                full = multiplier > 0 && multiplier.isFinite ? base * multiplier : base
            }
        } else {
            full = base
        }
        return full
    }

    private func open() {
        guard let room, let server = self.server else { return }
        phase = .playing
        openedAt = server.wallClock()
        // In a challenge the row's own whole and extensions carry over to a room made
        // later (a student back on a new connection: session 11), and the marks follow
        // the shared clock's whole, not what was left on arrival.
        let carried = challenge?.carried(for: room.host, allowance: allowance(for: room.host))
        let whole: Double? = if let carried { carried.whole } else { allowance(for: room.host) }
        let limit = timeLimit(whole: whole, now: server.loop.now).map { $0 + (carried?.ownExtra ?? 0) }
        let clock = LevelClock(loop: server.loop, limit: limit, marksOf: carried?.whole)
        priorExtra = carried?.extra ?? 0
        clock.onAnnounce = { [weak self] seconds in
            guard let self, let room = self.room else { return }
            room.broadcast(LevelTimerEvent(room: room.id, secondsLeft: Double(seconds), limit: self.clock?.total,
                                           occasion: .announcement, paused: false))
        }
        clock.onTimeUp = { [weak self] in self?.timeUp() }
        self.clock = clock
        bonusWhole = whole
        room.broadcast(LevelOpenedEvent(room: room.id, level: level, timeLimit: clock.limit, challenge: inChallenge,
                                        spelling: spelling, newNote: LevelOpenedEvent.newNote(level, server.content.levels)))
        room.broadcast(LevelBoardEvent(room: room.id, board: shownBoard, caption: Phrase("level.board.caption")))
        // A latecomer while the teacher has paused the whole challenge: their
        // clock waits with everyone's until `resume all` — told as paused, not
        // "the clock is running" then "paused" (a sweep).
        let startsPaused = challenge?.sharedPaused == true
        room.broadcast(LevelTimerEvent(room: room.id, secondsLeft: clock.secondsLeft, limit: clock.limit,
                                       occasion: startsPaused ? .asked : .opened, paused: startsPaused))
        room.host.send(InfoEvent("level.opened.hint"))
        announceRestored(to: room.host)
        clock.start()
        if startsPaused, clock.pause() { room.broadcast(PausedEvent(room: room.id, secondsLeft: lessonSecondsLeft)) }
    }

    /// The shown layout before any step.
    var shownBoard: BoardView {
        BoardView(state: BoardState(level: level, layout: shownLayout))
    }

    /// Ada now: mid step-through, where the last run stopped, else the start.
    var nowBoard: BoardView { stepping?.board ?? afterRun ?? shownBoard }

    /// The caption that says which of those `nowBoard` is.
    var nowCaption: Phrase {
        Phrase(stepping != nil ? "level.board.caption_step" : (afterRun != nil ? "level.board.caption_now_after" : "level.board.caption"))
    }

    /// The program changed or was judged: the next run starts from the start, and so does "now".
    func startOver() {
        stepping = nil
        afterRun = nil
    }

    // MARK: The clock

    /// The clock ran out (or a teacher's `skip` ran it out): the attempt ends as `time_up`.
    func timeUp() {
        guard phase == .playing, let room else { return }
        phase = .timeUp
        var result = LevelResultEvent(room: room.id, kind: .timeUp, solved: false, seedsPassed: 0,
                                      seedsTotal: level.judgedLayoutCount, points: 0, stars: 0,
                                      reason: "time_up", reasonPhrase: Phrase(stoppedByTeacher ? "level.end.challenge_stopped" : "level.end.time_up"),
                                      statements: 0, steps: 0, par: level.parStatements)
        result.inChallenge = inChallenge
        room.broadcast(result)
        if !inChallenge {
            // The real best (from the database when the room opened), not this round's 0.
            room.broadcast(LevelRoundEndEvent(room: room.id, outcome: "time_up",
                                              round: [.init(name: room.host.name, points: 0)],
                                              leaderboard: [.init(name: room.host.name, points: best)]))
        }
        keepProgram()
        challenge?.roomFinished(self)
    }

    /// The challenge ended before this room did: time is up here too.
    /// The challenge ended with this level unsolved: by its clock, or by the
    /// teacher's `challenge stop` — then the student reads that, not "Time is
    /// up!" (found re-playing the fixes). JSON's `reason` stays `time_up`.
    func challengeEnded(byTeacher: Bool = false) {
        guard phase == .playing else { return }
        stoppedByTeacher = byTeacher
        clock?.runOut()
    }

    /// A line of program typed outside the editor (`walk();`) gets how to put
    /// it in, not just "Unknown command" (found re-playing the fixes). Only
    /// the coder's, and only what looks like code: `;` or a brace at the end,
    /// or a call's parentheses.
    public func bareInput(_ line: String, from player: Player) -> Bool {
        guard let room, room.isHost(player), ProgramLineShape.looksLikeProgram(line) else { return false }
        player.refuse(Refusal(code: "code_outside_editor", args: [line.trimmingCharacters(in: .whitespaces)]))
        return true
    }

    // MARK: Members

    /// Refused before the join is announced (play test, session 8: 60 `join`s
    /// flooded the player with "joined… / left… has not allowed watchers").
    public func admits(_ player: Player) -> Refusal? {
        guard let room, !watchersAllowed else { return nil }
        return Refusal(code: "watchers_off", args: [room.host.name])
    }

    public func playerJoined(_ player: Player, spectator: Bool) {
        guard let room, let server = self.server else { return }
        // `admits` said no already; kept for a join that comes another way.
        guard watchersAllowed else {
            player.send(ErrorEvent(code: "watchers_off", room.host.name))
            server.leaveRoom(player, reason: Phrase("level.room.watchers_off"))
            return
        }
        player.send(LevelOpenedEvent(room: room.id, level: level, timeLimit: clock?.limit, challenge: inChallenge,
                                     spelling: spelling, newNote: LevelOpenedEvent.newNote(level, server.content.levels),
                                     secondsLeft: clock?.secondsLeft))
        player.send(LevelBoardEvent(room: room.id, board: nowBoard, caption: nowCaption))
        // The watcher's clock: the coder's time left (session 12: no `timer` at all).
        if phase == .playing, clock?.isTimed == true { showTime(to: player) }
    }

    public func playerLeft(_ player: Player) {
        guard let room, let server = self.server else { return }
        player.lineInterceptor = nil
        // Out of a running class challenge: said, with the way back (it was silent).
        if room.isHost(player), isChallengeRunning {
            player.send(InfoEvent("level.challenge.left", level.id, style: .warn))
        }
        // The coder leaving ends the room for the watchers too.
        if room.isHost(player) {
            closeDown()
            if room.members.count > 1 { server.closeRoom(room) }
        }
    }

    public func playerReconnected(_ player: Player) {
        guard let room, room.isHost(player) else { return }
        // A bot coming back had no goals or limits unless it kept them (session 10):
        // JSON readers get `level.opened` again; text readers the board and clock, as before.
        if player.client?.renderer.mode == .json, let server {
            player.send(LevelOpenedEvent(room: room.id, level: level, timeLimit: clock?.limit, challenge: inChallenge,
                                         spelling: spelling, newNote: LevelOpenedEvent.newNote(level, server.content.levels),
                                         secondsLeft: clock?.secondsLeft))
        }
        player.send(LevelBoardEvent(room: room.id, board: nowBoard, caption: nowCaption))
        // Solved, out of time or a stopped challenge: no clock runs (it said "142 seconds left", counting).
        showTime(to: player)
        if editorOpen {
            // Typed lines still go into the program: say so (a `list` was taken for code).
            // Full: not "at line 41" of a 40-line editor (a sweep).
            if editor.lines.count >= editor.capacity {
                player.send(InfoEvent("level.editor.still_open_full", String(editor.capacity), style: .warn))
            } else {
                player.send(InfoEvent("level.editor.still_open", String(editor.lines.count + 1), style: .warn))
            }
            player.send(LevelCodePromptEvent(room: room.id, next: editor.lines.count + 1))
        }
        if isPaused { player.send(PausedEvent(room: room.id, secondsLeft: lessonSecondsLeft)) }
    }

    public func roomClosed() { closeDown() }

    private func closeDown() {
        releaseHold()
        keepProgram()
        clock?.stop()
        let wasPlaying = phase == .playing || phase == .checking
        if phase != .solved { phase = .closed }
        if wasPlaying { challenge?.roomFinished(self) }
    }
}

/// What the core's lobby, dispatcher and console see of a level room (Rooms/LevelRoomPorts.swift).
extension LevelRoomGame: LevelRoomState {
    package var isChallengeRunning: Bool { inChallenge && phase == .playing && challenge?.ended == false }
    package var isChallengeRoom: Bool { inChallenge }

    package var levelID: String { level.id }
    package var codeLines: [String] { editor.lines }
}
