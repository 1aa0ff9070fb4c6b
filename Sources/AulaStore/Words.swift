/// A word deck and how many words it holds now.
public struct DeckRow: Sendable, Equatable {
    public let id: String
    public let title: String
    public let lang: String
    public let kind: String
    public let wordCount: Int

    public init(id: String, title: String, lang: String, kind: String, wordCount: Int) {
        self.id = id
        self.title = title
        self.lang = lang
        self.kind = kind
        self.wordCount = wordCount
    }
}

/// A word of a deck with its hint.
public struct WordRow: Sendable, Equatable {
    public let id: Int64
    public let word: String
    public let hint: String

    public init(id: Int64, word: String, hint: String) {
        self.id = id
        self.word = word
        self.hint = hint
    }
}

/// The word bank. Validation (3–15 letters, hint length, at least 3 words) lives in AulaGames;
/// this only stores. A deleted word is kept as removed, so seeding at the next start does not bring it back.
/// A word is served when not removed and, if it came from a file, still in that file
/// (`origin`, `in_file`: migration 5; the seeding rules are in WordFiles.swift).
extension Database {
    /// Creates the deck or updates its title and language.
    public func upsertDeck(id: String, title: String, lang: String, kind: String = "words") throws {
        try run("""
            INSERT INTO decks (id, title, lang, kind) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, lang = excluded.lang, kind = excluded.kind
            """, [.text(id), .text(title), .text(lang), .text(kind)])
    }

    /// Inserts the deck file's words that the bank has never had; returns how many were added.
    /// Words already there (or removed by a teacher) are left as they are.
    @discardableResult
    public func seedWords(deckID: String, words: [(word: String, hint: String)]) throws -> Int {
        try transaction {
            var added = 0
            for entry in words {
                try run("""
                    INSERT INTO words (deck_id, word, word_key, hint, origin) VALUES (?, ?, ?, ?, 'file')
                    ON CONFLICT (deck_id, word_key) DO NOTHING
                    """, [.text(deckID), .text(entry.word), .text(NameKey.make(entry.word)), .text(entry.hint)])
                added += changes
            }
            return added
        }
    }

    /// The deck's words, alphabetically.
    public func words(deckID: String) throws -> [WordRow] {
        try query("""
            SELECT id, word, hint FROM words
            WHERE deck_id = ? AND removed = 0 AND (origin IS NOT 'file' OR in_file = 1) ORDER BY word_key
            """,
                  [.text(deckID)]).map { r in
            try WordRow(id: r.int("id"), word: r.string("word"), hint: r.string("hint"))
        }
    }

    public func wordCount(deckID: String) throws -> Int {
        try scalarInt("""
            SELECT COUNT(*) FROM words WHERE deck_id = ? AND removed = 0 AND (origin IS NOT 'file' OR in_file = 1)
            """, [.text(deckID)])
    }

    /// True when the deck holds the word (case-insensitively).
    public func hasWord(deckID: String, word: String) throws -> Bool {
        try scalarBool("""
            SELECT EXISTS (SELECT 1 FROM words WHERE deck_id = ? AND word_key = ? AND removed = 0
                                                 AND (origin IS NOT 'file' OR in_file = 1))
            """,
                       [.text(deckID), .text(NameKey.make(word))])
    }

    /// Adds a teacher's word (bringing back a removed one, or one its file
    /// dropped, with the new hint); false when the deck already serves it.
    /// It is the console's word from then on: the file cannot take it back.
    @discardableResult
    public func addWord(deckID: String, word: String, hint: String) throws -> Bool {
        try run("""
            INSERT INTO words (deck_id, word, word_key, hint, origin) VALUES (?, ?, ?, ?, 'console')
            ON CONFLICT (deck_id, word_key) DO UPDATE
            SET word = excluded.word, hint = excluded.hint, removed = 0, origin = 'console'
            WHERE words.removed = 1 OR (words.origin IS 'file' AND words.in_file = 0)
            """, [.text(deckID), .text(word), .text(NameKey.make(word)), .text(hint)])
        return changes > 0
    }

    /// Removes a word; false when the deck does not have it.
    @discardableResult
    public func deleteWord(deckID: String, word: String) throws -> Bool {
        try run("UPDATE words SET removed = 1 WHERE deck_id = ? AND word_key = ? AND removed = 0",
                [.text(deckID), .text(NameKey.make(word))])
        return changes > 0
    }

    /// Every deck that serves words, with its word count, by id (a deck whose
    /// file is gone and that has no teacher's words is no longer offered).
    public func decks() throws -> [DeckRow] {
        try query("""
            SELECT id, title, lang, kind, word_count FROM (
                SELECT d.id, d.title, d.lang, d.kind,
                       (SELECT COUNT(*) FROM words w WHERE w.deck_id = d.id AND w.removed = 0
                                                       AND (w.origin IS NOT 'file' OR w.in_file = 1)) AS word_count
                FROM decks d)
            WHERE word_count > 0 ORDER BY id
            """).map { r in
            try DeckRow(id: r.string("id"), title: r.string("title"), lang: r.string("lang"),
                    kind: r.string("kind"), wordCount: Int(r.int("word_count")))
        }
    }
}
