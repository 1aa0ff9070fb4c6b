/// How hard a hangman round is: it sets each player's lives and the word length.
public enum HangmanDifficulty: String, CaseIterable, Equatable, Hashable, Sendable {
    case easy, medium, hard

    /// Lives per player (SPEC §4, from the seed): easy 8, medium 6, hard 4,
    /// and one fewer for everyone when more than one player takes part.
    public func lives(playerCount: Int) -> Int {
        let base: Int
        switch self {
        case .easy: base = 8
        case .medium: base = 6
        case .hard: base = 4
        }
        return playerCount > 1 ? base - 1 : base
    }

    /// The word lengths (in letters) that suit this difficulty:
    /// easy up to 6, medium 5 to 9, hard 8 or more.
    public var letterRange: ClosedRange<Int> {
        switch self {
        case .easy: return WordRules.minLetters...6
        case .medium: return 5...9
        case .hard: return 8...WordRules.maxLetters
        }
    }

    /// Whether a word of this many letters suits the difficulty.
    public func fits(letterCount: Int) -> Bool { letterRange.contains(letterCount) }

    /// Reads a difficulty typed by a player in English or Spanish, any case,
    /// accents optional: `easy`/`fácil`/`facil`, `medium`/`medio`/`normal`,
    /// `hard`/`difícil`/`dificil`. Nil for anything else.
    public init?(word: String) {
        switch HangmanLetters.comparisonKey(word) {
        case "easy", "facil": self = .easy
        case "medium", "medio", "normal", "intermedio": self = .medium
        case "hard", "dificil", "avanzado": self = .hard
        default: return nil
        }
    }

    /// The catalog key naming this difficulty (`hangman.difficulty.easy`...).
    public var phraseKey: String { "hangman.difficulty.\(rawValue)" }
}
