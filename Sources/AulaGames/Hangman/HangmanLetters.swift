/// How hangman reads letters: case-insensitive, a plain letter stands for its
/// accented forms (`a` for `á`, `u` for `ú` and `ü`), and `ñ` is a letter of its own.
///
/// Every letter is *folded* to its base: lowercase, accents and diaeresis
/// removed, except `ñ`, which stays `ñ` (Spanish treats it as a separate letter:
/// `año` and `ano` are different words). Guesses and words are compared by
/// their folded letters, so a guess of `á` counts as the guess `a`, and the
/// mask still shows the word's real letters.
public enum HangmanLetters {
    /// Accented Latin letters players may meet in word decks, by their base letter.
    /// `ñ` is deliberately absent: it is its own letter.
    private static let bases: [Character: Character] = {
        var table: [Character: Character] = [:]
        let groups: [(Character, String)] = [
            ("a", "áàâäãå"), ("e", "éèêë"), ("i", "íìîï"), ("o", "óòôöõ"),
            ("u", "úùûü"), ("c", "ç"), ("y", "ýÿ"),
        ]
        for (base, forms) in groups {
            for form in forms { table[form] = base }
        }
        return table
    }()

    /// The base letter a character counts as, or nil when it is not a letter
    /// hangman knows (digits, spaces, hyphens, punctuation, other scripts).
    public static func fold(_ character: Character) -> Character? {
        // ASCII without building a lowercased string: a guess is nearly always one.
        if let ascii = character.asciiValue {
            switch ascii {
            case 97...122: return character
            case 65...90: return Character(Unicode.Scalar(ascii + 32))
            default: return nil
            }
        }
        let lower = character.lowercased()
        guard lower.count == 1, let c = lower.first else { return nil }
        if c == "ñ" { return c }
        if let ascii = c.asciiValue, ascii >= 97, ascii <= 122 { return c }
        return bases[c]
    }

    /// Whether the character is a letter a word may contain.
    public static func isLetter(_ character: Character) -> Bool { fold(character) != nil }

    /// The number of letters (not spaces or hyphens) in a text.
    public static func letterCount(_ text: String) -> Int {
        // Most words are plain ASCII: count their letters from the bytes and
        // skip grapheme breaking, which dominates when a deck is scanned.
        var count = 0
        for byte in text.utf8 {
            switch byte {
            case 97...122, 65...90: count += 1
            case 32, 45: continue
            default: return text.reduce(0) { $0 + (isLetter($1) ? 1 : 0) }
            }
        }
        return count
    }

    /// The comparison key of a word: every letter folded (lowercase, accents
    /// off, `ñ` kept), anything else lowercased, surrounding spaces trimmed.
    /// `Pingüino`, `pinguino` and `PINGÜINO` share a key; `año` and `ano` do not.
    public static func comparisonKey(_ text: String) -> String {
        var key = ""
        for character in trimmed(text) {
            if let base = fold(character) { key.append(base) } else { key += character.lowercased() }
        }
        return key
    }

    /// The text without leading and trailing whitespace.
    public static func trimmed(_ text: String) -> String {
        // Most lines (a guess, a word) have nothing to trim: no array of characters for them,
        // and printable ASCII at both ends (never whitespace) not even a Unicode look-up.
        if let head = text.utf8.first, let tail = text.utf8.last, head > 0x20, head < 0x7F, tail > 0x20, tail < 0x7F {
            return text
        }
        guard let head = text.first, let tail = text.last, head.isWhitespace || tail.isWhitespace else { return text }
        let chars = Array(text)
        guard let first = chars.firstIndex(where: { !$0.isWhitespace }),
              let last = chars.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(chars[first...last])
    }
}
