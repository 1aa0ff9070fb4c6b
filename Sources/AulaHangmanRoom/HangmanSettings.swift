import AulaServer
import AulaGames

/// What the host chooses for the next round: difficulty, deck and turn time.
/// Parsed from `create hangman [easy|medium|hard] [deck]` and changed with
/// `set difficulty D`, `set deck ID`, `set turn SECONDS` between rounds.
public struct HangmanSettings: Equatable, Sendable {
    public static let defaultTurnSeconds = 30
    public static let turnSecondsRange = 5...300

    public var difficulty: HangmanDifficulty
    public var deckID: String
    public var turnSeconds: Int

    public init(difficulty: HangmanDifficulty = .medium, deckID: String, turnSeconds: Int = HangmanSettings.defaultTurnSeconds) {
        self.difficulty = difficulty
        self.deckID = deckID
        self.turnSeconds = turnSeconds
    }

    /// Reads `create hangman` arguments, in any order: at most one difficulty
    /// (English or Spanish) and at most one deck id. Without a deck, the first
    /// deck (by id) in the player's language, else the first deck at all.
    /// Refusals: `unknown_deck` [word, decks], `no_decks` [], `usage` for
    /// two difficulties or two decks.
    public static func parse(_ words: [String], decks: [WordDeck], language: String) -> Result<HangmanSettings, Refusal> {
        var difficulty: HangmanDifficulty?
        var deckWord: String?
        for word in words {
            if let d = HangmanDifficulty(word: word), difficulty == nil {
                difficulty = d
            } else if deckWord == nil {
                deckWord = word
            } else {
                return .failure(Refusal.usage("bad_argument", "create"))
            }
        }
        guard !decks.isEmpty else { return .failure(Refusal(code: "no_decks")) }
        let deckID: String
        if let deckWord {
            switch findDeck(deckWord, in: decks) {
            case .success(let id): deckID = id
            case .failure(let refusal): return .failure(refusal)
            }
        } else {
            let sorted = decks.sorted { $0.id < $1.id }
            deckID = (sorted.first { $0.lang == language } ?? sorted[0]).id
        }
        return .success(HangmanSettings(difficulty: difficulty ?? .medium, deckID: deckID))
    }

    /// The deck id a player typed (any case), or `unknown_deck` listing the decks.
    public static func findDeck(_ word: String, in decks: [WordDeck]) -> Result<String, Refusal> {
        let wanted = word.lowercased()
        if let deck = decks.first(where: { $0.id == wanted }) { return .success(deck.id) }
        let list = decks.map(\.id).sorted().joined(separator: ", ")
        return .failure(Refusal(code: "unknown_deck", args: [String(word.prefix(40)), list]))
    }

    /// A turn time typed by the host: whole seconds within 5–300, or `bad_turn_time`.
    public static func turnSeconds(_ word: String?) -> Result<Int, Refusal> {
        guard let word, let n = Int(word), turnSecondsRange.contains(n) else {
            return .failure(Refusal(code: "bad_turn_time", args: [
                String(turnSecondsRange.lowerBound), String(turnSecondsRange.upperBound)]))
        }
        return .success(n)
    }
}
