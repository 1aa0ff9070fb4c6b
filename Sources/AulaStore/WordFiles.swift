/// What seeding one deck file changed in the word bank.
public struct DeckSeeding: Sendable, Equatable {
    public let deckID: String
    /// Words served now that were not before: new in the file, or back in it.
    public var added: Int
    /// Words the file no longer holds, so no longer served (a teacher's words stay).
    public var dropped: Int
    /// Anything of the deck was written (a hint or a spelling too): its cached words are stale.
    public var changed = false

    public init(deckID: String, added: Int = 0, dropped: Int = 0, changed: Bool = false) {
        self.deckID = deckID
        self.added = added
        self.dropped = dropped
        self.changed = changed
    }
}

/// A deck whose file is gone from Decks/words.
public struct DeckFileGone: Sendable, Equatable {
    public let deckID: String
    /// The file's words it served, now no longer served.
    public let dropped: Int
    /// Words a teacher added at the console, still served (0: the deck is no longer offered).
    public let kept: Int

    public init(deckID: String, dropped: Int, kept: Int) {
        self.deckID = deckID
        self.dropped = dropped
        self.kept = kept
    }
}

/// Seeding the word bank from the deck files, start and `reload` alike (session 10):
/// the bank follows the files for the words that came from them —
/// - a word new in its file is added; one renamed or taken out of its file is no
///   longer served, and comes back if the file holds it again;
/// - a word a teacher added at the console stays whatever the file says;
/// - a word a teacher removed stays removed, even if the file still holds it;
/// - a file word's spelling (case) and hint follow the file.
extension Database {
    /// Seeds one deck from its file's words (already checked by WordRules and the blocklist).
    public func seedDeckFile(deckID: String, title: String, lang: String, file: String,
                             words: [(word: String, hint: String)]) throws -> DeckSeeding {
        try transaction {
            try run("""
                INSERT INTO decks (id, title, lang, kind, file) VALUES (?, ?, ?, 'words', ?)
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, lang = excluded.lang, file = excluded.file
                """, [.text(deckID), .text(title), .text(lang), .text(file)])
            struct Stored { let id: Int64; let word: String; let hint: String; let origin: String?; let inFile: Bool; let removed: Bool }
            var stored: [String: Stored] = [:]
            for r in try query("SELECT id, word, word_key, hint, origin, in_file, removed FROM words WHERE deck_id = ?",
                               [.text(deckID)]) {
                stored[try r.string("word_key")] = try Stored(
                    id: r.int("id"), word: r.string("word"), hint: r.string("hint"), origin: r.stringOrNil("origin"),
                    inFile: r.bool("in_file"), removed: r.bool("removed"))
            }
            var seeding = DeckSeeding(deckID: deckID)
            var inFile: Set<String> = []
            for entry in words {
                let key = NameKey.make(entry.word)
                guard inFile.insert(key).inserted else { continue }
                guard let old = stored[key] else {
                    try run("INSERT INTO words (deck_id, word, word_key, hint, origin) VALUES (?, ?, ?, ?, 'file')",
                            [.text(deckID), .text(entry.word), .text(key), .text(entry.hint)])
                    seeding.added += 1
                    seeding.changed = true
                    continue
                }
                let fromFile = old.origin != "console"
                let follows = fromFile && (old.word != entry.word || old.hint != entry.hint)
                guard !old.inFile || old.origin == nil || follows else { continue }
                if !old.inFile && !old.removed && old.origin == "file" { seeding.added += 1 }
                seeding.changed = true
                try run("""
                    UPDATE words SET in_file = 1, origin = COALESCE(origin, 'file'),
                        word = CASE WHEN origin IS 'console' THEN word ELSE ? END,
                        hint = CASE WHEN origin IS 'console' THEN hint ELSE ? END
                    WHERE id = ?
                    """, [.text(entry.word), .text(entry.hint), .integer(old.id)])
            }
            for (key, old) in stored where !inFile.contains(key) {
                switch old.origin {
                case "file" where old.inFile:
                    try run("UPDATE words SET in_file = 0 WHERE id = ?", [.integer(old.id)])
                    if !old.removed { seeding.dropped += 1 }
                    seeding.changed = true
                case nil:
                    // From before migration 5 and not in the file: maybe a teacher's word; kept.
                    try run("UPDATE words SET origin = 'console' WHERE id = ?", [.integer(old.id)])
                default:
                    break
                }
            }
            return seeding
        }
    }

    /// Decks whose file is not among `present` (the .json files in Decks/words,
    /// read or not: a file that failed to load keeps its deck as it was), or
    /// whose file now gives another deck (`owners`: file → deck id; its id was
    /// changed), stop serving their file's words. Only decks that served some are returned.
    public func dropDecksWithoutFile(present: Set<String>, owners: [String: String] = [:]) throws -> [DeckFileGone] {
        try transaction {
            var gone: [DeckFileGone] = []
            for r in try query("SELECT id, file FROM decks ORDER BY id") {
                let id = try r.string("id")
                guard let file = try r.stringOrNil("file"),
                      !present.contains(file) || owners[file].map({ $0 != id }) == true else { continue }
                // Words from before migration 5 count as the file's here: its deck file is gone.
                let dropped = try scalarInt("""
                    SELECT COUNT(*) FROM words WHERE deck_id = ? AND removed = 0 AND origin IS NOT 'console' AND in_file = 1
                    """, [.text(id)])
                guard dropped > 0 else { continue }
                try run("UPDATE words SET in_file = 0, origin = 'file' WHERE deck_id = ? AND origin IS NOT 'console'",
                        [.text(id)])
                gone.append(DeckFileGone(deckID: id, dropped: dropped, kept: try wordCount(deckID: id)))
            }
            return gone
        }
    }
}
