/// The game a round belongs to, as stored in `rounds.game` and `totals.game`.
/// The raw values are the stored strings (the schema's CHECK list), so the
/// database and the exports read exactly as before this type existed.
public enum GameKind: String, Sendable, Hashable, CaseIterable {
    case hangman, quiz, level
    /// Allowed by the schema's CHECK list; today's class challenge saves its rounds as `level`.
    case challenge

    /// The games a student's totals are shown for (`me`, `top GAME`).
    public static let scored: [GameKind] = [.hangman, .quiz, .level]

    /// Reads a stored value; anything else is a storage error, never a guess
    /// (the CHECK constraint keeps other values out of the file).
    public init(stored: String) throws {
        guard let kind = GameKind(rawValue: stored) else {
            throw StoreError(code: StoreError.columnCode, message: "unknown game \"\(stored)\" in the database")
        }
        self = kind
    }
}

/// A student's result in one round, as stored in `scores.outcome`. `rawValue`
/// is today's stored string, so the database and the exports do not change.
public enum Outcome: Sendable, Hashable {
    /// Hangman: completed the word. Levels: solved the level.
    case solved
    /// Hangman: still in when someone else completed the word.
    case played
    /// Hangman: still in when nobody had lives left.
    case lost
    /// Hangman: no lives left.
    case out
    /// Hangman: benched after three timeouts.
    case spectator
    /// Hangman: left the room.
    case left
    /// Hangman: still in when a teacher ended the round.
    case skipped
    /// Hangman: still in when the round's time ran out.
    case timeUp
    /// Class challenge: finished without solving.
    case unsolved
    /// Graded quiz.
    case graded
    /// Personality quiz without a result type.
    case noType
    /// Personality quiz: the result type's key, which the quiz deck defines.
    case quizType(String)
    /// A stored value this version does not know (another version's, a hand edit):
    /// kept and written back exactly as read, never mistaken for a known one.
    case unknown(String)

    public var rawValue: String {
        switch self {
        case .solved: return "solved"
        case .played: return "played"
        case .lost: return "lost"
        case .out: return "out"
        case .spectator: return "spectator"
        case .left: return "left"
        case .skipped: return "skipped"
        case .timeUp: return "time_up"
        case .unsolved: return "unsolved"
        case .graded: return "graded"
        case .noType: return "none"
        case .quizType(let key), .unknown(let key): return key
        }
    }

    private static let fixed: [String: Outcome] = Dictionary(uniqueKeysWithValues:
        [Outcome.solved, .played, .lost, .out, .spectator, .left, .skipped, .timeUp, .unsolved].map { ($0.rawValue, $0) })

    /// Reads a stored value in its game's terms: a quiz's outcome is `graded`,
    /// `none` or a type key; the other games' outcomes are a fixed list, and
    /// anything else is `.unknown`, explicitly.
    public init(rawValue: String, game: GameKind) {
        switch game {
        case .quiz:
            switch rawValue {
            case "graded": self = .graded
            case "none": self = .noType
            default: self = .quizType(rawValue)
            }
        case .hangman, .level, .challenge:
            self = Self.fixed[rawValue] ?? .unknown(rawValue)
        }
    }
}
