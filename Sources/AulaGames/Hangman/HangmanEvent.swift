/// How a round ended.
public enum HangmanOutcome: String, Equatable, Sendable {
    /// The word was completed (by letters or by `solve`).
    case solved
    /// Every player still in the round lost all their lives (or everyone left).
    case noLives = "no_lives"
    /// Nobody can play, and at least one of those left was benched for three
    /// timeouts in a row rather than out of lives (SPEC §12).
    case everyoneBenched = "everyone_benched"
    /// A teacher ended the round from the console (`skip`); points so far are kept.
    case skipped
    /// The room's clock ran out (race mode).
    case timeUp = "time_up"
}

/// Why points were given.
public enum HangmanScoreReason: Equatable, Sendable {
    /// 10 per letter occurrence revealed (by a letter or by a right `solve`).
    case letters(count: Int)
    /// 50 for completing the word.
    case completion
    /// 5 per life left, for the player who completes the word.
    case livesLeft(count: Int)
}

/// The end of a round: what the word was, who completed it, and everyone's points
/// (most points first, then turn order; players who went out, watched or left included).
public struct HangmanResult: Equatable, Sendable {
    public let outcome: HangmanOutcome
    public let word: String
    public let hint: String
    public let completedBy: String?
    public let scores: [HangmanScore]
    /// With `everyone_benched`: some players ran out of lives too, so the end
    /// is told as "benched or out of lives", not "everyone was benched" (a
    /// re-play: one of three was benched, the other two had lost their lives).
    public var someOutOfLives = false

    public init(outcome: HangmanOutcome, word: String, hint: String, completedBy: String?, scores: [HangmanScore]) {
        self.outcome = outcome
        self.word = word
        self.hint = hint
        self.completedBy = completedBy
        self.scores = scores
    }
}

/// Something that happened in a round, for the whole room: renderers turn it
/// into text or JSON, and the store records the results. In the order emitted.
public enum HangmanEvent: Equatable, Sendable {
    /// A round began: who plays (turn order), everyone's lives, how many letters.
    case roundStarted(players: [String], lives: Int, letterCount: Int, difficulty: HangmanDifficulty)
    /// The turn moved to `to` (`from` is nil at the start of the round).
    case turnPassed(from: String?, to: String)
    /// A letter was guessed (already folded: `á` is reported as `a`);
    /// `revealed` is how many letters of the word it uncovered.
    case guessed(player: String, letter: Character, hit: Bool, revealed: Int)
    /// A `solve` was tried; `revealed` is how many hidden letters a right one uncovered.
    case solveTried(player: String, text: String, correct: Bool, revealed: Int)
    /// The player lost a life (a miss or a wrong solve).
    case lifeLost(player: String, livesLeft: Int, maxLives: Int)
    /// The player has no lives left and watches the rest of the round.
    case playerOut(player: String)
    /// Only this player has lives left, and only one: their last chance.
    case lastChance(player: String)
    /// The player's turn timer ran out; the turn passes without losing a life.
    case timedOut(player: String, inARow: Int)
    /// Three timeouts in a row: the player watches the rest of the round.
    case becameSpectator(player: String)
    /// The player left the room and the round.
    case playerLeft(player: String)
    /// Points for a player.
    case scored(player: String, points: Int, reason: HangmanScoreReason)
    /// The word is complete; `player` completed it.
    case wordCompleted(player: String, word: String)
    /// The round is over (always the last event of a round).
    case roundOver(HangmanResult)
}
