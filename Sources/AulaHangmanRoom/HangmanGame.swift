import AulaServer
import AulaGames
import AulaStore
import AulaNet

/// A hangman room's game (SPEC §4): the host's settings, the round being
/// played (a pure `HangmanRound` value), its turn timer, and the room's
/// running totals. It feeds the round players' actions, turns the events the
/// rules return into `Event`s for the room, and saves every finished round
/// before printing its leaderboard.
///
/// Owned by the loop thread like the rest of the server; not `Sendable`: store
/// callbacks come back through `Server.read`/`write` (Loop/Server+Hop.swift).
public final class HangmanGame: RoomGame, HangmanRoundKeeper {
    public let kind = "hangman"
    public let maxPlayers = 8
    /// How long `round.end` waits for the database before it is printed anyway
    /// (a full disk must not freeze the room; the write keeps retrying).
    public static let saveWait: Double = 3
    /// How many recent words a room avoids drawing again.
    static let recentWordsKept = 20

    public internal(set) var settings: HangmanSettings
    /// The current (or last) round; nil before the first `start`.
    public internal(set) var round: HangmanRound?
    weak var server: (any RoomHost)?
    /// Strong, and let go in `roomClosed()` (the room owns its game, so the
    /// cycle lasts as long as the room is open): a weak reference gives the
    /// room a side table, and then every retain and release of it on the
    /// guess path takes the runtime's slow path.
    var room: Room?
    var random: SeededRandom
    /// The server's loop, held directly: the hot path reads its clock on every
    /// guess without going through the weak `server`.
    let loop: EventLoop
    /// The server's log (a value: it outlives a server that is gone).
    let log: Log
    /// The turn clock; moved by every hit and new turn, without a new timer each time.
    var turnClock: Alarm?
    /// Rings `turnWarningAt` seconds before the turn runs out (SPEC §12).
    var warnClock: Alarm?
    /// Players who typed `bell off` in this room (the bell is on by default).
    var bellOff: Set<String> = []
    /// Seconds left when the turn warning is given.
    static let turnWarningAt = 10.0
    /// Waiting for the deck's words from the database after `start`.
    var loading = false
    /// The finished round is being saved; its `round.end` is not printed yet.
    var saving = false
    var closed = false
    /// Someone typed `hint`: the state shows it until the round ends.
    var hintShown = false
    /// The room's players of this round, by name (they keep their points when they leave).
    var roundPlayers: [String: Player] = [:]
    var roundStartedAt: Double = 0
    var recentWords: [String] = []
    /// The room's running totals across rounds, in order of first appearance.
    var totals: [(name: String, points: Int)] = []
    var forgottenNames: Set<String> = []
    /// The turn's length with its player's accommodation (HangmanGame+Accommodation.swift).
    var fixedTurn: HangmanTurnLength?

    init(server: any RoomHost, settings: HangmanSettings, random: SeededRandom) {
        self.server = server
        self.loop = server.loop
        self.log = server.log
        self.settings = settings
        self.random = random
        // Unowned: the game owns its clock, whose deinit cancels its timer.
        turnClock = Alarm(loop: server.loop) { [unowned self] in self.turnRanOut() }
        warnClock = Alarm(loop: server.loop) { [unowned self] in self.warnTurn() }
    }

    /// Registers `create hangman` (alias `ahorcado`). Each room gets its own
    /// random source, derived from `seed` (default: the clock at registration).
    public static func register(_ server: Server, seed: UInt64? = nil) {
        let base = seed ?? UInt64(bitPattern: Int64(server.wallClock() * 1_000_000))
        var rooms: UInt64 = 0
        server.registerRoomHelp("hangman", HangmanCommands.table.entries + HangmanRaceCommands.table.entries)
        server.registerGame("hangman", alias: "ahorcado") { server, host, args in
            rooms += 1
            // `create hangman race [difficulty] [deck]` (SPEC §12): everyone at once.
            var words = args.words
            let race = words.first.map { ["race", "carrera"].contains($0.lowercased()) } ?? false
            if race { words.removeFirst() }
            let parsed = HangmanSettings.parse(words, decks: server.content.wordDecks,
                                               language: host.language.rawValue)
            return parsed.map { settings -> RoomGame in
                var mixer = SeededRandom(seed: base &+ rooms &* 0x9E37_79B9_7F4A_7C15)
                let random = SeededRandom(seed: mixer.next())
                if race { return HangmanRaceGame(server: server, settings: settings, random: random) }
                return HangmanGame(server: server, settings: settings, random: random)
            }
        }
    }

    // MARK: RoomGame

    public var isPlaying: Bool { loading || (round.map { !$0.isOver } ?? false) }

    public var about: Phrase {
        Phrase("hangman.about", [Phrase.entry(settings.difficulty.phraseKey), settings.deckID, String(settings.turnSeconds)])
    }

    public var commands: CommandTable<GameCall> { HangmanCommands.table }

    public func attach(to room: Room) {
        self.room = room
        room.host.send(InfoEvent(phrases: [settingsPhrase, room.waitingPhrase(for: room.host)]))
    }

    public func playerJoined(_ player: Player, spectator: Bool) {
        if let round, !round.isOver {
            player.send(stateEvent(for: player.name))
            tellIfPaused(player)
        } else if let room {
            player.send(InfoEvent(phrases: [settingsPhrase, room.waitingPhrase(for: player)]))
        }
    }

    public func playerLeft(_ player: Player) {
        guard let round, !round.isOver, let index = round.players.firstIndex(where: { $0.name == player.name }),
              round.players[index].status != .left else { return }
        act(.leave(player.name), by: nil)
    }

    public func playerForgotten(_ name: String) { forgetPlayer(name) }
    public func playerReconnected(_ player: Player) {
        if let round, !round.isOver {
            player.send(stateEvent(for: player.name))
            tellIfPaused(player)
        } else if let room {
            // Between rounds the room's state too: the last round's board and who
            // starts the next (session 12: only `welcome` and `room.joined` came).
            if round != nil { player.send(stateEvent(for: player.name)) }
            let next = round == nil ? room.waitingPhrase(for: player) : room.nextRoundPhrase(for: player)
            player.send(InfoEvent(phrases: [settingsPhrase, next]))
        }
    }

    public func bareInput(_ line: String, from player: Player) -> Bool {
        // Trimming builds an array of characters: skip it when nothing to trim.
        // Judged on the bytes: a printable ASCII byte at both ends is never
        // whitespace (no Unicode property look-up for a guess); anything else
        // goes through `trimmed`, which gives the line back when it has none.
        let text = Self.printableASCII(line.utf8.first) && Self.printableASCII(line.utf8.last) ? line : HangmanLetters.trimmed(line)
        if text.count == 1 {
            guess(text, by: player)
            return true
        }
        // A bare word on your turn is most likely a guess of the whole word:
        // the rules answer `one_letter_only` with how to `solve` it.
        if let round, !round.isOver, round.turn == player.name, text.allSatisfy(HangmanLetters.isLetter) {
            guess(text, by: player)
            return true
        }
        return false
    }

    private static func printableASCII(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte > 0x20 && byte < 0x7F
    }

    public func roomClosed() {
        closed = true
        cancelTurnTimer()
        room = nil
    }

    // MARK: What players do

    func guess(_ text: String, by player: Player) { act(.guess(player.name, text), by: player) }

    func solve(_ text: String, by player: Player) { act(.solve(player.name, text), by: player) }

    /// Applies an action to the round: refusals go back to the one who acted,
    /// accepted actions are told to the whole room.
    func act(_ action: HangmanAction, by player: Player?) {
        // Changed in place through the optional: no copy of the round (and of
        // its arrays) on every guess.
        guard let outcome = round?.apply(action, now: loop.now) else {
            player?.refuse(Refusal(code: loading ? "round_starting" : "no_round"))
            return
        }
        switch outcome {
        case .failure(let refusal): player?.refuse(refusal)
        case .success(let events): announce(events)
        }
    }

    /// `hint`: the word's hint, to the whole room; it stays in the state.
    func showHint(to player: Player) {
        guard let round, !round.isOver, let room else {
            player.refuse(Refusal(code: "no_round"))
            return
        }
        hintShown = true
        room.broadcast(InfoEvent("hangman.hint_asked", player.name, round.hint.endingSentence, style: .warn))
    }

    /// `letters`: the letters tried, hits and misses, to the one who asked.
    func showLetters(to player: Player) {
        guard let round else {
            player.refuse(Refusal(code: "no_round"))
            return
        }
        func list(_ letters: [Character]) -> PhraseArgument {
            letters.isEmpty ? Phrase.entry("hangman.state.none") : .text(letters.map(String.init).joined(separator: ", "))
        }
        player.send(InfoEvent(phrases: [
            Phrase("hangman.state.tried", [list(round.tried)]),
            Phrase("hangman.state.hits", [list(round.hits)]),
            Phrase("hangman.state.misses", [list(round.misses)]),
        ]))
    }

    /// `state`: the gallows and the word again, to the one who asked (in JSON, `hangman.state`).
    func showState(to player: Player) {
        guard let round, !round.isOver else {
            if let room { player.send(InfoEvent(phrases: [settingsPhrase, room.waitingPhrase(for: player)])) }
            return
        }
        player.send(stateEvent(for: player.name))
    }

    var settingsPhrase: Phrase {
        Phrase("hangman.settings", [Phrase.entry(settings.difficulty.phraseKey), settings.deckID, String(settings.turnSeconds)])
    }

    // MARK: Telling the room

    /// Turns the rules' events into what the room sees: `hangman.guess` for a
    /// letter or a solve, one `info` with the other news (lives, turn, points),
    /// then the new state — or, when the round is over, its saving and `round.end`.
    func announce(_ events: [HangmanEvent]) {
        // One strong load of the weak reference for the whole guess, not one per use.
        guard let room else { return }
        // Sized for a guess's usual few events: no regrowth on the hot path.
        var told: [Event] = []
        told.reserveCapacity(4)
        var news: [Phrase] = []
        news.reserveCapacity(events.count)
        var finished: HangmanResult?
        var newTurn: String?
        var lastChance: Player?
        var benched: [Player] = []
        func tellNews() {
            guard !news.isEmpty else { return }
            told.append(InfoEvent(phrases: news))
            news = []
        }
        for event in events {
            switch event {
            case .guessed(let name, let letter, let hit, let revealed):
                tellNews()
                told.append(HangmanGuessEvent(room: room.id, player: name, guess: String(letter), hit: hit,
                                              revealed: revealed, saying: event))
            case .solveTried(let name, let text, let correct, let revealed):
                tellNews()
                told.append(HangmanGuessEvent(room: room.id, player: name, guess: text, hit: correct,
                                              revealed: revealed, saying: event))
            case .becameSpectator(let name):
                news.append(event.phrase)
                if let player = roundPlayers[name] {
                    room.makeSpectator(player)
                    benched.append(player)
                }
            case .roundOver(let result):
                finished = result
            case .turnPassed(_, let to):
                newTurn = to
                news.append(event.phrase)
            case .playerOut(let name) where news.last?.key == "hangman.life_lost.none":
                // One sentence, not two saying the same (session 12, reader mode:
                // "pierde una vida: no le quedan vidas", "se ha quedado sin vidas…").
                news[news.count - 1] = Phrase("hangman.out_of_lives", [name])
            case .lastChance(let name):
                // Said to that player only: a watcher heard "Luis, última oportunidad…" (session 12).
                lastChance = roundPlayers[name]
            default:
                news.append(event.phrase)
            }
        }
        tellNews()
        // The room reads "Ben missed three turns…"; Ben himself is told in his own
        // words that he plays again next round (a play test: the third person read
        // to him as if he were out of the game).
        defer { for player in benched { player.send(InfoEvent("hangman.spectator.you")) } }
        defer { if let player = lastChance { player.send(InfoEvent(phrases: [Phrase("hangman.last_chance", [player.name])])) } }
        if let finished {
            tellRoom(told, withState: false)
            finish(finished)
        } else {
            tellRoom(told, withState: true)
            restartTurnTimer()
            if let newTurn { ringBell(for: newTurn) }
        }
    }

    /// A BEL byte (0x07) to the player whose turn starts: text mode only (never
    /// JSON), unless they typed `bell off`.
    private func ringBell(for name: String) {
        guard bellOff.isEmpty || !bellOff.contains(name), let client = roundPlayers[name]?.client,
              client.renderer.mode == .text, client.connection.isOpen else { return }
        client.connection.send(bytes: [0x07])
    }

    /// `bell on|off` — the BEL at the start of your turn, for you in this room.
    func setBell(_ word: String?, by player: Player) {
        switch word.map(HangmanLetters.comparisonKey) {
        case "on", "si", "sí", "activar": bellOff.remove(player.name)
        case "off", "no", "desactivar": bellOff.insert(player.name)
        case nil:
            player.send(InfoEvent(bellOff.contains(player.name) ? "hangman.bell.off" : "hangman.bell.on"))
            return
        default:
            player.refuse(Refusal.usage("bad_argument", "hangman.bell"))
            return
        }
        player.send(InfoEvent(bellOff.contains(player.name) ? "hangman.bell.off" : "hangman.bell.on"))
    }

    /// The state for one reader: the same for everyone except "your turn".
    func stateEvent(for viewer: String?) -> HangmanStateEvent {
        HangmanStateEvent(room: room?.id ?? "", view: currentView, viewer: viewer)
    }

    /// The round as it is drawn now (empty before the first round), with the
    /// turn clock's whole seconds left.
    private var currentView: HangmanView {
        // Read in place (`inPlace`), not bound with `guard let`: a copy of the
        // round costs a retain and a release of each of its arrays and strings.
        let length = currentTurnLength()  // an untimed student's turn shows no clock
        let hintShown = hintShown, seconds = length?.seconds ?? Double(settings.turnSeconds), now = loop.now
        let shown = length?.shown ?? true
        return Self.inPlace(&round) { round in
            guard let round else { return HangmanView(round: nil, hintShown: false) }
            var view = round.view(hintShown: hintShown)
            view.turnSecondsLeft = shown ? round.turnSecondsLeft(seconds: seconds, now: now).map { Int($0.rounded(.up)) } : nil
            return view
        }
    }

    /// Reads the round without copying it: a class's stored property read for a
    /// call is copied first (the call could change the property meanwhile),
    /// while an `inout` access lends the stored value itself.
    static func inPlace<T>(_ round: inout HangmanRound?, _ body: (borrowing HangmanRound?) -> T) -> T {
        body(round)
    }

    /// Tells the room what happened, then (`withState`) the new state: all of
    /// it rendered once per way of reading and kind of viewer, and queued to
    /// each member at once. The state reads the same for everyone but in its
    /// last line (your turn / you are out / whose turn), and JSON not at all,
    /// so a JSON room costs one render and one queued write per member.
    private func tellRoom(_ told: [Event], withState: Bool) {
        guard let room, withState || !told.isEmpty else { return }
        let view = withState ? currentView : nil
        var rendered = RenderedForViewers()
        // Players then spectators, as `members` lists them, without building that list.
        for member in room.players {
            if let client = member.client { rendered.send(told, view, room: room.id, to: client, viewer: member.name) }
        }
        for member in room.spectators {
            if let client = member.client { rendered.send(told, view, room: room.id, to: client, viewer: member.name) }
        }
        for watcher in room.watchers { rendered.send(told, view, room: room.id, to: watcher, viewer: nil) }
        if room.hasBoard {
            for event in told { room.showBoard(event) }
            if let view { room.showBoard(HangmanStateEvent(room: room.id, view: view, viewer: nil)) }
        }
    }
}
