/// One word of a hangman deck and the hint that helps guess it.
public struct WordEntry: Equatable, Hashable, Sendable {
    public let word: String
    public let hint: String
    /// How many letters the word has (spaces and hyphens not counted); kept,
    /// because picking a word by difficulty looks at every word of a deck.
    public let letterCount: Int
    /// The key two words are compared by (see `HangmanLetters.comparisonKey`),
    /// kept because duplicate checks compare it against a whole deck.
    public let key: String

    public init(word: String, hint: String) {
        self.word = word
        self.hint = hint
        self.letterCount = HangmanLetters.letterCount(word)
        self.key = HangmanLetters.comparisonKey(word)
    }
}

/// A themed list of words in one language (e.g. `animales-es`), as shipped in
/// `Decks/words/*.json` and kept in the word bank.
public struct WordDeck: Equatable, Sendable {
    public let id: String
    public let title: String
    public let lang: String
    public private(set) var words: [WordEntry]

    public init(id: String, title: String, lang: String, words: [WordEntry]) {
        self.id = id
        self.title = title
        self.lang = lang
        self.words = words
    }

    /// The deck with one more word, or the reason the word is refused
    /// (every rule of `WordRules`, duplicates included).
    public func adding(_ entry: WordEntry) -> Result<WordDeck, Refusal> {
        if let refusal = WordRules.checkAdding(entry, to: words) { return .failure(refusal) }
        var copy = self
        copy.words.append(entry)
        return .success(copy)
    }

    /// The deck without the word (compared accent- and case-insensitively), or
    /// why not: `word_not_found`, or `deck_too_small` when it would drop below
    /// the minimum.
    public func removing(word: String) -> Result<WordDeck, Refusal> {
        switch WordRules.checkRemoving(word: word, from: words) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let index):
            var copy = self
            copy.words.remove(at: index)
            return .success(copy)
        }
    }
}
