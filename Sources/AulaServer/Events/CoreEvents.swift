import AulaGames

/// `mode {mode}` — acknowledges a switch of output mode.
public struct ModeEvent: Event {
    public let mode: Renderer.Mode
    package init(mode: Renderer.Mode) { self.mode = mode }
    public var name: String { "mode" }
    public func fields(_ t: TextContext) -> [(String, JSON)] { [("mode", .string(mode.rawValue))] }
    public func text(_ t: TextContext) -> [String] { [t.say("mode.text")] }
}

/// `prompt {kind}` — the server waits for a name, a class code, a PIN, a command or a code line.
public struct PromptEvent: Event {
    public enum Kind: String, Sendable { case name, code, pin, command, codeLine = "code_line", password, teacher }
    public let kind: Kind
    /// What the text prompt says (reader mode: where you are).
    public let label: Phrase
    package init(kind: Kind, label: Phrase) { self.kind = kind; self.label = label }
    public var name: String { "prompt" }
    /// The answer to this prompt should not be shown as it is typed (a password, a PIN).
    public var wantsHiddenInput: Bool { kind == .password || kind == .pin }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        // `hidden` marks the prompts whose answer a client should not echo (issue 18);
        // text mode marks them with IAC WILL ECHO to clients that speak telnet.
        wantsHiddenInput ? [("kind", .string(kind.rawValue)), ("hidden", .bool(true))] : [("kind", .string(kind.rawValue))]
    }
    public func text(_ t: TextContext) -> [String] { [t.say(label)] }
}

/// `welcome {name, group}` — the end of a successful login.
public struct WelcomeEvent: Event {
    public let player: String
    public let group: String
    public let returning: Bool
    /// Back in the room they were in: the lobby's hint ("rooms" to find a game) does not fit.
    public var backInRoom = false
    public init(player: String, group: String, returning: Bool, backInRoom: Bool = false) {
        self.player = player
        self.group = group
        self.returning = returning
        self.backInRoom = backInRoom
    }
    public var name: String { "welcome" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("name", .string(player)), ("group", .string(group))]
    }
    public func text(_ t: TextContext) -> [String] {
        let who = t.paint(.name, player)
        var lines = [t.say(returning ? "welcome.back" : "welcome.text", who)]
        if group != Server.openGroup { lines.append(t.say("welcome.group", group)) }
        if !backInRoom { lines.append(t.say("welcome.hint")) }
        return lines
    }
}

/// `error {code, message}` — every refusal, one clear line.
public struct ErrorEvent: Event {
    public let refusal: Refusal
    /// Extra JSON fields some errors carry (e.g. `line`, `column` for syntax errors).
    public let extra: [(String, JSON)]
    public init(_ refusal: Refusal, extra: [(String, JSON)] = []) {
        self.refusal = refusal
        self.extra = extra
    }
    public init(code: String, _ args: any PhraseArgumentConvertible...) {
        self.init(Refusal(code: code, args: args))
    }
    public var name: String { "error" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("code", .string(refusal.code)), ("message", .string(t.say(refusal.phrase)))] + extra
    }
    public func text(_ t: TextContext) -> [String] { [t.paint(.bad, t.say(refusal.phrase))] }
}

/// `info {text}` — any message that has no event of its own.
public struct InfoEvent: SelfWritingEvent {
    public let phrases: [Phrase]
    public let style: Style?
    public init(_ key: String, _ args: any PhraseArgumentConvertible..., style: Style? = nil) {
        self.phrases = [Phrase(key, args)]
        self.style = style
    }
    public init(phrases: [Phrase], style: Style? = nil) {
        self.phrases = phrases
        self.style = style
    }
    public var name: String { "info" }
    public func writeFields(_ t: TextContext, into fields: inout JSONFields) {
        fields.add("text", phrases: phrases, t)
    }
    public func text(_ t: TextContext) -> [String] {
        phrases.map { phrase in
            let line = t.say(phrase)
            return style.map { t.paint($0, line) } ?? line
        }
    }
}

/// Lines already in the reader's language (help pages, listings) sent as `info`.
public struct TextBlockEvent: Event {
    public let build: (TextContext) -> [String]
    package init(build: @escaping (TextContext) -> [String]) { self.build = build }
    public var name: String { "info" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        let plain = TextContext(language: t.language, reader: t.reader, color: false, width: t.width)
        return [("text", .string(build(plain).joined(separator: "\n")))]
    }
    public func text(_ t: TextContext) -> [String] { build(t) }
}

/// `who {players:[{name, room}], page, pages, total}` — who is online in your
/// group, one page at a time (`total`: everyone online in the group).
public struct WhoEvent: Event {
    public struct Entry: Sendable { public let name: String; public let room: String? }
    public let players: [Entry]
    public let page: Int
    public let pages: Int
    public let total: Int
    public init(players: [Entry], page: Int = 1, pages: Int = 1, total: Int? = nil) {
        self.players = players
        self.page = page
        self.pages = pages
        self.total = total ?? players.count
    }
    public var name: String { "who" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("players", .array(players.map { .object([("name", .string($0.name)), ("room", $0.room.map { .string($0) } ?? .null)]) })),
         ("page", .int(page)), ("pages", .int(pages)), ("total", .int(total))]
    }
    public func text(_ t: TextContext) -> [String] {
        let title = pages > 1 ? t.say("who.title_paged", String(total), String(page), String(pages))
            : t.say("who.title", String(total))
        var lines = [t.paint(.title, title)]
        for p in players {
            let place = p.room.map { t.say("who.in_room", $0) } ?? t.say("who.in_lobby")
            lines.append("  " + t.paint(.name, p.name) + " — " + place)
        }
        if page < pages { lines.append(t.say("who.next_page", String(page + 1))) }
        return lines
    }
}

/// `chat {room, from, text}` — someone said something in your room or the lobby.
public struct ChatEvent: Event {
    public let room: String?
    public let from: String
    public let message: String
    public let emote: Bool
    public var name: String { "chat" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        var f: [(String, JSON)] = [("room", room.map { .string($0) } ?? .null), ("from", .string(from)), ("text", .string(message))]
        if emote { f.append(("emote", true)) }
        return f
    }
    public func text(_ t: TextContext) -> [String] {
        // Reader mode: a classmate's drawing (box lines, emoji) is not read out symbol by symbol.
        let message = t.reader ? ReaderText.withoutDrawing(self.message) : self.message
        if message.isEmpty { return [] }
        if emote { return ["* " + t.paint(.name, from) + " " + message] }
        return [t.say("chat.line", t.paint(.name, from), message)]
    }
}

/// `broadcast {from, text}` — a teacher's message to everyone.
public struct BroadcastEvent: Event {
    public let from: String
    public let message: String
    package init(from: String, message: String) { self.from = from; self.message = message }
    public var name: String { "broadcast" }
    public func fields(_ t: TextContext) -> [(String, JSON)] { [("from", .string(from)), ("text", .string(message))] }
    public func text(_ t: TextContext) -> [String] {
        // Reader mode: words instead of ">>>" read aloud (session 12); no student's
        // line can start like it either (chat lines say "NAME dice:").
        if t.reader { return [t.say("broadcast.line.reader", from, message)] }
        return [BroadcastEvent.marker + t.paint(.warn, t.say("broadcast.line", from, message))]
    }

    /// Starts every broadcast line in every text mode (colour, `color off`,
    /// reader): no student line can start with it, since chat lines start with
    /// a name (names have no `>`) and wrapped continuations are indented.
    /// JSON `broadcast` is unchanged.
    public static let marker = ">>> "
}

/// `kicked {reason, minutes}` — you were removed by a teacher, and may not
/// log in again for `minutes` (issue 13).
public struct KickedEvent: Event {
    public let reason: String
    public var minutes: Int? = nil
    package init(reason: String, minutes: Int? = nil) { self.reason = reason; self.minutes = minutes }
    public var name: String { "kicked" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("reason", .string(reason))] + (minutes.map { [("minutes", JSON.int($0))] } ?? [])
    }
    public func text(_ t: TextContext) -> [String] {
        guard let minutes else { return [t.paint(.bad, t.say("kicked.line", reason.endingSentence))] }
        return [t.paint(.bad, t.say(minutes == 1 ? "kicked.line_minute" : "kicked.line_minutes", reason.endingSentence, String(minutes)))]
    }
}

/// `shutdown {seconds}` — the server is closing.
public struct ShutdownEvent: Event {
    public let seconds: Int
    /// A countdown reminder after the first announcement.
    public let reminder: Bool
    package init(seconds: Int, reminder: Bool = false) { self.seconds = seconds; self.reminder = reminder }
    public var name: String { "shutdown" }
    public func fields(_ t: TextContext) -> [(String, JSON)] { [("seconds", .int(seconds))] }
    public func text(_ t: TextContext) -> [String] {
        // Reader mode: "your results are saved" once, and no reminder every
        // second at the end (session 12: 7 announcements in 15 s, each saying it).
        if t.reader, reminder {
            guard seconds >= 10 || seconds == 5 else { return [] }
            return [t.say("shutdown.in.reminder", String(seconds))]
        }
        if t.reader, seconds == 0 { return [t.say("shutdown.now.reader")] }
        return [t.paint(.warn, seconds > 0 ? t.say("shutdown.in", String(seconds)) : t.say("shutdown.now"))]
    }
}

/// `leaderboard {scope, rows:[{rank, name, points}]}`.
public struct LeaderboardEvent: Event {
    public struct Row: Sendable {
        public let rank: Int; public let name: String; public let points: Int
        package init(rank: Int, name: String, points: Int) { self.rank = rank; self.name = name; self.points = points }
    }
    public let scope: String
    public let title: Phrase
    public let rows: [Row]
    package init(scope: String, title: Phrase, rows: [Row]) { self.scope = scope; self.title = title; self.rows = rows }
    public var name: String { "leaderboard" }
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("scope", .string(scope)),
         ("rows", .array(rows.map { .object([("rank", .int($0.rank)), ("name", .string($0.name)), ("points", .int($0.points))]) }))]
    }
    public func text(_ t: TextContext) -> [String] {
        // A title may have words for screen readers (`KEY.reader`: "Class challenge,
        // level w1-01" rather than a dash read aloud, session 11).
        let readerKey = title.key + ".reader"
        let shown = t.reader && t.catalog.template(readerKey, t.language) != nil ? Phrase(readerKey, arguments: title.args) : title
        var lines = [t.paint(.title, t.say(shown))]
        if rows.isEmpty { lines.append("  " + t.say("leaderboard.empty")) }
        for row in rows {
            if t.reader {
                lines.append(t.say("leaderboard.reader_row", String(row.rank), row.name, String(row.points)))
            } else {
                let rank = String(row.rank).leftPadded(3)
                lines.append("\(rank). " + t.paint(.name, row.name.rightPadded(16)) + " " + String(row.points).leftPadded(7))
            }
        }
        return lines
    }
}

extension String {
    package func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
    package func rightPadded(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
