import AulaServer
import AulaGames

/// `level.opened {room, level, title, summary, story:[{who, text}], goal, commands,
/// languages, time_limit, seconds_left, max_statements, par_statements, max_lines, par_lines, challenge}` — a
/// level room opened: the story, the summary and what can be used.
/// `time_limit`/`seconds_left` are null when the player is untimed.
public struct LevelOpenedEvent: Event {
    public let room: String
    public let level: Level
    public let timeLimit: Double?
    public let challenge: Bool
    public let spelling: String
    /// The note explaining the idea this level introduces (its first
    /// `notes_unlocked`): readable at once, since a level's notes unlock when it opens.
    var newNote: NoteEntry? = nil
    /// The time left when sent again (a reconnect, a watcher joining): the
    /// whole limit only when the level opens (session 12: a bot back after
    /// 24 s read `seconds_left:120`, then `timer` 96).
    var secondsLeft: Double? = nil

    public var name: String { "level.opened" }

    static func newNote(_ level: Level, _ library: LevelLibrary) -> NoteEntry? {
        level.notesUnlocked.first { library.note(id: $0, language: "en") != nil }.map { NoteEntry(id: $0, library: library) }
    }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let lang = t.language.rawValue
        return [("room", .string(room)), ("level", .string(level.id)), ("title", .string(level.title(lang))),
                ("summary", .string(level.summary(lang))),
                ("story", .array(level.story.map { .object([("who", .string($0.who)), ("text", .string($0.text(lang)))]) })),
                ("goal", .array(level.goal.map { .string($0) })),
                ("commands", .array(level.commands.map { .string($0) })),
                ("languages", .array(level.languages.map { .string($0) })),
                ("time_limit", timeLimit.map { .int(Int($0.rounded())) } ?? .null),
                ("seconds_left", (secondsLeft.map { .int(Int($0.rounded(.up))) } ?? timeLimit.map { .int(Int($0.rounded())) }) ?? .null),
                ("max_statements", .int(level.maxStatements)), ("par_statements", .int(level.parStatements)),
                ("max_lines", .int(level.maxStatements)), ("par_lines", .int(level.parStatements)),
                ("challenge", .bool(challenge)),
                ("new_note", newNote.map { .object([("id", .string($0.id)), ("title", .string($0.title(t)))]) } ?? .null)]
    }

    public func text(_ t: TextContext) -> [String] {
        let lang = t.language.rawValue
        var lines = [t.paint(.title, t.say("level.opened.title", level.id, level.title(lang)))]
        if challenge { lines.append(t.paint(.warn, t.say("level.opened.challenge"))) }
        lines += LevelStoryEvent.storyLines(level, t)
        lines.append(t.say("level.opened.summary", level.summary(lang)))
        if let newNote { lines.append(t.paint(.warn, t.say("level.opened.new_note", newNote.title(t), newNote.typed(t)))) }
        let commands = level.commands.map { HintSpelling.commandWord($0, spelling: spelling) }.joined(separator: ", ")
        lines.append(t.say("level.opened.commands", commands))
        lines.append(t.say("level.opened.limits", String(level.maxStatements), String(level.parStatements)))
        return lines
    }
}

/// The story again (`story`), as `info` in JSON.
struct LevelStoryEvent: Event {
    let level: Level
    var name: String { "info" }
    func fields(_ t: TextContext) -> [(String, JSON)] {
        let plain = TextContext(language: t.language, reader: t.reader, color: false, width: t.width)
        return [("text", .string(text(plain).joined(separator: "\n")))]
    }
    func text(_ t: TextContext) -> [String] {
        LevelStoryEvent.storyLines(level, t) + [t.say("level.opened.summary", level.summary(t.language.rawValue))]
    }

    static func storyLines(_ level: Level, _ t: TextContext) -> [String] {
        level.story.map { t.say("level.story.line", t.paint(.name, $0.who), $0.text(t.language.rawValue)) }
    }
}

/// `timer {room, seconds_left, time_limit}` — the clock: announcements at half
/// time, one minute and ten seconds left, and the answer to `time`
/// (`seconds_left`/`time_limit` null when untimed). Text for `time` is a bar.
public struct LevelTimerEvent: Event {
    public enum Occasion: Sendable { case opened, announcement, asked }
    public let room: String
    public let secondsLeft: Double?
    public let limit: Double?
    public let occasion: Occasion
    public let paused: Bool

    public var name: String { "timer" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let fields: [(String, JSON)] = [("room", .string(room)), ("seconds_left", secondsLeft.map { .int(Int($0.rounded(.up))) } ?? .null),
                                        ("time_limit", limit.map { .int(Int($0.rounded())) } ?? .null)]
        // docs/protocol.md promised `paused: true` while a teacher holds the clock; only the text said so.
        return paused ? fields + [("paused", .bool(true))] : fields
    }

    public func text(_ t: TextContext) -> [String] {
        guard let left = secondsLeft, var limit, limit > 0 else { return [t.say("level.time.untimed")] }
        // After a teacher's `extend` more may be left than the level's limit:
        // "163 seconds left of 163", never "of 120" (a re-play of the fixes).
        limit = max(limit, left)
        let seconds = Int(left.rounded(.up))
        switch occasion {
        case .announcement:
            let key = seconds == 60 ? "level.time.one_minute"
                : (seconds == 10 ? "level.time.ten_seconds" : (seconds == 1 ? "level.time.half_one" : "level.time.half"))
            return [t.paint(.warn, t.say(key, String(seconds)))]
        case .opened:
            return [t.say("level.time.opened", LevelClockWords.duration(limit, t))]
        case .asked:
            var line: String
            if t.reader {
                line = t.say(seconds == 1 ? "level.time.reader_one" : "level.time.reader", String(seconds), String(Int(limit.rounded())))
            } else {
                let width = 20
                let filled = min(width, max(0, Int((Double(width) * left / limit).rounded(.up))))
                let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
                line = t.paint(seconds <= 10 ? .bad : (seconds <= 60 ? .warn : .good), bar) + " "
                    + t.say("level.time.left", String(seconds), LevelTimerEvent.clockText(left))
            }
            if paused { line += " " + t.say("level.time.paused") }
            return [line]
        }
    }

    /// 125 seconds as "2:05".
    static func clockText(_ seconds: Double) -> String { LevelCodeText.clockText(seconds) }
}

/// `round.end {room, kind, outcome, round:[{name, points}], leaderboard:[{name, points}]}`
/// for a level room (`outcome` `solved` or `time_up`; `leaderboard`: the best
/// score on this level) and for a class challenge (`outcome` `challenge`).
public struct LevelRoundEndEvent: Event {
    public struct Row: Sendable { public let name: String; public let points: Int }
    public let room: String
    public let outcome: String
    public let round: [Row]
    public let leaderboard: [Row]

    public var name: String { "round.end" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        func rows(_ list: [Row]) -> JSON { .array(list.map { .object([("name", .string($0.name)), ("points", .int($0.points))]) }) }
        return [("room", .string(room)), ("kind", .string("level")), ("outcome", .string(outcome)),
                ("round", rows(round)), ("leaderboard", rows(leaderboard))]
    }

    public func text(_ t: TextContext) -> [String] {
        if outcome == "challenge" { return [t.say("level.round.challenge_over")] }
        guard let mine = round.first else { return [] }
        let best = leaderboard.first?.points ?? mine.points
        return [t.say("level.round.over", String(mine.points), String(best))]
    }
}

/// `level.progress {room, xp, xp_gained, unlocked:[{id, title}], notes:[{id, title}]}`
/// — after a first solve: the XP earned, levels just opened, notes just unlocked.
public struct LevelProgressEvent: Event {
    /// Something with a title in both languages (a level, a note).
    public struct Item: Sendable {
        public let id: String
        public let en: String
        public let es: String
        /// What a Spanish student types for it (a note's Spanish name); nil: the id.
        public var esName: String? = nil
        public func title(_ t: TextContext) -> String { t.language == .es ? es : en }
        public func typed(_ t: TextContext) -> String { t.language == .es ? esName ?? id : id }
    }
    public let room: String
    public let xp: Int
    public let xpGained: Int
    public let unlocked: [Item]
    public let notes: [Item]

    public var name: String { "level.progress" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        func items(_ list: [Item]) -> JSON {
            .array(list.map { .object([("id", .string($0.id)), ("title", .string($0.title(t)))]) })
        }
        return [("room", .string(room)), ("xp", .int(xp)), ("xp_gained", .int(xpGained)),
                ("unlocked", items(unlocked)), ("notes", items(notes))]
    }

    public func text(_ t: TextContext) -> [String] {
        var lines: [String] = []
        lines.append(t.say(xpGained > 0 ? "level.progress.xp" : "level.progress.no_xp", String(xpGained), String(xp)))
        for item in unlocked { lines.append(t.paint(.good, t.say("level.progress.unlocked", item.id, item.title(t)))) }
        for item in notes { lines.append(t.paint(.good, t.say("level.progress.note", item.title(t), item.typed(t)))) }
        return lines
    }
}
