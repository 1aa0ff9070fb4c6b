/// Race mode (SPEC §12, issue 15): everyone guesses the same word at the same
/// time, each with their own mask, letters and lives, so nobody waits for a
/// turn. A functional-core value like `HangmanRound`: the room feeds it
/// actions with `apply` and a room clock (`clock`, default 120 s).
///
/// Rules (decided here, documented in docs/protocol.md):
/// - Lives: the difficulty's lives for one player (easy 8, medium 6, hard 4).
/// - Points as in turn mode: 10 per letter occurrence a player reveals in
///   their own mask and, on completing the word, 5 per life left; the 50
///   completion bonus goes only to the first to complete it.
/// - A miss or a wrong `solve` costs a life; at 0 lives the player is done.
/// - The round ends when every player is done (completed, out of lives or
///   left): `solved` when someone completed it (`completedBy` the first), else
///   `no_lives`; when the clock runs out first, `time_up`; a teacher's skip,
///   `skipped`.
public struct HangmanRace: Equatable, Sendable {
    public static let defaultSeconds = 120.0

    /// One racer: their own view of the word.
    public struct Racer: Equatable, Sendable {
        public let name: String
        public internal(set) var lives: Int
        public internal(set) var misses: [Character] = []
        public internal(set) var tried: [Character] = []
        public internal(set) var points = 0
        public internal(set) var completed = false
        public internal(set) var left = false
        var shown: [Bool]

        /// Completed, out of lives, or left: no more guesses.
        public var done: Bool { completed || left || lives <= 0 }
    }

    public let word: WordEntry
    public let difficulty: HangmanDifficulty
    public let maxLives: Int
    /// The room's clock: paused and extended by a teacher.
    public private(set) var clock: PausableClock
    public let seconds: Double
    public private(set) var racers: [Racer]
    public private(set) var outcome: HangmanOutcome?
    /// The first to complete the word.
    public private(set) var completedBy: String?
    private let characters: [Character]
    private let folded: [Character?]

    public init(word: WordEntry, players: [String], difficulty: HangmanDifficulty,
                seconds: Double = HangmanRace.defaultSeconds, now: Double) {
        self.word = word
        self.difficulty = difficulty
        self.maxLives = difficulty.lives(playerCount: 1)
        self.seconds = seconds
        self.clock = PausableClock(startedAt: now)
        self.characters = Array(word.word)
        self.folded = characters.map(HangmanLetters.fold)
        var names: [String] = []
        for p in players where !names.contains(p) { names.append(p) }
        let start = folded.map { $0 == nil }
        self.racers = names.map { Racer(name: $0, lives: difficulty.lives(playerCount: 1), shown: start) }
    }

    public var isOver: Bool { outcome != nil }
    public var isPaused: Bool { clock.isPaused }

    public func racer(_ name: String) -> Racer? { racers.first { $0.name == name } }

    /// This racer's mask: their letters found, `_` for the rest.
    public func mask(for name: String) -> String {
        guard let r = racer(name) else { return String(characters.map { _ in "_" }) }
        var out = ""
        for (i, c) in characters.enumerated() { out.append(r.shown[i] ? c : "_") }
        return out
    }

    /// Letters this racer has found (occurrences, not distinct letters).
    public func found(by name: String) -> Int {
        guard let r = racer(name) else { return 0 }
        return zip(folded, r.shown).reduce(0) { $0 + ($1.0 != nil && $1.1 ? 1 : 0) }
    }

    public var letterCount: Int { folded.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Points so far, most first (equal points in join order).
    public var scores: [HangmanScore] {
        racers.enumerated()
            .sorted { $0.element.points != $1.element.points ? $0.element.points > $1.element.points : $0.offset < $1.offset }
            .map { HangmanScore(name: $0.element.name, points: $0.element.points) }
    }

    public var result: HangmanResult? {
        outcome.map { HangmanResult(outcome: $0, word: word.word, hint: word.hint, completedBy: completedBy, scores: scores) }
    }

    /// When the room clock runs out (nil while paused or over).
    public var deadline: Double? { isOver ? nil : clock.deadline(of: seconds) }

    public func secondsLeft(now: Double) -> Double? { isOver ? nil : clock.left(of: seconds, now: now) }

    // MARK: Playing

    /// A racer's guess or solve (or leaving). Success: the events (possibly
    /// ending with `.roundOver`); failure: a refusal that changes nothing.
    public mutating func apply(_ action: HangmanAction, now: Double) -> Result<[HangmanEvent], Refusal> {
        guard !isOver else { return .failure(Refusal(code: "round_over")) }
        if isPaused, action.isPlay { return .failure(Refusal(code: "paused")) }
        switch action {
        case .guess(let name, let text):
            guard let i = playable(name) else { return .failure(Refusal(code: "not_playing")) }
            switch HangmanRound.letter(in: text) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let letter):
                guard !racers[i].tried.contains(letter) else {
                    return .failure(Refusal(code: "already_tried", args: [String(letter)]))
                }
                racers[i].tried.append(letter)
                let revealed = reveal(i) { $0 == letter }
                var events: [HangmanEvent] = [.guessed(player: name, letter: letter, hit: revealed > 0, revealed: revealed)]
                if revealed > 0 {
                    events += score(i, HangmanRound.pointsPerLetter * revealed, .letters(count: revealed))
                    if isComplete(i) { events += complete(i) }
                } else {
                    racers[i].misses.append(letter)
                    events += loseLife(i)
                }
                return .success(events + endIfAllDone(now: now))
            }
        case .solve(let name, let text):
            guard let i = playable(name) else { return .failure(Refusal(code: "not_playing")) }
            let attempt = HangmanLetters.trimmed(text)
            guard attempt.count >= 2 else { return .failure(Refusal(code: "solve_needs_word")) }
            var events: [HangmanEvent]
            if HangmanLetters.comparisonKey(attempt) == HangmanLetters.comparisonKey(word.word) {
                let revealed = reveal(i) { _ in true }
                events = [.solveTried(player: name, text: attempt, correct: true, revealed: revealed)]
                if revealed > 0 { events += score(i, HangmanRound.pointsPerLetter * revealed, .letters(count: revealed)) }
                events += complete(i)
            } else {
                events = [.solveTried(player: name, text: attempt, correct: false, revealed: 0)]
                events += loseLife(i)
            }
            return .success(events + endIfAllDone(now: now))
        case .timeout:
            return .failure(Refusal(code: "not_playing"))
        case .leave(let name):
            guard let i = racers.firstIndex(where: { $0.name == name }), !racers[i].left else {
                return .failure(Refusal(code: "not_playing"))
            }
            racers[i].left = true
            return .success([.playerLeft(player: name)] + endIfAllDone(now: now))
        }
    }

    /// The room clock rang: the round ends as `time_up` (nothing while paused).
    public mutating func tick(now: Double) -> [HangmanEvent] {
        guard !isOver, let d = deadline, now >= d else { return [] }
        return finish(.timeUp)
    }

    public mutating func pause(now: Double) -> Bool { !isOver && clock.pause(now: now) }
    public mutating func resume(now: Double) -> Bool { !isOver && clock.resume(now: now) }
    public mutating func extend(by seconds: Double) -> Bool { !isOver && clock.extend(by: seconds) }

    public mutating func skip() -> [HangmanEvent] {
        isOver ? [] : finish(.skipped)
    }

    // MARK: Inside

    private func playable(_ name: String) -> Int? {
        guard let i = racers.firstIndex(where: { $0.name == name }), !racers[i].done else { return nil }
        return i
    }

    private mutating func reveal(_ i: Int, where matches: (Character) -> Bool) -> Int {
        var count = 0
        for k in folded.indices where !racers[i].shown[k] {
            if let letter = folded[k], matches(letter) {
                racers[i].shown[k] = true
                count += 1
            }
        }
        return count
    }

    private func isComplete(_ i: Int) -> Bool { !racers[i].shown.contains(false) }

    private mutating func score(_ i: Int, _ points: Int, _ reason: HangmanScoreReason) -> [HangmanEvent] {
        racers[i].points += points
        return [.scored(player: racers[i].name, points: points, reason: reason)]
    }

    private mutating func loseLife(_ i: Int) -> [HangmanEvent] {
        racers[i].lives -= 1
        var events: [HangmanEvent] = [.lifeLost(player: racers[i].name, livesLeft: racers[i].lives, maxLives: maxLives)]
        if racers[i].lives <= 0 { events.append(.playerOut(player: racers[i].name)) }
        return events
    }

    private mutating func complete(_ i: Int) -> [HangmanEvent] {
        racers[i].completed = true
        let name = racers[i].name
        var events: [HangmanEvent] = [.wordCompleted(player: name, word: word.word)]
        if completedBy == nil {
            completedBy = name
            events += score(i, HangmanRound.completionPoints, .completion)
        }
        let lives = racers[i].lives
        if lives > 0 { events += score(i, HangmanRound.pointsPerLifeLeft * lives, .livesLeft(count: lives)) }
        return events
    }

    private mutating func endIfAllDone(now: Double) -> [HangmanEvent] {
        guard racers.allSatisfy(\.done) else { return [] }
        return finish(completedBy != nil ? .solved : .noLives)
    }

    private mutating func finish(_ outcome: HangmanOutcome) -> [HangmanEvent] {
        self.outcome = outcome
        return result.map { [.roundOver($0)] } ?? []
    }
}
