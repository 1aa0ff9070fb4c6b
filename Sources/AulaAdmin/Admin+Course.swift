import AulaGames
import AulaStore

/// The teacher sees who is stuck where (issue 14, SPEC §12): `progress
/// [GROUP]`, `code NAME [LEVEL]`, `hint NAME TEXT`.
extension AdminCall {
    /// Failed attempts, or minutes since the first attempt, that make a student "stuck" on a level.
    static let stuckAttempts = 5
    static let stuckSeconds = 600.0

    /// `progress [GROUP]` — students × levels: solved with stars, attempts, stuck.
    func showProgress(_ args: Arguments) {
        let typed = args.isEmpty ? nil : args.text
        let fallback = server.classSession?.group ?? server.openGroupRef
        let levels = server.content.levels.levels.map(\.id)
        let now = server.wallClock()
        read({ db -> AdminProgressEvent? in
            let group: GroupRef
            if let typed {
                guard let row = try db.group(name: typed) else { return nil }
                group = GroupRef(id: row.id, name: row.name)
            } else {
                group = fallback
            }
            return try AdminProgressEvent.read(db, group: group, levels: levels, now: now)
        }) { [self] event in
            guard let event else { return fail(code: "no_such_group", typed ?? "") }
            say(event)
            done()
        }
    }

    /// `code NAME [LEVEL]` — the student's program with line numbers: what is
    /// in their editor now when they are in that level, else the kept one.
    func showCode(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.code") }
        var words = args.words
        var levelID: String?
        if words.count > 1, let last = words.last, server.content.levels.level(id: last) != nil {
            levelID = last
            words.removeLast()
        }
        let name = words.joined(separator: " ")
        let key = NameRules.key(name)
        let preferred = server.classSession?.group
        let online = server.players.values.filter { $0.key == key }
            .sorted { ($0.group == preferred ? 0 : 1) < ($1.group == preferred ? 0 : 1) }.first
        if let player = online, let room = player.room, room.isHost(player), let game = room.game as? any LevelRoomState,
           levelID == nil || levelID == game.levelID {
            say(AdminCodeEvent(student: player.name, level: game.levelID, lines: game.codeLines, live: true))
            return done()
        }
        let preferredID = preferred?.id, wanted = levelID
        read({ db -> AdminCodeEvent? in
            var found = try AdminStudent.find(db, name: name)
            if found.count > 1, let preferredID, let mine = found.first(where: { $0.groupID == preferredID }) { found = [mine] }
            guard let student = found.first else { return nil }
            guard let level = try wanted ?? db.lastKeptLevel(studentID: student.id) else {
                return AdminCodeEvent(student: student.name, level: "", lines: [], live: false)
            }
            let source = try db.keptLevelProgram(studentID: student.id, levelID: level) ?? ""
            let lines = source.isEmpty ? [] : source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return AdminCodeEvent(student: student.name, level: level, lines: lines, live: false)
        }) { [self] event in
            guard let event else { return fail(code: "no_such_student", name) }
            say(event)
            done()
        }
    }

    /// `hint NAME TEXT` — a private hint to one student online.
    func sendHint(_ args: Arguments) {
        guard args.count >= 2 else { return usage("admin.hint") }
        guard let (player, used) = findPlayer(args) else { return }
        let text = args.rest(after: used)
        guard !text.isEmpty else { return usage("admin.hint") }
        player.send(InfoEvent("level.teacher_hint", teacher, text, style: .warn))
        info("admin.hint.done", player.name, style: .good)
        done()
    }
}

/// `admin.progress {group, levels:[id], students:[{name, levels:[{level, solved, stars, attempts, stuck}]}]}`.
/// Text: one row per student, one cell per level: `✓3` solved with 3 stars,
/// `4` four attempts, `4!` stuck, `.` not tried.
struct AdminProgressEvent: Event {
    struct Cell: Sendable { let level: String; let solved: Bool; let stars: Int; let attempts: Int; let stuck: Bool }
    struct Row: Sendable { let name: String; let cells: [Cell] }
    let group: String
    let levels: [String]
    let rows: [Row]

    var name: String { "admin.progress" }

    func fields(_ t: TextContext) -> [(String, JSON)] {
        [("group", .string(group)), ("levels", .array(levels.map { .string($0) })),
         ("students", .array(rows.map { row in
             .object([("name", .string(row.name)), ("levels", .array(row.cells.map { c in
                 .object([("level", .string(c.level)), ("solved", .bool(c.solved)), ("stars", .int(c.stars)),
                          ("attempts", .int(c.attempts)), ("stuck", .bool(c.stuck))])
             }))])
         }))]
    }

    static func cell(_ c: Cell) -> String {
        if c.solved { return "✓\(c.stars)" }
        if c.attempts == 0 { return "." }
        return "\(c.attempts)" + (c.stuck ? "!" : "")
    }

    func text(_ t: TextContext) -> [String] {
        var out = [t.paint(.title, t.say("admin.progress.title", group))]
        guard !rows.isEmpty else { return out + [t.say("admin.progress.empty")] }
        if t.reader {
            for row in rows {
                let parts = row.cells.compactMap { c -> String? in
                    if c.solved { return t.say("admin.progress.reader_solved", c.level, String(c.stars)) }
                    if c.attempts == 0 { return nil }
                    return t.say(c.stuck ? "admin.progress.reader_stuck" : "admin.progress.reader_tried", c.level, String(c.attempts))
                }
                out.append(row.name + ": " + (parts.isEmpty ? t.say("admin.progress.reader_none") : parts.joined(separator: "; ")))
            }
            return out
        }
        let nameWidth = min(16, max(4, rows.map(\.name.count).max() ?? 4))
        let width = max(4, (levels.map(\.count).max() ?? 4) + 1)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? String(s.prefix(n)) : s + String(repeating: " ", count: n - s.count) }
        out.append(pad("", nameWidth) + " " + levels.map { pad($0, width) }.joined())
        for row in rows {
            var line = pad(row.name, nameWidth) + " "
            for c in row.cells {
                let text = pad(AdminProgressEvent.cell(c), width)
                line += c.stuck ? t.paint(.bad, text) : (c.solved ? t.paint(.good, text) : text)
            }
            out.append(line)
        }
        out.append(t.paint(.dim, t.say("admin.progress.legend")))
        return out
    }
}

/// `admin.code {student, level, live, lines:[{n, text}]}` — a student's program.
struct AdminCodeEvent: Event {
    let student: String
    let level: String
    let lines: [String]
    /// True when read from the open editor, false when from the kept program.
    let live: Bool

    var name: String { "admin.code" }

    func fields(_ t: TextContext) -> [(String, JSON)] {
        [("student", .string(student)), ("level", .string(level)), ("live", .bool(live)),
         ("lines", .array(lines.enumerated().map { .object([("n", .int($0.offset + 1)), ("text", .string($0.element))]) }))]
    }

    func text(_ t: TextContext) -> [String] {
        guard !level.isEmpty else { return [t.say("admin.code.none", student)] }
        var out = [t.paint(.title, t.say(live ? "admin.code.title_live" : "admin.code.title", student, level))]
        if lines.isEmpty { return out + [t.say("level.code.empty")] }
        let width = String(lines.count).count
        for (i, line) in lines.enumerated() { out.append(LevelCodeText.numbered(i + 1, line, width: width, t)) }
        return out
    }
}

extension AdminProgressEvent {
    /// Students × levels for one group, from the attempts and solves stored
    /// (the console's `progress` and the board's `/teacher` read the same).
    static func read(_ db: Database, group: GroupRef, levels: [String], now: Double) throws -> AdminProgressEvent {
        let summaries = try db.levelAttemptSummaries(groupID: group.id)
        var rows: [AdminProgressEvent.Row] = []
        for student in try db.students(groupID: group.id) {
            let solved = Dictionary(try db.levelProgress(studentID: student.id).map { ($0.levelID, $0) },
                                    uniquingKeysWith: { a, _ in a })
            let tries = Dictionary(summaries.filter { $0.studentID == student.id }.map { ($0.levelID, $0) },
                                   uniquingKeysWith: { a, _ in a })
            let cells = levels.map { id -> AdminProgressEvent.Cell in
                let attempts = tries[id]
                let stuck = solved[id] == nil && attempts.map {
                    $0.failed >= AdminCall.stuckAttempts || now - $0.firstAt >= AdminCall.stuckSeconds
                } == true
                return AdminProgressEvent.Cell(level: id, solved: solved[id] != nil, stars: solved[id]?.stars ?? 0,
                                               attempts: attempts?.attempts ?? 0, stuck: stuck)
            }
            rows.append(AdminProgressEvent.Row(name: student.name, cells: cells))
        }
        return AdminProgressEvent(group: group.name, levels: levels, rows: rows)
    }
}
