/// The word bank's rules, in one place: the content loader checks deck files
/// with them and the admin console checks teachers' edits with them, so a word
/// is valid or not in the same way everywhere. Each refusal has its own code.
///
/// - A word is 3–15 letters: `a`–`z`, accented letters (`á é í ó ú ü`, also
///   `à ç ê`...) and `ñ`; no digits, spaces, hyphens or punctuation.
/// - Words are unique within a deck by `HangmanLetters.comparisonKey`: case and
///   accents don't count (`Pingüino` repeats `pinguino`), `ñ` does (`año` ≠ `ano`).
/// - A hint is 3–60 characters (trimmed), plain text (no control characters),
///   and must not contain the word itself.
/// - A deck keeps at least 3 words; one already below that (its file gone,
///   a word or two added at the console left) can be emptied.
public enum WordRules {
    public static let minLetters = 3
    public static let maxLetters = 15
    public static let minHintLength = 3
    public static let maxHintLength = 60
    public static let minDeckSize = 3

    /// Why the word can't be a hangman word, or nil when it can.
    /// Codes: `word_not_letters` [word, character], `word_too_short`
    /// [word, letters, minimum], `word_too_long` [word, letters, maximum].
    public static func checkWord(_ word: String) -> Refusal? {
        if let bad = word.first(where: { !HangmanLetters.isLetter($0) }) {
            return Refusal(code: "word_not_letters", args: [word, String(bad)])
        }
        let count = word.count
        if count < minLetters {
            return Refusal(code: "word_too_short", args: [word, String(count), String(minLetters)])
        }
        if count > maxLetters {
            return Refusal(code: "word_too_long", args: [word, String(count), String(maxLetters)])
        }
        return nil
    }

    /// Why the hint can't go with the word, or nil when it can.
    /// Codes: `hint_length` [characters, minimum, maximum], `hint_not_plain` [],
    /// `hint_reveals_word` [word].
    public static func checkHint(_ hint: String, for word: String) -> Refusal? {
        if hint.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return Refusal(code: "hint_not_plain")
        }
        let count = HangmanLetters.trimmed(hint).count
        if count < minHintLength || count > maxHintLength {
            return Refusal(code: "hint_length",
                           args: [String(count), String(minHintLength), String(maxHintLength)])
        }
        let key = HangmanLetters.comparisonKey(word)
        if !key.isEmpty, hintWords(hint).contains(key) {
            return Refusal(code: "hint_reveals_word", args: [word])
        }
        return nil
    }

    /// The word already in the list that repeats this one (same comparison
    /// key), as a `word_duplicate` refusal [word, existing word], or nil.
    public static func checkDuplicate(_ word: String, in words: [WordEntry]) -> Refusal? {
        let key = HangmanLetters.comparisonKey(word)
        guard let existing = words.first(where: { $0.key == key }) else { return nil }
        return Refusal(code: "word_duplicate", args: [word, existing.word])
    }

    /// Every rule for adding a word with its hint to a deck's words; the first
    /// refusal found (word, then hint, then duplicate), or nil.
    public static func checkAdding(_ entry: WordEntry, to words: [WordEntry]) -> Refusal? {
        checkWord(entry.word) ?? checkHint(entry.hint, for: entry.word) ?? checkDuplicate(entry.word, in: words)
    }

    /// Where the word to remove is in the deck's words, or why it can't be
    /// removed: `word_not_found` [word] or `deck_too_small` [minimum].
    public static func checkRemoving(word: String, from words: [WordEntry]) -> Result<Int, Refusal> {
        let key = HangmanLetters.comparisonKey(word)
        guard let index = words.firstIndex(where: { $0.key == key }) else {
            return .failure(Refusal(code: "word_not_found", args: [word]))
        }
        // Only a deck that can be played is kept playable: one already too small
        // could otherwise never be emptied, and stayed on the list (session 10).
        if words.count >= minDeckSize && words.count - 1 < minDeckSize {
            return .failure(Refusal(code: "deck_too_small", args: [String(minDeckSize)]))
        }
        return .success(index)
    }

    /// Whether a deck of this many words is big enough to play: nil, or a
    /// `deck_too_small` refusal [minimum].
    public static func checkDeckSize(_ count: Int) -> Refusal? {
        count < minDeckSize ? Refusal(code: "deck_too_small", args: [String(minDeckSize)]) : nil
    }

    /// Every refusal code the word rules use (for catalogs and docs).
    public static let refusalCodes = [
        "word_not_letters", "word_too_short", "word_too_long", "word_duplicate",
        "hint_length", "hint_not_plain", "hint_reveals_word", "word_not_found", "deck_too_small",
    ]

    /// The hint's words as comparison keys, split at anything that is not a letter,
    /// so `nave` in a hint does not count as giving away `ave`.
    private static func hintWords(_ hint: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        for character in hint {
            if let base = HangmanLetters.fold(character) {
                current.append(base)
            } else if !current.isEmpty {
                words.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
        return words
    }
}
