import AulaServer
import AulaGames

/// `level.board {room, rows, ada:{row, col, facing}, health, keys}` — the board
/// as the player sees it (tiles with items and Ada's arrow drawn in). In JSON,
/// `row`/`col` index `rows` (from 0); text shows them from 1. Reader mode gets
/// no art: the board in words.
public struct LevelBoardEvent: Event {
    public let room: String
    public let board: BoardView
    /// A line above the board ("Board:", "The layout where it failed:").
    public let caption: Phrase?
    /// Reader mode leaves out the rows (a failed submit's boards, after its verdict)
    /// and, when `boardHint`, says how to hear them (once, on the last of those boards).
    var brief = false
    var boardHint = true
    /// After a step: health and keys are as before it, so reader mode does not
    /// say them again ("Salud: 3. Llaves: 0." on every step, session 12).
    var statusUnchanged = false

    public init(room: String, board: BoardView, caption: Phrase? = nil) {
        self.room = room
        self.board = board
        self.caption = caption
    }

    public var name: String { "level.board" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("rows", .array(board.rows.map { .string($0) })),
         ("ada", .object([("row", .int(board.ada.row)), ("col", .int(board.ada.col)),
                          ("facing", .string(board.ada.facing.rawValue))])),
         ("health", .int(board.health)), ("keys", .int(board.keysHeld))]
    }

    public func text(_ t: TextContext) -> [String] {
        var lines: [String] = []
        if let caption { lines.append(t.paint(.title, t.say(caption))) }
        if t.reader { return lines + readerText(t) }
        for row in board.rows { lines.append("  " + LevelBoardEvent.paintRow(row, t)) }
        // Each item held together by no-break spaces: a narrow screen wraps between
        // items, never inside one ("I bloque / de hierro" at 40 columns, session 10).
        let legend = board.legend.map { ($0.symbol + " " + t.say($0.phrase)).replacingOccurrences(of: " ", with: "\u{00A0}") }
            .joined(separator: "   ")
        lines.append("  " + t.paint(.dim, legend))
        lines.append("  " + t.say("level.board.status", String(board.health), String(board.keysHeld)))
        return lines
    }

    /// Reader mode (issue 16, LevelBoardReader): a shown board (with a caption)
    /// is read whole — Ada, how far she can walk ahead, where the goal is from
    /// her, then row by row. The board after each step of `step` (no caption)
    /// follows a step line that already said where Ada is, so it says only
    /// what changed around her. A `brief` board (where a failed submit
    /// stopped) keeps Ada's place but leaves the rows to `board`. What is
    /// ahead is said once, by the free path; "Ahead: a key." stays (the path
    /// counts a key as free).
    func readerText(_ t: TextContext) -> [String] {
        let afterStep = caption == nil
        var lines: [String] = []
        for phrase in board.description {
            if afterStep && (phrase.key.hasPrefix("level.reader.ada.") || phrase.key == "level.reader.size") { continue }
            if phrase.key.hasPrefix("level.reader.ahead.") {
                if phrase.key == "level.reader.ahead.key" { lines.append(t.say(phrase)) }
                lines.append(LevelBoardReader.pathAhead(board, t))
                if let goal = LevelBoardReader.goalFromAda(board, t) { lines.append(goal) }
                continue
            }
            if afterStep && statusUnchanged && phrase.key == "level.reader.health" { break }
            lines.append(t.say(phrase))
            if (afterStep || brief) && phrase.key == "level.reader.health" { break }  // items are in the rows of the shown board
        }
        if brief {
            if boardHint { lines.append(t.say("level.reader.board_hint")) }
        } else if !afterStep {
            lines += LevelBoardReader.rows(board, t)
        }
        return lines
    }

    /// Colours by meaning: Ada stands out, walls recede, dangers are red.
    static func paintRow(_ row: String, _ t: TextContext) -> String {
        guard t.color else { return row }
        var out = ""
        for ch in row {
            let s = String(ch)
            switch ch {
            case "^", ">", "v", "<": out += t.paint(.name, s)
            case "#": out += t.paint(.dim, s)
            case "G": out += t.paint(.good, s)
            case "E", "~": out += t.paint(.bad, s)
            case "I", "k", "D": out += t.paint(.warn, s)
            default: out += s
            }
        }
        return out
    }
}

/// `level.step {room, line, action, ok, message, step, ada, health}` — one step
/// of a run: the program line (from 1), what was done as written, whether it
/// went well, what happened in words (null for a plain move), and Ada after it.
public struct LevelStepEvent: Event {
    public let room: String
    public let outcome: StepOutcome
    /// `step`: the program lines around the current one, shown under it in text.
    var listing: [LevelListingLine] = []
    /// Past the text trace cap: JSON readers still get the step, text shows nothing.
    var textHidden = false

    public init(room: String, outcome: StepOutcome) {
        self.room = room
        self.outcome = outcome
    }

    public var name: String { "level.step" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)), ("line", .int(outcome.line)), ("action", .string(outcome.action)),
         ("ok", .bool(outcome.ok)), ("message", said(t).map { .string($0) } ?? .null),
         ("step", .int(outcome.number)),
         ("ada", .object([("row", .int(outcome.ada.row)), ("col", .int(outcome.ada.col)),
                          ("facing", .string(outcome.ada.facing.rawValue))])),
         ("health", .int(outcome.health)), ("health_change", .int(outcome.healthChange))]
    }

    /// `3: walk() → row 2, col 4, facing E` (rows and columns from 1), then what happened.
    public func text(_ t: TextContext) -> [String] {
        if textHidden { return [] }
        let o = outcome
        let row = String(o.ada.row + 1), col = String(o.ada.col + 1)
        var line: String
        if t.reader {
            line = t.say("level.trace.step_reader", String(o.line), o.action, row, col,
                         t.say("level.facing.\(o.ada.facing.rawValue)"))
        } else {
            // The facing letter in the reader's language (Spanish: N, E, S, O — west is "oeste").
            line = t.say("level.trace.step", String(o.line), t.paint(.code, o.action), row, col,
                         t.say("level.facing_letter.\(o.ada.facing.rawValue)"))
        }
        if let said = saidHere(t) {
            // Reader mode: the sentences one after the other, no dash read aloud (session 11).
            line += (t.reader ? " " : " — ") + (o.ok ? said : t.paint(.bad, said))
        }
        if o.healthChange != 0 {
            // Reader mode: a sentence, not brackets read aloud (session 12).
            line += " " + (t.reader ? t.say("level.trace.health.reader", String(o.health))
                                    : t.paint(.bad, t.say("level.trace.health", String(o.health))))
        }
        return [line] + listingText(t)
    }
}

/// `level.result {room, solved, seeds_passed, seeds_total, points, stars, reason?, kind, statements, lines, steps}`
/// — how a `run`, a `step`-through, a `submit` or the clock ended. `kind` is
/// `run`, `step`, `submit` or `time_up`; `reason` is there when unsolved.
/// `statements` is the program's size as stars count it (SPEC §12); `lines`
/// is kept with the same value for clients written before.
public struct LevelResultEvent: Event {
    public enum Kind: String, Sendable { case run, step, submit, timeUp = "time_up" }

    public let room: String
    public let kind: Kind
    public let solved: Bool
    public let seedsPassed: Int
    public let seedsTotal: Int
    public let points: Int
    public let stars: Int
    public let reason: String?
    public let reasonPhrase: Phrase?
    public let statements: Int
    public let steps: Int
    public let par: Int
    /// Unsolved: the goals still not met ("1 iron block left").
    var missing: [UnmetGoal] = []
    /// A challenge's time up: its rooms close right after (no "practise" advice).
    var inChallenge = false

    public var name: String { "level.result" }

    /// The documented `reason` word for a run that stopped unsolved.
    public static func reasonCode(_ reason: RunReason) -> String {
        reason == .runtimeError ? "division_by_zero" : reason.rawValue
    }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        var f: [(String, JSON)] = [("room", .string(room)), ("solved", .bool(solved)),
                                   ("seeds_passed", .int(seedsPassed)), ("seeds_total", .int(seedsTotal)),
                                   ("points", .int(points)), ("stars", .int(stars))]
        if !solved, let reason { f.append(("reason", .string(reason))) }
        f.append(("kind", .string(kind.rawValue)))
        f.append(("statements", .int(statements)))
        f.append(("lines", .int(statements)))
        f.append(("steps", .int(steps)))
        if let reasonPhrase, !solved { f.append(("message", .string(t.say(reasonPhrase)))) }
        if !solved, kind != .timeUp { f.append(("missing", missingJSON(t))) }
        return f
    }

    public func text(_ t: TextContext) -> [String] {
        switch (kind, solved) {
        case (.timeUp, _):
            let stopped = reasonPhrase?.key == "level.end.challenge_stopped"
            // A challenge's end sends everyone to the lobby: no "you can still run it" (a re-play).
            let key = stopped ? "level.result.challenge_stopped" : inChallenge ? "level.result.time_up_challenge" : "level.result.time_up"
            return [t.paint(.bad, t.say(key))]
        case (.submit, true):
            let starText = t.reader ? t.say("level.result.stars_reader", String(stars))
                                    : String(repeating: "★", count: stars) + String(repeating: "☆", count: max(0, 3 - stars))
            let solvedLine = seedsTotal == 1 ? t.say("level.result.solved_one", String(points))
                : t.say("level.result.solved", String(seedsTotal), String(points))
            return [t.paint(.good, solvedLine),
                    t.say(statements == 1 ? "level.result.stars_one" : "level.result.stars", starText, String(statements), String(par))]
        case (.submit, false):
            let failedLine = seedsTotal == 1 ? t.say("level.result.failed_one")
                : t.say("level.result.failed", String(seedsPassed), String(seedsTotal))
            var lines = [t.paint(.bad, failedLine)]
            if let reasonPhrase { lines.append(t.say(reasonPhrase)) }
            return lines + missingText(t)
        case (_, true):
            return [t.paint(.good, t.say(steps == 1 ? "level.result.run_solved_one" : "level.result.run_solved", String(steps)))]
        case (_, false):
            return [t.paint(.bad, reasonPhrase.map { t.say($0) } ?? t.say("level.result.run_failed"))] + missingText(t)
        }
    }
}

/// A note in the trace that steps were left out (runs can be 10,000 steps long).
struct LevelTraceGapEvent: Event {
    let room: String
    let skipped: Int
    var name: String { "info" }
    var key: String { skipped == 1 ? "level.trace.skipped_one" : "level.trace.skipped" }
    /// `skipped` as `run`'s own note has it (session 10: `trace` lost the field).
    func fields(_ t: TextContext) -> [(String, JSON)] { [("text", .string(t.say(key, String(skipped)))), ("skipped", .int(skipped))] }
    func text(_ t: TextContext) -> [String] { [t.paint(.dim, t.say(key, String(skipped)))] }
}
