import AulaGames
import AulaServer
import AulaStore

/// The teacher sees who is stuck where (issue 14, SPEC §12): `progress
/// [GROUP]`, `code NAME [LEVEL]`, `hint NAME TEXT`.
extension AdminCall {
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

    /// `code NAME [LEVEL]` (or `code GROUP/NAME [LEVEL]`) — the student's program
    /// with line numbers: what is in their editor now when they are in that level,
    /// else the kept one. A name in several groups is looked up as `reset` does
    /// (the open class's, else "which group?"); the answer names the group (a
    /// teacher's week: two Anas, and `code Ana` showed one without saying which).
    func showCode(_ args: Arguments) {
        guard !args.isEmpty else { return usage("admin.code") }
        var words = args.words
        var levelID: String?
        if words.count > 1, let last = words.last, server.content.levels.level(id: last) != nil {
            levelID = last
            words.removeLast()
        }
        let typed = words.joined(separator: " ")
        let asTyped = TypedStudent(typed)
        let groupKey = asTyped.group.map { NameRules.key($0) }
        let key = NameRules.key(asTyped.name)
        let preferred = server.classSession?.group
        let candidates = server.players.values.filter { $0.key == key && (groupKey == nil || NameRules.key($0.group.name) == groupKey) }
        // Online in one group only (or the open class's): that one, live; else the stored lookup decides.
        let online = candidates.count == 1 ? candidates.first : candidates.first { $0.group == preferred }
        if let player = online, let room = player.room, room.isHost(player), let game = room.game as? any LevelRoomState,
           levelID == nil || levelID == game.levelID {
            say(AdminCodeEvent(student: player.name, group: player.group.name, level: game.levelID, lines: game.codeLines, live: true))
            return done()
        }
        let preferredID = preferred?.id, wanted = levelID
        read({ db -> Result<AdminCodeEvent, Refusal> in
            let found = try AdminStudent.one(db, typed: typed, preferredGroup: preferredID)
            guard case .success(let student) = found else { return found.map { _ in AdminCodeEvent.none } }
            guard let level = try wanted ?? db.lastKeptLevel(studentID: student.id) else {
                return .success(AdminCodeEvent(student: student.name, group: student.group, level: "", lines: [], live: false))
            }
            let source = try db.keptLevelProgram(studentID: student.id, levelID: level) ?? ""
            let lines = source.isEmpty ? [] : source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return .success(AdminCodeEvent(student: student.name, group: student.group, level: level, lines: lines, live: false))
        }) { [self] result in
            switch result {
            case .failure(let refusal): fail(refusal)
            case .success(let event):
                say(event)
                done()
            }
        }
    }

    /// `hint NAME TEXT` — a private hint to one student online.
    func sendHint(_ args: Arguments) {
        guard args.count >= 2 else { return usage("admin.hint") }
        guard let (player, used) = findPlayer(args) else { return }
        let text = args.rest(after: used)
        guard !text.isEmpty else { return usage("admin.hint") }
        // "Your teacher", not the login (a re-play: "Hint from prof"), as a full sentence.
        player.send(InfoEvent("level.teacher_hint", teacher, text.endingSentence, style: .warn))
        info("admin.hint.done", shown(player), style: .good)
        done()
    }
}

/// `admin.code {student, level, live, lines:[{n, text}]}` — a student's program.
struct AdminCodeEvent: Event {
    let student: String
    let group: String
    let level: String
    let lines: [String]
    /// True when read from the open editor, false when from the kept program.
    let live: Bool

    var name: String { "admin.code" }
    /// Never shown: what a failed lookup maps its result through.
    static let none = AdminCodeEvent(student: "", group: "", level: "", lines: [], live: false)

    func fields(_ t: TextContext) -> [(String, JSON)] {
        [("student", .string(student)), ("group", .string(group)), ("level", .string(level)), ("live", .bool(live)),
         ("lines", .array(lines.enumerated().map { .object([("n", .int($0.offset + 1)), ("text", .string($0.element))]) }))]
    }

    func text(_ t: TextContext) -> [String] {
        guard !level.isEmpty else { return [t.say("admin.code.none", student, group)] }
        var out = [t.paint(.title, t.say(live ? "admin.code.title_live" : "admin.code.title", student, level, group))]
        if lines.isEmpty { return out + [t.say("level.code.empty")] }
        let width = String(lines.count).count
        for (i, line) in lines.enumerated() { out.append(LevelCodeText.numbered(i + 1, line, width: width, t)) }
        return out
    }
}
