import AulaServer
import AulaGames
import AulaStore

/// What the database knows about this student and level when the room opens:
/// XP and solved levels (for the lock), the best score here (time-up shows
/// it), the kept program and the C/Java choice (SPEC §12).
struct LevelCourseState: Sendable {
    var studentID: Int64?
    var xp = 0
    var solved: Set<String> = []
    var best = 0
    var program: String?
    var spelling: String?
}

/// Programs and attempts kept (SPEC §12): every `run`/`submit` is an attempt
/// in the database and a `level.attempt` line for teachers; the student's
/// last program per level is kept (written on the store thread) and comes
/// back when the level opens again; the C/Java choice is the student's.
extension LevelRoomGame {
    static func readCourse(_ db: Database, studentID: Int64, levelID: String) throws -> LevelCourseState {
        let progress = try db.levelProgress(studentID: studentID)
        return LevelCourseState(studentID: studentID, xp: try db.xp(studentID: studentID), solved: Set(progress.map(\.levelID)),
                                best: try db.pointsBest(studentID: studentID, levelID: levelID),
                                program: try db.keptLevelProgram(studentID: studentID, levelID: levelID),
                                spelling: try db.levelSpelling(studentID: studentID))
    }

    /// Puts the kept program and spelling back (before the room opens).
    func restore(_ state: LevelCourseState) {
        best = state.best
        if let spelling = state.spelling, level.languages.contains(spelling) { self.spelling = spelling }
        guard let program = state.program, editor.isEmpty else { return }
        for line in program.split(separator: "\n", omittingEmptySubsequences: false) {
            if case .failure = editor.append(String(line)) { break }
        }
        keptSource = editor.source
        restoredLines = editor.lines.count
    }

    /// After the level opened: say the program is back and list it.
    func announceRestored(to player: Player) {
        guard restoredLines > 0 else { return }
        player.send(InfoEvent(restoredLines == 1 ? "level.program.restored_one" : "level.program.restored", String(restoredLines)))
        showCode(to: player)
        restoredLines = 0
    }

    /// Writes the program if it changed since the last write (off the loop).
    func keepProgram() {
        guard let server, let studentID = coderStudentID else { return }
        let source = editor.source
        guard source != keptSource else { return }
        keptSource = source
        let levelID = level.id, at = server.wallClock()
        server.store.write({ db in
            try db.keepLevelProgram(studentID: studentID, levelID: levelID, source: source, at: at)
        }, done: { [log = server.log] result in
            if case .failure(let error) = result { log(.warn, "level.program_not_kept", ("error", error.description)) }
        })
    }

    /// Stores one `run`/`submit` and tells the teachers. `code` is why it did
    /// not solve (a reason or an error code); nil when it solved.
    func recordAttempt(_ kind: LevelResultEvent.Kind, by player: Player, ok: Bool, code: String?, statements: Int,
                       seed: UInt64? = nil) {
        guard let server else { return }
        keepProgram()
        let attempt = LevelAttemptEvent(student: player.name, level: level.id, kind: kind.rawValue, ok: ok,
                                        code: code, statements: statements)
        server.tellTeachers(attempt)
        room?.showBoard(attempt)  // SPEC §12: to teachers and the board (the challenge grid)
        guard let studentID = coderStudentID else { return }
        let record = LevelAttemptRecord(studentID: studentID, levelID: level.id, at: server.wallClock(), kind: kind.rawValue,
                                        ok: ok, statements: statements, result: ok ? "solved" : (code ?? "failed"), seed: seed)
        server.store.write({ db in try db.recordLevelAttempt(record) }, done: { [log = server.log] result in
            if case .failure(let error) = result { log(.warn, "level.attempt_not_saved", ("error", error.description)) }
        })
    }

    /// The C/Java choice, kept with the student.
    func keepSpelling(_ word: String) {
        guard let server, let studentID = coderStudentID else { return }
        server.store.write({ db in try db.setLevelSpelling(studentID: studentID, spelling: word) })
    }

    /// True (after telling the student) when an editor line is really a room
    /// or lobby command typed without leaving the editor: a line with no code
    /// punctuation whose first word is a command (`run`, `submit`, `del 3`...).
    func refusedCommandLine(_ line: String, from player: Player) -> Bool {
        guard let first = line.split(separator: " ").first.map({ String($0).lowercased() }) else { return false }
        // `play w1-01`: a level id has a dash, which is no code here (a re-play: it was
        // kept as line 1 of the program).
        let levelWord = ["play", "jugar"].contains(first)
        guard !line.contains(where: { (levelWord ? "(){};=+*/<>!&|\"" : "(){};=+-*/<>!&|\"").contains($0) }) else { return false }
        guard LevelRoomCommands.table.find(first) != nil || LobbyCommands.isCommand(first) else { return false }
        player.send(InfoEvent("level.editor.looks_like_command", first, style: .warn))
        return true
    }
}

/// `level.attempt {student, level, kind:"run"|"submit", ok, code?, statements}`
/// — one try by a student, to teachers on the console (SPEC §12).
struct LevelAttemptEvent: Event {
    let student: String
    let level: String
    let kind: String
    let ok: Bool
    let code: String?
    let statements: Int

    var name: String { "level.attempt" }

    func fields(_ t: TextContext) -> [(String, JSON)] {
        var f: [(String, JSON)] = [("student", .string(student)), ("level", .string(level)), ("kind", .string(kind)),
                                   ("ok", .bool(ok))]
        if let code { f.append(("code", .string(code))) }
        f.append(("statements", .int(statements)))
        return f
    }

    func text(_ t: TextContext) -> [String] {
        let what = t.say(kind == "submit" ? "level.attempt.submit" : "level.attempt.run")
        // One statement is said in the singular ("1 statement"), as the catalog's `.one` keys do elsewhere.
        if ok { return [t.say(statements == 1 ? "level.attempt.ok.one" : "level.attempt.ok", student, level, what, String(statements))] }
        // Why, in words where the catalog has them ("syntax_error" read as a code: a teacher's first lesson).
        let why = code.map { code in
            Catalog.shared.template("level.attempt.why.\(code)", t.language) != nil ? t.say("level.attempt.why.\(code)") : code
        } ?? "-"
        return [t.say(statements == 1 ? "level.attempt.failed.one" : "level.attempt.failed", student, level, what, why,
                      String(statements))]
    }
}
