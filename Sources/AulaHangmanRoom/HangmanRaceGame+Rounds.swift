import AulaServer
import AulaGames
import AulaStore

/// Starting a race (the deck's words from the word bank, as in turn mode) and
/// ending one (saved, then `round.end` to the room).
extension HangmanRaceGame {
    func start(by player: Player) {
        guard let room, let server else { return }
        guard room.isHost(player) else {
            player.refuse(Refusal(code: "not_host", args: [room.host.name]))
            return
        }
        guard !isPlaying, !saving else {
            player.refuse(Refusal(code: "round_in_progress"))
            return
        }
        room.promoteSpectatorsToPlayers()
        guard !room.players.isEmpty else {
            player.refuse(Refusal(code: "no_players"))
            return
        }
        loading = true
        server.withWordBank(settings.deckID) { [weak self, player] words, error in
            self?.begin(with: words.map { .success($0) } ?? .failure(error ?? .closed), host: player)
        }
    }

    private func begin(with words: Result<[WordEntry], StoreError>, host: Player) {
        loading = false
        guard !closed, let room, let server else { return }
        guard case .success(let entries) = words else {
            host.refuse(Refusal(code: "deck_unavailable", args: [settings.deckID]))
            return
        }
        guard let word = WordPicker.pick(from: entries, difficulty: settings.difficulty,
                                         avoiding: Set(recentWords), random: &random), word.letterCount > 0 else {
            host.refuse(Refusal(code: "deck_empty", args: [settings.deckID]))
            return
        }
        let players = room.players
        let started = HangmanRace(word: word, players: players.map(\.name), difficulty: settings.difficulty,
                                  now: server.loop.now)
        race = started
        hintShown = false
        roundStartedAt = server.wallClock()
        roundPlayers = Dictionary(players.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        recentWords.append(word.key)
        if recentWords.count > 20 { recentWords.removeFirst() }
        room.broadcast(InfoEvent(phrases: [Phrase("hangman.race.started", [String(started.letterCount),
                                                                             String(Int(started.seconds))])]))
        for p in players { p.send(stateEvent(started, for: p.name)) }
        room.broadcast(raceEvent(started, room: room.id))
        armClock()
    }

    /// `hint`: to the whole room, and it stays in everyone's state.
    func showHint(to player: Player) {
        guard let race, !race.isOver, let room else { return player.refuse(Refusal(code: "no_round")) }
        hintShown = true
        room.broadcast(InfoEvent("hangman.hint_asked", player.name, race.word.hint.endingSentence, style: .warn))
    }

    /// `state`: your own state (or the race lines when you watch).
    func showState(to player: Player) {
        guard let race, !race.isOver, let room else {
            if let room = self.room { player.send(InfoEvent(phrases: [about, room.waitingPhrase(for: player)])) }
            return
        }
        if race.racer(player.name) != nil { player.send(stateEvent(race, for: player.name)) }
        player.send(raceEvent(race, room: room.id))
    }

    /// Saves the race like a turn-mode round, then prints `round.end` (HangmanRoundEnd.swift).
    func finish(_ result: HangmanResult) {
        guard let server, let race else { return }
        let seats = race.racers.map { HangmanSeat(name: $0.name, points: $0.points, outcome: Self.outcome(of: $0, in: result)) }
        saveAndTellEnd(result, difficulty: race.difficulty, mode: "race", seats: seats, server: server)
    }

    /// `solved` (completed the word), `out` (no lives), `left`, else the round's end.
    static func outcome(of racer: HangmanRace.Racer, in result: HangmanResult) -> Outcome {
        if racer.completed { return .solved }
        if racer.left { return .left }
        if racer.lives <= 0 { return .out }
        switch result.outcome {
        case .solved: return .played
        case .noLives, .everyoneBenched: return .lost
        case .skipped: return .skipped
        case .timeUp: return .timeUp
        }
    }
}

/// `hangman.race {room, players:[{name, found, lives, done}]}` — everyone's
/// progress in a race, after every change (never the letters themselves).
/// Extra fields: `letters` (letters in the word), `seconds_left` (room clock;
/// null once the race is over, when the text shows the final standings).
public struct HangmanRaceEvent: Event {
    public struct Racer: Sendable {
        public let name: String
        public let found: Int
        public let lives: Int
        public let done: Bool
    }

    public let room: String
    public let letterCount: Int
    public let maxLives: Int
    public let secondsLeft: Int?
    public let players: [Racer]
    /// Progress after an ordinary guess: no lines for a screen reader (text
    /// and JSON unchanged). Not part of the JSON.
    public var quietForReaders = false

    init(room: String, letterCount: Int, maxLives: Int, secondsLeft: Int?, players: [Racer]) {
        self.room = room
        self.letterCount = letterCount
        self.maxLives = maxLives
        self.secondsLeft = secondsLeft
        self.players = players
    }

    public var name: String { "hangman.race" }

    public func fields(_ t: TextContext) -> [(String, JSON)] {
        [("room", .string(room)),
         ("players", .array(players.map { .object([("name", .string($0.name)), ("found", .int($0.found)),
                                                   ("lives", .int($0.lives)), ("done", .bool($0.done))]) })),
         ("letters", .int(letterCount)), ("seconds_left", secondsLeft.map { .int($0) } ?? .null)]
    }

    public func text(_ t: TextContext) -> [String] {
        if t.reader && quietForReaders { return [] }
        // No clock once the race is over: it ended when everyone was done, often
        // with a minute or more left, and "0 seconds left" read as a time-up.
        let header = secondsLeft.map { t.say("hangman.race.header", String($0)) } ?? t.say("hangman.race.header.final")
        var lines = [t.paint(.title, header)]
        for p in players {
            var key = p.done ? (p.found == letterCount ? "hangman.race.row.done" : "hangman.race.row.out") : "hangman.race.row"
            // Reader mode says lives in words, as the turn game does ("7 of 8 lives", not "7/8": a sweep).
            if t.reader && key != "hangman.race.row.out" { key += ".reader" }
            let row = t.say(key, p.name, String(p.found), String(letterCount), String(p.lives), String(maxLives))
            lines.append(t.reader ? row : "  " + row)
        }
        return lines
    }
}

/// The commands of a race room (tried before the lobby's).
enum HangmanRaceCommands {
    static let table = CommandTable<GameCall>([
        Command("hangman.start", "start", aliases: ["empezar", "comenzar", "iniciar"]) { call, _ in
            game(call)?.start(by: call.player)
        },
        Command("hangman.guess", "guess", aliases: ["adivinar", "letra"]) { call, args in
            guard !args.isEmpty else { return call.player.refuse(Refusal.usage("missing_argument", "hangman.guess")) }
            game(call)?.act(.guess(call.player.name, args.text), by: call.player)
        },
        Command("hangman.solve", "solve", aliases: ["resolver"]) { call, args in
            guard !args.isEmpty else { return call.player.refuse(Refusal.usage("missing_argument", "hangman.solve")) }
            game(call)?.act(.solve(call.player.name, args.text), by: call.player)
        },
        Command("hangman.hint", "hint", aliases: ["pista"]) { call, _ in game(call)?.showHint(to: call.player) },
        Command("hangman.state", "state", aliases: ["estado", "ver"]) { call, _ in game(call)?.showState(to: call.player) },
    ])

    private static func game(_ call: GameCall) -> HangmanRaceGame? { call.room.game as? HangmanRaceGame }
}
