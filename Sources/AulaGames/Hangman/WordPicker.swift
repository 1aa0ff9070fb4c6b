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
        // Positions in the deck, not a filtered copy of it: a copy retains and
        // releases every entry's strings each round. The draws are the same as
        // from `candidates(words, for:)` (same pool order, same random calls).
        var pool = words.indices.filter { difficulty.fits(letterCount: words[$0].letterCount) }
        if pool.isEmpty { pool = Array(words.indices) }
        guard !recent.isEmpty else { return pool.randomElement(using: &random).map { words[$0] } }
        // A few random draws first: with a real deck one of them is fresh, and
        // folding every word of the deck into its key each round is not cheap.
        for _ in 0..<8 {
            if let index = pool.randomElement(using: &random), !recent.contains(words[index].key) { return words[index] }
        }
        let fresh = pool.filter { !recent.contains(words[$0].key) }
        return (fresh.isEmpty ? pool : fresh).randomElement(using: &random).map { words[$0] }
    }
}
