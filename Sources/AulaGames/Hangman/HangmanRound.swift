/// One round of hangman as a value: the word, the players in turn order with
/// their lives and points, whose turn it is and the letters tried. The room
/// (in AulaServer) owns one, feeds it actions with `apply` and sends the
/// events it returns to everyone; refusals go back only to the one who acted.
///
/// Rules (SPEC §4): a hit reveals every occurrence and keeps the turn; a miss
/// or a wrong `solve` costs a life and passes the turn to the next player with
/// lives left; bad guesses (not a letter, more than one letter, already tried,
/// not your turn) are refused and cost nothing; a timeout passes the turn
/// without cost, three in a row make the player a spectator; the round ends
/// when the word is complete or nobody can play.
public struct HangmanRound: Equatable, Sendable {
    public static let pointsPerLetter = 10
    public static let completionPoints = 50
    public static let pointsPerLifeLeft = 5
    public static let timeoutsToSpectate = 3

    /// The word and its hint (show the word only once the round is over).
    public let word: WordEntry
    public let difficulty: HangmanDifficulty
    /// Lives each player started with (the gallows scales to it).
    public let maxLives: Int
    public let startedAt: Double
    /// Players in turn order; those who went out, watch or left stay listed.
    public private(set) var players: [HangmanPlayer]
    /// Letters tried so far, folded (`á` is kept as `a`), in the order tried.
    public private(set) var tried: [Character] = []
    /// Tried letters that are in the word.
    public private(set) var hits: [Character] = []
    /// Tried letters that are not in the word.
    public private(set) var misses: [Character] = []
    /// Wrong `solve` attempts, as typed (trimmed).
    public private(set) var wrongSolves: [String] = []
    /// Nil while the round is played.
    public private(set) var outcome: HangmanOutcome?
    /// Who completed the word, when it was completed.
    public private(set) var completedBy: String?
    /// When the current turn (re)started: the start, a turn change, or any
    /// accepted action (a hit keeps the turn and starts its clock again).
    public private(set) var turnStartedAt: Double
    /// The current turn's clock: restarted with `turnStartedAt`, paused and
    /// extended by a teacher (the turn's length is the room's setting).
    public internal(set) var turnClock: PausableClock  // set by the lesson controls too (HangmanRound+Lesson.swift)
    public private(set) var finishedAt: Double?
    /// Who lost a life with the last action (a miss or a wrong solve), until
    /// the next action: their own gallows is what they want to see then.
    public private(set) var lastMissBy: String?

    private var turnIndex: Int?
    private let characters: [Character]
    /// Each character's folded letter, nil for what is always shown (space, hyphen...).
    private let folded: [Character?]
    private var shown: [Bool]
    private var warnedLastChance = false

    private init(word: WordEntry, names: [String], difficulty: HangmanDifficulty, first: Int, now: Double) {
        self.word = word
        self.difficulty = difficulty
        self.maxLives = difficulty.lives(playerCount: names.count)
        self.startedAt = now
        self.turnStartedAt = now
        self.turnClock = PausableClock(startedAt: now)
        self.players = names.map { HangmanPlayer(name: $0, lives: difficulty.lives(playerCount: names.count)) }
        self.characters = Array(word.word)
        self.folded = characters.map(HangmanLetters.fold)
        self.shown = folded.map { $0 == nil }
        self.turnIndex = first
        // Room for a whole round's letters from the start: no regrowth on
        // the guesses (the room applies thousands a second).
        tried.reserveCapacity(32)
        hits.reserveCapacity(16)
        misses.reserveCapacity(16)
    }

    /// Starts a round: lives from the difficulty and the number of players,
    /// the first player drawn from `random`. Players are given in turn order
    /// (repeated names count once). Refused with `no_players` when nobody
    /// plays, or `word_too_short` when the word has no letter at all.
    public static func start<R: RandomNumberGenerator>(
        word: WordEntry, players: [String], difficulty: HangmanDifficulty,
        random: inout R, now: Double
    ) -> Result<(round: HangmanRound, events: [HangmanEvent]), Refusal> {
        var names: [String] = []
        for name in players where !names.contains(name) { names.append(name) }
        guard !names.isEmpty else { return .failure(Refusal(code: "no_players")) }
        guard word.letterCount > 0 else {
            return .failure(Refusal(code: "word_too_short", args: [word.word, "0", String(WordRules.minLetters)]))
        }
        let first = Int.random(in: 0..<names.count, using: &random)
        let round = HangmanRound(word: word, names: names, difficulty: difficulty, first: first, now: now)
        let events: [HangmanEvent] = [
            .roundStarted(players: names, lives: round.maxLives, letterCount: word.letterCount, difficulty: difficulty),
            .turnPassed(from: nil, to: names[first]),
        ]
        return .success((round, events))
    }

    // MARK: - What the renderers show

    /// One character per character of the word: letters found show as written
    /// (`á` stays `á`), hidden letters as `_`, spaces and hyphens always shown.
    public var mask: String {
        var out = ""
        // Past 15 bytes a string lives on the heap: one allocation, not one per doubling.
        let bytes = word.word.utf8.count
        if bytes > 15 { out.reserveCapacity(bytes) }
        for (i, c) in characters.enumerated() { out.append(shown[i] ? c : "_") }
        return out
    }

    public var hint: String { word.hint }
    public var isOver: Bool { outcome != nil }
    /// Whose turn it is; nil once the round is over.
    public var turn: String? { turnIndex.map { players[$0].name } }
    /// The player whose turn it is (the gallows shows their misses).
    public var turnPlayer: HangmanPlayer? { turnIndex.map { players[$0] } }
    /// Letters in the word (spaces and hyphens not counted).
    public var letterCount: Int { folded.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    /// Letters still hidden.
    public var hiddenCount: Int { zip(folded, shown).reduce(0) { $0 + ($1.0 != nil && !$1.1 ? 1 : 0) } }
    /// Lives per player, in turn order (everyone listed, 0 for those out).
    public var lives: [(name: String, lives: Int)] { players.map { ($0.name, $0.lives) } }
    /// The players who still take turns, in turn order.
    public var playersWithLives: [String] { players.filter(\.canPlay).map(\.name) }
    /// Points so far this round: most first, equal points in turn order.
    public var scores: [HangmanScore] {
        players.enumerated()
            .sorted { $0.element.points != $1.element.points ? $0.element.points > $1.element.points : $0.offset < $1.offset }
            .map { HangmanScore(name: $0.element.name, points: $0.element.points) }
    }

    public func player(named name: String) -> HangmanPlayer? { players.first { $0.name == name } }

    /// The round's result once it is over.
    public var result: HangmanResult? {
        outcome.map { outcome in
            var result = HangmanResult(outcome: outcome, word: word.word, hint: word.hint, completedBy: completedBy, scores: scores)
            result.someOutOfLives = outcome == .everyoneBenched && players.contains { $0.status == .out }
            return result
        }
    }

    // MARK: - Playing

    /// Applies a player's action. Success: the events for the whole room, in
    /// order (possibly ending with `.roundOver`). Failure: a refusal for the one
    /// who acted, which changes nothing — the turn, lives and timer stay as they
    /// were. Refusal codes: `round_over`, `not_playing`, `not_your_turn` [turn],
    /// `not_a_letter` [text], `one_letter_only` [text], `already_tried` [letter],
    /// `solve_needs_word` [].
    public mutating func apply(_ action: HangmanAction, now: Double) -> Result<[HangmanEvent], Refusal> {
        guard !isOver else { return .failure(Refusal(code: "round_over")) }
        // Paused by a teacher: nobody plays and no turn times out; leaving still works.
        if isPaused, action.isPlay { return .failure(Refusal(code: "paused")) }
        let result = act(action, now: now)
        // A refused action changes nothing, not even whose gallows is shown.
        if case .success(let events) = result {
            lastMissBy = events.reduce(nil) { last, event in
                if case .lifeLost(let player, _, _) = event { return player }
                return last
            }
        }
        return result
    }

    private mutating func act(_ action: HangmanAction, now: Double) -> Result<[HangmanEvent], Refusal> {
        switch action {
        case .guess(let name, let text):
            return onTurn(name).flatMap { index in
                Self.letter(in: text).flatMap { letter in
                    tried.contains(letter)
                        ? .failure(Refusal(code: "already_tried", args: [String(letter)]))
                        : .success(guess(letter, by: index, now: now))
                }
            }
        case .solve(let name, let text):
            return onTurn(name).flatMap { index in
                let attempt = HangmanLetters.trimmed(text)
                guard attempt.count >= 2 else { return .failure(Refusal(code: "solve_needs_word")) }
                return .success(solve(attempt, by: index, now: now))
            }
        case .timeout(let name):
            return onTurn(name).map { timeout(index: $0, now: now) }
        case .leave(let name):
            guard let index = players.firstIndex(where: { $0.name == name }), players[index].status != .left else {
                return .failure(Refusal(code: "not_playing"))
            }
            return .success(leave(index: index, now: now))
        }
    }

    /// The acting player's index when they may act now.
    private func onTurn(_ name: String) -> Result<Int, Refusal> {
        guard let index = players.firstIndex(where: { $0.name == name }), players[index].canPlay else {
            return .failure(Refusal(code: "not_playing"))
        }
        guard index == turnIndex else {
            return .failure(Refusal(code: "not_your_turn", args: [turn ?? ""]))
        }
        return .success(index)
    }

    /// The single letter a guess stands for, folded; or why it isn't one.
    /// A run of several letters is `one_letter_only` (the player probably meant
    /// `solve`); anything else that is not one letter is `not_a_letter`.
    static func letter(in text: String) -> Result<Character, Refusal> {
        let guess = HangmanLetters.trimmed(text)
        if guess.count == 1, let first = guess.first, let letter = HangmanLetters.fold(first) {
            return .success(letter)
        }
        let lettersOnly = guess.allSatisfy { HangmanLetters.isLetter($0) || $0 == " " || $0 == "-" }
        if guess.count > 1, lettersOnly, HangmanLetters.letterCount(guess) > 1 {
            return .failure(Refusal(code: "one_letter_only", args: [guess]))
        }
        return .failure(Refusal(code: "not_a_letter", args: [guess]))
    }

    // The steps below append their events to one list (made with room for a
    // guess's usual few) instead of returning arrays to concatenate: a guess
    // used to build four or five short-lived arrays.

    /// A new event list with room for what one action usually yields.
    private static func eventList(_ first: HangmanEvent) -> [HangmanEvent] {
        var events: [HangmanEvent] = []
        events.reserveCapacity(8)
        events.append(first)
        return events
    }

    private mutating func guess(_ letter: Character, by index: Int, now: Double) -> [HangmanEvent] {
        players[index].timeoutsInARow = 0
        tried.append(letter)
        let name = players[index].name
        let revealed = reveal { $0 == letter }
        if revealed > 0 {
            hits.append(letter)
            var events = Self.eventList(.guessed(player: name, letter: letter, hit: true, revealed: revealed))
            score(index, Self.pointsPerLetter * revealed, .letters(count: revealed), into: &events)
            if hiddenCount == 0 {
                complete(by: index, now: now, into: &events)
                return events
            }
            startTurnClock(now: now)
            return events
        }
        misses.append(letter)
        var events = Self.eventList(.guessed(player: name, letter: letter, hit: false, revealed: 0))
        loseLife(index, into: &events)
        passTurn(from: index, now: now, into: &events)
        return events
    }

    private mutating func solve(_ attempt: String, by index: Int, now: Double) -> [HangmanEvent] {
        players[index].timeoutsInARow = 0
        let name = players[index].name
        if HangmanLetters.comparisonKey(attempt) == HangmanLetters.comparisonKey(word.word) {
            let revealed = reveal { _ in true }
            var events = Self.eventList(.solveTried(player: name, text: attempt, correct: true, revealed: revealed))
            if revealed > 0 { score(index, Self.pointsPerLetter * revealed, .letters(count: revealed), into: &events) }
            complete(by: index, now: now, into: &events)
            return events
        }
        wrongSolves.append(attempt)
        var events = Self.eventList(.solveTried(player: name, text: attempt, correct: false, revealed: 0))
        loseLife(index, into: &events)
        passTurn(from: index, now: now, into: &events)
        return events
    }

    private mutating func timeout(index: Int, now: Double) -> [HangmanEvent] {
        players[index].timeoutsInARow += 1
        let count = players[index].timeoutsInARow
        var events = Self.eventList(.timedOut(player: players[index].name, inARow: count))
        if count >= Self.timeoutsToSpectate {
            players[index].status = .spectator
            events.append(.becameSpectator(player: players[index].name))
        }
        passTurn(from: index, now: now, into: &events)
        return events
    }

    private mutating func leave(index: Int, now: Double) -> [HangmanEvent] {
        let couldPlay = players[index].canPlay
        players[index].status = .left
        var events = Self.eventList(.playerLeft(player: players[index].name))
        guard couldPlay else { return events }
        if index == turnIndex {
            passTurn(from: index, now: now, into: &events)
            return events
        }
        if !players.contains(where: \.canPlay) {
            lose(now: now, into: &events)
            return events
        }
        warnLastChance(into: &events)
        return events
    }

    /// Uncovers the hidden letters matching the test; how many.
    private mutating func reveal(where matches: (Character) -> Bool) -> Int {
        var count = 0
        for i in folded.indices where !shown[i] {
            if let letter = folded[i], matches(letter) {
                shown[i] = true
                count += 1
            }
        }
        return count
    }

    private mutating func score(_ index: Int, _ points: Int, _ reason: HangmanScoreReason, into events: inout [HangmanEvent]) {
        players[index].points += points
        events.append(.scored(player: players[index].name, points: points, reason: reason))
    }

    private mutating func loseLife(_ index: Int, into events: inout [HangmanEvent]) {
        players[index].lives -= 1
        players[index].misses += 1
        let name = players[index].name
        events.append(.lifeLost(player: name, livesLeft: players[index].lives, maxLives: maxLives))
        if players[index].lives <= 0 {
            players[index].status = .out
            events.append(.playerOut(player: name))
        }
    }

    /// Gives the turn to the next player in order with lives left (the same
    /// player when they are the only one), or ends the round when nobody has any.
    private mutating func passTurn(from index: Int, now: Double, into events: inout [HangmanEvent]) {
        let count = players.count
        guard let next = (1...count).lazy.map({ (index + $0) % count }).first(where: { players[$0].canPlay }) else {
            lose(now: now, into: &events)
            return
        }
        if next != index { events.append(.turnPassed(from: players[index].name, to: players[next].name)) }
        turnIndex = next
        startTurnClock(now: now)
        warnLastChance(into: &events)
    }

    /// The last-chance warning, once a round: only one player has lives, and one.
    /// (Counted in place: it runs after every miss.)
    private mutating func warnLastChance(into events: inout [HangmanEvent]) {
        guard !warnedLastChance else { return }
        var playing: Int?
        for i in players.indices where players[i].canPlay {
            guard playing == nil else { return }  // two or more still play
            playing = i
        }
        guard let only = playing, players[only].lives == 1 else { return }
        warnedLastChance = true
        events.append(.lastChance(player: players[only].name))
    }

    private mutating func complete(by index: Int, now: Double, into events: inout [HangmanEvent]) {
        let name = players[index].name
        events.append(.wordCompleted(player: name, word: word.word))
        score(index, Self.completionPoints, .completion, into: &events)
        let lives = players[index].lives
        if lives > 0 { score(index, Self.pointsPerLifeLeft * lives, .livesLeft(count: lives), into: &events) }
        completedBy = name
        finish(.solved, now: now, into: &events)
    }

    /// Nobody can play: `no_lives` when everyone still in the round is out of
    /// lives (or everyone left), `everyone_benched` when someone still had lives
    /// but was benched for timeouts.
    private mutating func lose(now: Double, into events: inout [HangmanEvent]) {
        let benched = players.contains { $0.status == .spectator && $0.lives > 0 }
        finish(benched ? .everyoneBenched : .noLives, now: now, into: &events)
    }

    private mutating func startTurnClock(now: Double) {
        turnStartedAt = now
        // A paused clock stays paused: the new turn counts from `resume`.
        turnClock.restart(now: now)
    }

    /// Ends the round with `outcome` (the word complete, nobody left, or a teacher's skip).
    mutating func finish(_ outcome: HangmanOutcome, now: Double, into events: inout [HangmanEvent]) {
        self.outcome = outcome
        turnIndex = nil
        finishedAt = now
        if let result { events.append(.roundOver(result)) }
    }
}
