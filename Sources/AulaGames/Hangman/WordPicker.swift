/// Draws the word for a round from a deck, by difficulty, with the random
/// source the rules are given (a `SeededRandom` in tests and in the server).
public enum WordPicker {
    /// The words whose length suits the difficulty; when none does, every word
    /// of the deck (SPEC §4: "any word of the deck is drawn").
    public static func candidates(_ words: [WordEntry], for difficulty: HangmanDifficulty) -> [WordEntry] {
        let fitting = words.filter { difficulty.fits(letterCount: $0.letterCount) }
        return fitting.isEmpty ? words : fitting
    }

    /// A random word for the difficulty, avoiding the recently played ones
    /// (by comparison key) while other candidates remain. Nil only for an empty deck.
    public static func pick<R: RandomNumberGenerator>(
        from words: [WordEntry], difficulty: HangmanDifficulty,
        avoiding recent: Set<String> = [], random: inout R
    ) -> WordEntry? {
        let pool = candidates(words, for: difficulty)
        let fresh = recent.isEmpty ? pool : pool.filter { !recent.contains($0.key) }
        return (fresh.isEmpty ? pool : fresh).randomElement(using: &random)
    }
}
