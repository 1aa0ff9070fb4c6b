import AulaContent

/// Hangman words and hints (session 10): `putas` in a word file was played and
/// shown to the whole room. A word is checked as a name is (one word, with the
/// `*` words inside it too); a hint as chat is (whole words), so a hint that
/// merely contains a blocked word's letters reads as written.
extension Blocklist {
    public func blocksDeckWord(_ word: String, hint: String) -> Bool {
        blocks(word) || blocksHint(hint)
    }

    public func blocksHint(_ hint: String) -> Bool {
        mask(hint).masked
    }

    /// The deck loader's screen: the words and hints this list leaves out of a file.
    public var wordScreen: WordScreen {
        let list = self
        return WordScreen(blocksWord: { list.blocks($0) }, blocksHint: { list.blocksHint($0) })
    }

    /// Both lists block the same words (the word bank's cache is kept only then).
    public func sameWords(as other: Blocklist) -> Bool {
        words == other.words && inside == other.inside
    }
}
