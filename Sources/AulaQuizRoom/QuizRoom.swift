import AulaServer
import AulaGames
import AulaNet

/// A team quiz room (SPEC §5): the shell around the pure `QuizGame`. It knows
/// who the host is, owns the countdown timers on the event loop, turns the
/// game's events into per-connection events, and saves the finished quiz
/// before printing its leaderboards. Not `Sendable`: its one owner is the loop
/// thread, and store callbacks come back through `Server.write(_:then:)`.
public final class QuizRoom: RoomGame {
    public let kind = "quiz"
    public let maxPlayers = 40
    public let commands = QuizCommands.table

    let server: any RoomHost
    weak var room: Room?
    /// The quiz being played (or the next one, in its lobby).
    var game: QuizGame
    var random: SeededRandom
    /// How long the tally stays up before the next question opens.
    let reviewPause: Double

    /// Everyone who played the current quiz (for saving, even after they left).
    var participants: [String: Player] = [:]
    /// Points over every quiz played in this room, for `round.end`'s `leaderboard`.
    var roomTotals: [String: Int] = [:]
    /// Wall-clock start of the current quiz (what is stored).
    var startedAt: Double = 0

    /// Finished quizzes whose `round.end` waits for the database (by number).
    var unprintedEnds: Set<Int> = []
    var endCounter = 0

    var tickTimer: TimerID?
    var advanceTimer: TimerID?
    var reminderTimers: [TimerID] = []
    /// A teacher paused during a tally: the next question waits for `resume`.
    var reviewHeld = false
    /// A `next` this soon after a question opened is refused: a double press
    /// threw a whole question away (session 11; QuizRoom+Progress.swift).
    let nextGuard: Double
    /// The last "N of M answered" sent to the host and consoles, and its pending follow-up.
    var progressSent: (position: Int, at: Double)?
    var progressTimer: TimerID?

    /// Seconds left at which the countdown reminder (`timer`) is sent.
    static let reminderAt = 10.0
    /// The longest the leaderboards wait for the database before being printed unsaved.
    static let saveWait = 10.0

    init(server: any RoomHost, deck: QuizDeck, reviewPause: Double, seed: UInt64, nextGuard: Double = 2) {
        self.server = server
        self.nextGuard = nextGuard
        self.game = QuizGame(deck: deck)
        self.random = SeededRandom(seed: seed)
        self.reviewPause = reviewPause
    }

    /// Registers `create quiz DECK` (Spanish `crear cuestionario MAZO`).
    /// `reviewPause`: seconds the bar chart stays up before the next question;
    /// `nextGuard`: how long after a question opens `next` is refused.
    public static func register(_ server: Server, reviewPause: Double = 3, nextGuard: Double = 2) {
        server.registerRoomHelp("quiz", QuizCommands.table.entries)
        server.registerGame("quiz", alias: "cuestionario") { server, _, args in
            switch findDeck(args[0], in: server.content.quizDecks) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let deck):
                return .success(QuizRoom(server: server, deck: deck, reviewPause: reviewPause,
                                         seed: UInt64.random(in: .min ... .max), nextGuard: nextGuard))
            }
        }
    }

    /// The deck a host asked for, by id (case-insensitive), or a refusal listing the decks.
    /// The list names each deck with its title, kind, language and number of
    /// questions, so a host can choose without opening the files.
    static func findDeck(_ word: String?, in decks: [QuizDeck]) -> Result<QuizDeck, Refusal> {
        let list = deckList(decks)
        // Its own key too: hangman's `error.no_decks` spoke of word decks (session 9).
        guard !decks.isEmpty else { return .failure(Refusal("no_decks", Phrase("error.no_decks.quiz"))) }
        guard let word else {
            return .failure(Refusal("missing_argument", Phrase("error.quiz_deck_missing", [list])))
        }
        guard let deck = decks.first(where: { $0.id.lowercased() == word.lowercased() }) else {
            // Its own key: hangman's `error.unknown_deck` speaks of word decks.
            return .failure(Refusal("unknown_deck", Phrase("error.unknown_deck.quiz", [String(word.prefix(40)), list])))
        }
        return .success(deck)
    }

    /// `country-en ("Which country should you visit next?", personality quiz, en, 12); …` —
    /// the kind in the reader's language (a Spanish list said "personality", "graded":
    /// a re-play). One phrase per deck, chained two at a time (a catalog template has
    /// a fixed number of places).
    /// At most `listedDecks` are named (the chain's depth is the catalog's recursion),
    /// then how many more.
    static let listedDecks = 40

    static func deckList(_ decks: [QuizDeck]) -> PhraseArgument {
        var list: PhraseArgument? = decks.count > listedDecks
            ? .phrase(Phrase("quiz.deck_more", [String(decks.count - listedDecks)])) : nil
        for deck in decks.prefix(listedDecks).reversed() {
            let line = PhraseArgument.phrase(Phrase("quiz.deck_line", [deck.id, deck.title, Phrase.entry("quiz.style.\(deck.style.rawValue)"),
                                                                        deck.lang, String(deck.questions.count)]))
            list = list.map { .phrase(Phrase("quiz.deck_list", [line, $0])) } ?? line
        }
        return list ?? .text("")
    }

    // MARK: RoomGame

    public var isPlaying: Bool {
        switch game.phase {
        case .asking, .reviewing: return true
        case .lobby, .finished: return false
        }
    }

    public var about: Phrase {
        Phrase("quiz.room.about", [game.deck.title, Phrase.entry("quiz.style.\(game.deck.style.rawValue)"),
                                   String(game.deck.questions.count)])
    }

    public func attach(to room: Room) {
        self.room = room
        room.host.send(InfoEvent(phrases: [Phrase("quiz.room.created", [room.id, game.deck.title]),
                                           Phrase("quiz.room.description", [game.deck.description]),
                                           Phrase("quiz.room.how", [room.id])]))
        playerJoined(room.host, spectator: false)
    }

    public func playerJoined(_ player: Player, spectator: Bool) {
        // A room full before the start: they watch and are not in this quiz.
        if spectator && !game.isStarted { return }
        let events = game.join(player.name)
        if !spectator { syncMultiplier(player) }
        apply(events)
        if game.isStarted, case .asking = game.phase { sendQuestion(to: player, resent: true) }
        tellIfPaused(player)
    }

    /// A player who left (or was kicked) mid-quiz keeps their place, answers and team.
    public func takesBack(_ player: Player) -> Bool {
        isPlaying && game.players.contains(player.name)
    }

    public func playerLeft(_ player: Player) {
        apply(game.leave(player.name, now: server.loop.now))
    }

    /// The player keeps their place and team for the reconnect grace; the
    /// question still closes at their deadline, so nobody waits for them.
    public func playerDisconnected(_ player: Player) {}

    public func playerReconnected(_ player: Player) {
        if case .asking = game.phase { sendQuestion(to: player, resent: true) }
        tellIfPaused(player)
    }

    /// A bare answer follows the rules of `answer X` (session 12: bare `-1`
    /// and, on a scale, `abc` were `unknown_command`): a line that starts like
    /// a number always, and while a question is open to this player anything
    /// that is not a command (commands were looked up before this).
    public func bareInput(_ line: String, from player: Player) -> Bool {
        var answering = false
        if case .asking = game.phase { answering = game.players.contains(player.name) }
        guard answering || Self.startsLikeANumber(line) else { return false }
        answer(line, from: player)
        return true
    }

    /// `2`, `-1`, `+3`, `.5`: a digit first, or a sign or point before one.
    static func startsLikeANumber(_ line: String) -> Bool {
        let scalars = line.unicodeScalars.prefix(2)
        guard let first = scalars.first else { return false }
        if ("0"..."9").contains(first) { return true }
        guard "-+.,".unicodeScalars.contains(first), let second = scalars.dropFirst().first else { return false }
        return ("0"..."9").contains(second)
    }

    public func roomClosed() {
        cancelQuestionTimers()
        if let t = advanceTimer { server.loop.cancel(t); advanceTimer = nil }
    }

    // MARK: Helpers

    func isHost(_ player: Player) -> Bool { room?.isHost(player) ?? false }

    /// A refusal for someone who is not the host.
    /// In a quiz the teacher runs from the console the host is the teacher's stand-in:
    /// students read "your teacher", not the teacher's login name (session 12).
    func notHost() -> Refusal {
        if room?.teacherHost != nil { return Refusal("not_host", Phrase("error.not_host.teacher")) }
        return Refusal("not_host", Phrase("error.not_host", [room?.host.name ?? ""]))
    }

    /// Applies the time multiplier a teacher gave this student (told only to them).
    func syncMultiplier(_ player: Player) {
        guard game.players.contains(player.name) else { return }
        let wanted: QuizTimeMultiplier
        switch player.timeMultiplier {
        case nil: wanted = .standard
        case let v? where v <= 0: wanted = .untimed
        case let v?: wanted = .factor(v)
        }
        guard game.multiplier(for: player.name) != wanted else { return }
        for event in game.setTimeMultiplier(wanted, for: player.name) {
            if let phrase = event.phrase, wanted != .standard { player.send(InfoEvent(phrases: [phrase])) }
        }
    }

    /// The players of the room who are online and play (for multipliers).
    var roomPlayers: [Player] { room?.members.filter { game.players.contains($0.name) } ?? [] }

    static func nameOrder(_ a: String, _ b: String) -> Bool {
        let x = a.lowercased(), y = b.lowercased()
        return x != y ? x < y : a < b
    }
}
