import AulaServer
import AulaGames

/// A snapshot of a round for drawing: taken once per change and shared by
/// every member's event, so each connection only renders it.
public struct HangmanView: Sendable {
    public struct Lives: Sendable {
        public let name: String
        public let lives: Int
        public let misses: Int
        /// Benched for missing three turns in a row: still has lives, plays no
        /// more this round (session 10: only a text line said so, once).
        public var benched = false
    }

    public let mask: String
    public let letterCount: Int
    public let maxLives: Int
    /// Everyone in turn order with their lives (0 for those out).
    public let lives: [Lives]
    public let turn: String?
    /// Letters tried and missed, as the round keeps them (shared with it, not
    /// copied: no array made on every guess); `tried`/`misses` give them as strings.
    public let triedLetters: [Character]
    public let missedLetters: [Character]
    public var tried: [String] { triedLetters.map(String.init) }
    public var misses: [String] { missedLetters.map(String.init) }
    /// The hint, once someone asked for it this round.
    public let hint: String?
    /// Whole seconds left on the turn clock (held while paused); nil when no
    /// clock runs (no round, round over). Set by the room, which owns the setting.
    public var turnSecondsLeft: Int?
    /// Who lost a life with the last action: they see their own gallows.
    public var lastMissBy: String?
    /// Race mode: no turns; the last line says the race is on.
    public var race = false
    /// Race mode: the viewer completed the word or is out of lives, so the last
    /// line says to wait, not "type a letter" (a play test).
    public var raceDone = false

    public init(round: HangmanRound?, hintShown: Bool) {
        self = round?.view(hintShown: hintShown) ?? HangmanView(mask: "", letterCount: 0, maxLives: 0, lives: [], turn: nil,
                                                                 tried: [], misses: [], hint: nil)
    }

    init(mask: String, letterCount: Int, maxLives: Int, lives: [Lives], turn: String?, tried: [Character],
         misses: [Character], hint: String?) {
        self.mask = mask
        self.letterCount = letterCount
        self.maxLives = maxLives
        self.lives = lives
        self.turn = turn
        self.triedLetters = tried
        self.missedLetters = misses
        self.hint = hint
    }

    /// The player whose turn it is, with their misses (the gallows shows them).
    var turnPlayer: Lives? { turn.flatMap { name in lives.first { $0.name == name } } }

    /// Whose gallows this viewer sees: their own right after they missed
    /// (the full figure at 0 lives), else that of the player whose turn it is.
    func gallowsOwner(for viewer: String?) -> Lives? {
        if let viewer, viewer == lastMissBy, let own = lives.first(where: { $0.name == viewer }) { return own }
        return turnPlayer
    }
}

extension HangmanRound {
    /// The snapshot of this round. A method rather than an initialiser taking
    /// the round, so the round is read where it is, not copied for every guess.
    func view(hintShown: Bool) -> HangmanView {
        // Players who left are not listed (SPEC §12); their points stay in the round.
        // Built in one pass each, sized up front: this runs on every guess.
        var lives: [HangmanView.Lives] = []
        lives.reserveCapacity(players.count)
        for player in players where player.status != .left {
            var entry = HangmanView.Lives(name: player.name, lives: player.lives, misses: player.misses)
            entry.benched = player.status == .spectator && player.lives > 0
            lives.append(entry)
        }
        var view = HangmanView(mask: mask, letterCount: letterCount, maxLives: maxLives, lives: lives,
                               turn: turn, tried: tried, misses: misses,
                               hint: hintShown ? hint : nil)
        view.lastMissBy = lastMissBy
        return view
    }
}

/// `hangman.state {room, mask, lives:{name:n}, turn, tried:[...], misses:[...], hint?, turn_seconds_left}`
/// — the word and everyone's lives after every change, and for `state`.
/// `turn_seconds_left` is the turn clock in whole seconds, null when no clock runs.
public struct HangmanStateEvent: SelfWritingEvent {
    public let room: String
    public let view: HangmanView
    /// Who reads it (to say "your turn"); not part of the JSON.
    public let viewer: String?
    /// Race mode, right after the viewer's own guess: a screen reader hears the
    /// word only (the guess line said the rest); `state` gives everything.
    public var afterGuess = false

    public init(room: String, view: HangmanView, viewer: String?) {
        self.room = room
        self.view = view
        self.viewer = viewer
    }

    public var name: String { "hangman.state" }

    public func writeFields(_ t: TextContext, into fields: inout JSONFields) {
        fields.add("room", room)
        fields.add("mask", view.mask)
        fields.add("lives", numbersByName: view.lives.lazy.map { ($0.name, $0.lives) })
        fields.add("turn", view.turn)
        fields.add("tried", letters: view.triedLetters)
        fields.add("misses", letters: view.missedLetters)
        if let hint = view.hint { fields.add("hint", hint) }
        fields.add("turn_seconds_left", view.turnSecondsLeft.map { JSON.int($0) } ?? .null)
        // Only when someone is: a new field, absent otherwise (no cost on a guess).
        if view.lives.contains(where: \.benched) {
            fields.add("benched", .array(view.lives.filter(\.benched).map { .string($0.name) }))
        }
    }

    public func text(_ t: TextContext) -> [String] {
        t.reader ? readerText(t) : drawnText(t)
    }

    /// Text mode: the gallows of the player whose turn it is, then the word
    /// with spaces between its letters, the hint, the misses, everyone's lives
    /// and whose turn it is. One gallows, not one per player: it shows the
    /// danger of the one about to guess, and eight gallows would not fit a
    /// screen; the lives line shows everyone else's standing.
    private func drawnText(_ t: TextContext) -> [String] {
        var lines: [String] = []
        if let player = view.gallowsOwner(for: viewer), player.misses > 0 {
            let art = GallowsArt.lines(misses: player.misses, maxLives: view.maxLives)
            for (i, row) in art.enumerated() {
                // The owner's name beside the beam, so nobody thinks it is theirs.
                let label = i == 0 ? "   " + t.paint(.name, player.name) : ""
                lines.append(t.paint(player.lives <= 1 ? .bad : .warn, trimmedRight(row)) + label)
            }
        }
        lines.append(t.say("hangman.state.word", t.paint(.title, HangmanStateEvent.spaced(view.mask))))
        if let hint = view.hint { lines.append(t.say("hangman.state.hint", hint.endingSentence)) }
        if !view.misses.isEmpty {
            lines.append(t.say("hangman.state.misses", t.paint(.bad, view.misses.joined(separator: ", "))))
        }
        let lives = view.lives.map { p -> String in
            let text = "\(p.name) \(p.lives)/\(view.maxLives)" + (p.benched ? " " + t.say("hangman.state.benched_mark") : "")
            let style: Style = p.lives == 0 || p.benched ? .dim : (p.name == view.turn ? .name : (p.lives == 1 ? .bad : .good))
            return t.paint(style, text)
        }
        lines.append(t.say("hangman.state.lives", lives.joined(separator: ", ")))
        lines += turnLines(t)
        return lines
    }

    /// Reader mode: no art; the word letter by letter, then lives in words.
    /// No gallows line: it said the lives line again on every guess (a play test).
    private func readerText(_ t: TextContext) -> [String] {
        var lines = [t.say("hangman.reader.word", String(view.letterCount), HangmanStateEvent.spoken(view.mask, t))]
        if view.race { return lines + raceReaderText(t) }
        if let hint = view.hint { lines.append(t.say("hangman.state.hint", hint.endingSentence)) }
        let misses = view.misses.isEmpty ? t.say("hangman.state.none") : view.misses.joined(separator: ", ")
        lines.append(t.say("hangman.state.misses", misses))
        for p in view.lives {
            lines.append(p.benched ? t.say("hangman.reader.benched", p.name, String(p.lives), String(view.maxLives))
                         : p.lives > 0 ? t.say("hangman.reader.lives", p.name, String(p.lives), String(view.maxLives))
                                     : t.say("hangman.reader.out", p.name))
        }
        // No line about the drawing: "the figure is complete" said a fourth time
        // that the player has no lives (session 12); the lives line says it.
        lines += turnLines(t)
        return lines
    }

    /// A race in reader mode: after a guess, the word and nothing more (the
    /// line before said hit or miss and the lives); on `state`, the hint, the
    /// misses and the viewer's own lives in one line, then the clock.
    private func raceReaderText(_ t: TextContext) -> [String] {
        if afterGuess { return view.raceDone ? turnLines(t) : [] }
        var lines: [String] = []
        if let hint = view.hint { lines.append(t.say("hangman.state.hint", hint.endingSentence)) }
        let own = view.lives.first { $0.name == viewer }
        // "Fallos: ninguna" agreed with letters, not misses (session 12): no misses is said on its own.
        let key = view.misses.isEmpty ? "hangman.race.lives.reader.none" : "hangman.race.lives.reader"
        lines.append(t.say(key, view.misses.joined(separator: ", "), String(own?.lives ?? 0), String(view.maxLives)))
        lines += turnLines(t)
        return lines
    }

    /// Whose turn it is (with its clock), and for one who watches that they
    /// play next round: a line each (at 40 columns the two sentences shared a
    /// wrapped line, "…Lucía. (15 s left) You are watching…", session 10).
    private func turnLines(_ t: TextContext) -> [String] {
        guard !view.race, view.turn != nil, let viewer, viewer != view.turn,
              !view.lives.contains(where: { $0.name == viewer && $0.lives > 0 }) else { return [turnLine(t)] }
        return [turnLine(t), t.say("hangman.state.watching")]
    }

    private func turnLine(_ t: TextContext) -> String {
        if view.race {
            let seconds = String(view.turnSecondsLeft ?? 0)
            guard view.raceDone else { return t.paint(.good, t.say("hangman.race.go", seconds)) }
            let out = view.lives.contains { $0.name == viewer && $0.lives <= 0 }
            return t.say(out ? "hangman.race.out_wait" : "hangman.race.done_wait", seconds)
        }
        guard let turn = view.turn else { return t.say("hangman.state.watching") }
        // The turn's clock as it stands now, for everyone (a play test: the
        // README promised it, and only JSON's turn_seconds_left had it).
        let clock = view.turnSecondsLeft.map { seconds -> String in
            let key = !t.reader ? "hangman.state.turn_seconds" : (seconds == 1 ? "hangman.reader.turn_seconds_one" : "hangman.reader.turn_seconds")
            return " " + t.say(key, String(seconds))
        } ?? ""
        if let viewer, viewer == turn { return t.paint(.good, t.say("hangman.state.your_turn") + clock) }
        return t.say("hangman.state.turn", turn) + clock
    }

    private func trimmedRight(_ s: String) -> String {
        var s = Substring(s)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    /// `_ a _ _ -` : one character per letter, spaces between them.
    public static func spaced(_ mask: String) -> String {
        mask.map(String.init).joined(separator: " ")
    }

    /// `g, blank, t, 3 blanks` : the mask for a screen reader, a run of
    /// blanks said as one count (a play test heard "blank" eleven times).
    static func spoken(_ mask: String, _ t: TextContext) -> String {
        var parts: [String] = []
        var blanks = 0
        func flush() {
            if blanks == 1 { parts.append(t.say("hangman.reader.blank")) }
            if blanks > 1 { parts.append(t.say("hangman.reader.blanks", String(blanks))) }
            blanks = 0
        }
        for c in mask {
            if c == "_" { blanks += 1; continue }
            flush()
            switch c {
            case " ": parts.append(t.say("hangman.reader.space"))
            case "-": parts.append(t.say("hangman.reader.hyphen"))
            default: parts.append(String(c))
            }
        }
        flush()
        return parts.joined(separator: ", ")
    }
}

/// `hangman.guess {room, player, guess, hit, revealed}` — a letter (folded:
/// `á` is sent as `a`) or a `solve` attempt, and how many letters it uncovered.
public struct HangmanGuessEvent: SelfWritingEvent {
    public let room: String
    public let player: String
    public let guess: String
    public let hit: Bool
    public let revealed: Int
    /// Where the sentence comes from: given, or the rules' event, turned into
    /// a phrase only when a text reader needs it (JSON rooms never do, and
    /// building it cost an allocation on every guess).
    private enum Sentence {
        case phrase(Phrase)
        case event(HangmanEvent)
    }
    private let sentence: Sentence

    /// The rules' sentence for it (`hangman.hit`, `hangman.miss`, `hangman.solve_*`).
    public var phrase: Phrase {
        switch sentence {
        case .phrase(let phrase): return phrase
        case .event(let event): return event.phrase
        }
    }

    init(room: String, player: String, guess: String, hit: Bool, revealed: Int, phrase: Phrase) {
        self.room = room
        self.player = player
        self.guess = guess
        self.hit = hit
        self.revealed = revealed
        sentence = .phrase(phrase)
    }

    /// The sentence is `event.phrase`, made only if it is read.
    init(room: String, player: String, guess: String, hit: Bool, revealed: Int, saying event: HangmanEvent) {
        self.room = room
        self.player = player
        self.guess = guess
        self.hit = hit
        self.revealed = revealed
        sentence = .event(event)
    }

    public var name: String { "hangman.guess" }

    public func writeFields(_ t: TextContext, into fields: inout JSONFields) {
        fields.add("room", room)
        fields.add("player", player)
        fields.add("guess", guess)
        fields.add("hit", hit)
        fields.add("revealed", revealed)
    }

    public func text(_ t: TextContext) -> [String] { [t.paint(hit ? .good : .bad, t.say(phrase))] }
}

/// `round.end {room, kind, outcome, round:[{name, points}], leaderboard:[{name, points}], word}`
/// — printed once the round is saved: this round's points (turn order) and
/// the room's running totals (most points first). `word` is an extra field.
public struct HangmanRoundEndEvent: Event {
    public struct Line: Sendable {
        public let name: String
        public let points: Int
        /// Competition rank: equal points share it (1, 2, 2, 4).
        public var rank = 1
    }

    public let room: String
    public let outcome: HangmanOutcome
    public let word: String
    public let completedBy: String?
    public let round: [Line]
    public let leaderboard: [Line]
    /// `everyone_benched` with players out of lives too (HangmanResult).
    public let someOutOfLives: Bool

    public init(room: String, result: HangmanResult, totals: [(name: String, points: Int)]) {
        self.room = room
        outcome = result.outcome
        someOutOfLives = result.someOutOfLives
        word = result.word
        completedBy = result.completedBy
        // Most points first (the result's scores are sorted so).
        round = Self.ranked(result.scores.enumerated()
            .sorted { $0.element.points != $1.element.points ? $0.element.points > $1.element.points : $0.offset < $1.offset }
            .map { Line(name: $0.element.name, points: $0.element.points) })
        // Stable sort: equal totals keep the order players first appeared.
        leaderboard = Self.ranked(totals.enumerated()
            .sorted { $0.element.points != $1.element.points ? $0.element.points > $1.element.points : $0.offset < $1.offset }
            .map { Line(name: $0.element.name, points: $0.element.points) })
    }

    static func ranked(_ lines: [Line]) -> [Line] {
        var out = lines
        for i in out.indices {
            out[i].rank = i > 0 && out[i - 1].points == out[i].points ? out[i - 1].rank : i + 1
        }
        return out
    }

    public var name: String { "round.end" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        func lines(_ list: [Line]) -> JSON {
            .array(list.map { .object([("name", .string($0.name)), ("points", .int($0.points)), ("rank", .int($0.rank))]) })
        }
        return [("room", .string(room)), ("kind", .string("hangman")), ("outcome", .string(outcome.rawValue)),
                ("round", lines(round)), ("leaderboard", lines(leaderboard)), ("word", .string(word))]
    }

    public func text(_ t: TextContext) -> [String] {
        let summary: String
        switch outcome {
        case .solved: summary = t.say("hangman.round_over.solved", t.paint(.title, word), completedBy ?? "")
        case .noLives: summary = t.say("hangman.round_over.lost", t.paint(.title, word))
        case .everyoneBenched:
            summary = t.say(someOutOfLives ? "hangman.round_over.benched_or_out" : "hangman.round_over.everyone_benched", t.paint(.title, word))
        case .skipped: summary = t.say("hangman.round_over.skipped", t.paint(.title, word))
        case .timeUp: summary = t.say("hangman.round_over.time_up", t.paint(.title, word))
        }
        var lines = [t.paint(outcome == .solved ? .good : .warn, summary)]
        lines.append(t.paint(.title, t.say("hangman.end.round")))
        lines += rows(round, t)
        lines.append(t.paint(.title, t.say("hangman.end.total")))
        lines += rows(leaderboard, t)
        return lines
    }

    private func rows(_ list: [Line], _ t: TextContext) -> [String] {
        list.map { line in
            t.reader ? t.say("leaderboard.reader_row", String(line.rank), line.name, String(line.points))
                     : (String(line.rank) + ".").leftPadded(4) + " " + t.paint(.name, line.name.rightPadded(16)) + " "
                       + String(line.points).leftPadded(6)
        }
    }
}
