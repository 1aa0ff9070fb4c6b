import AulaGames
import AulaContent
import AulaStore

/// The word bank (SPEC §4): words live in SQLite, seeded from the deck files
/// at start and at the console's `reload` (session 10). The bank follows the
/// files for the words that came from them (the rules: AulaStore/WordFiles.swift):
/// a restart does not duplicate words, new files and new words are picked up,
/// words taken out of a file (or a deleted file's deck) stop being served,
/// while words a teacher added at the console stay and words a teacher
/// removed stay removed.
public enum HangmanWordBank {
    /// Seeds every deck, as files named by their id (the shipped ones are).
    /// Returns how many words were added.
    @discardableResult
    public static func seed(_ decks: [WordDeck], into db: Database) throws -> Int {
        let names = Dictionary(decks.map { ($0.id, "\($0.id).json") }) { first, _ in first }
        return try seed(decks, files: WordFolder(fileOfDeck: names, files: Set(names.values), folderFound: true), into: db).added
    }

    /// Seeds every deck in one transaction (fast: 10,000 words well under a
    /// second), then stops serving the file words of decks whose file is gone.
    public static func seed(_ decks: [WordDeck], files: WordFolder, into db: Database) throws -> WordBankSeeding {
        try db.transaction {
            var seeding = WordBankSeeding()
            for deck in decks {
                seeding.decks.append(try db.seedDeckFile(
                    deckID: deck.id, title: deck.title, lang: deck.lang, file: files.fileOfDeck[deck.id] ?? "\(deck.id).json",
                    words: deck.words.map { ($0.word, $0.hint) }))
            }
            // No Decks/words folder (a server started outside its folder):
            // nothing is taken back on so little evidence. An empty folder is a teacher's doing.
            if files.folderFound {
                let owners = Dictionary(files.fileOfDeck.map { ($1, $0) }) { first, _ in first }
                seeding.gone = try db.dropDecksWithoutFile(present: files.files, owners: owners)
            }
            let loaded = Set(decks.map(\.id))
            seeding.bankOnly = try db.decks().filter { !loaded.contains($0.id) }.map {
                WordDeck(id: $0.id, title: $0.title, lang: $0.lang, words: [])
            }
            return seeding
        }
    }

    /// Seeds at server start, synchronously on the store thread; a failure is
    /// logged and the server starts anyway (rounds then use what the bank has).
    /// Returns the decks only the bank still offers (`WordBankSeeding.bankOnly`).
    @discardableResult
    public static func seedAtStart(_ decks: [WordDeck], files: WordFolder = WordFolder(), store: Store, log: Log) -> [WordDeck] {
        guard !decks.isEmpty || files.folderFound else { return [] }
        do {
            let seeding = try store.sync { db in try seed(decks, files: files, into: db) }
            logSeeding(seeding, decks: decks.count, log: log)
            return seeding.bankOnly
        } catch {
            log(.error, "words.seed_failed", ("error", String(describing: error)))
            return []
        }
    }

    /// One line for the seeding, one per deck it changed or took away.
    public static func logSeeding(_ seeding: WordBankSeeding, decks: Int, log: Log) {
        log(.info, "words.seeded", ("decks", decks), ("added", seeding.added), ("dropped", seeding.dropped))
        for deck in seeding.decks where deck.dropped > 0 {
            log(.info, "words.deck_changed", ("deck", deck.deckID), ("added", deck.added), ("dropped", deck.dropped))
        }
        for gone in seeding.gone {
            log(.info, "words.deck_file_gone", ("deck", gone.deckID), ("dropped", gone.dropped), ("kept", gone.kept))
        }
    }
}

/// What one seeding did, for the log and the console's `reload` summary.
public struct WordBankSeeding: Sendable {
    public var decks: [DeckSeeding] = []
    public var gone: [DeckFileGone] = []
    /// Decks the bank still serves words of but no file gave this time: a file
    /// gone with words a teacher added at the console, or a file that failed to
    /// load (its deck keeps what it had). Rooms may still be created with them.
    public var bankOnly: [WordDeck] = []

    public init() {}

    public var added: Int { decks.reduce(0) { $0 + $1.added } }
    public var dropped: Int { decks.reduce(0) { $0 + $1.dropped } + gone.reduce(0) { $0 + $1.dropped } }
    /// Decks whose cached words are stale.
    public var changedDecks: Set<String> { Set(decks.filter(\.changed).map(\.deckID) + gone.map(\.deckID)) }

    /// The summary: totals, then each deck that lost words or its file.
    public var phrases: [Phrase] {
        [Phrase("wordbank.summary", [String(added), String(dropped)])]
            + decks.filter { $0.dropped > 0 }.map { Phrase("wordbank.deck", [$0.deckID, String($0.added), String($0.dropped)]) }
            + gone.map { g in
                g.kept > 0 ? Phrase("wordbank.gone_kept", [g.deckID, String(g.dropped), String(g.kept)])
                           : Phrase("wordbank.gone", [g.deckID, String(g.dropped)])
            }
    }
}

extension Server {
    /// A deck's words for a new round: from the cache, or read on the store's
    /// thread (then cached). `then` runs on the loop either way. Classic and
    /// race rooms both start their rounds through here. Words the blocklist
    /// matches (word or hint) are never served, even ones stored before it
    /// listed them; words are served lower-cased (a capital showed in the mask).
    package func withWordBank(_ deckID: String, then: @escaping ([WordEntry]?, StoreError?) -> Void) {
        if let cached = wordBankCache[deckID] {
            then(cached, nil)
            return
        }
        let blocklist = content.blocklist
        read({ db in
            try db.words(deckID: deckID).compactMap { row in
                blocklist.blocksDeckWord(row.word, hint: row.hint) ? nil : WordEntry(word: row.word.lowercased(), hint: row.hint)
            }
        }) { [weak self] result in
            do {
                switch result {
                case .success(let words):
                    self?.wordBankCache[deckID] = words
                    then(words, nil)
                case .failure(let error):
                    then(nil, error)
                }
            }
        }
    }

    /// Seeds the word bank from `library`'s files on the store thread (the
    /// console's `reload`), forgets the cached words of the decks that changed
    /// (all of them when the blocklist changed), and hands back the summary on the loop.
    package func reseedWordBank(_ library: ContentLibrary, blocklistBefore: Blocklist,
                                then: @escaping (Result<WordBankSeeding, StoreError>) -> Void) {
        let decks = library.wordDecks, files = library.wordFiles
        write({ db in try HangmanWordBank.seed(decks, files: files, into: db) }) { [weak self] result in
            guard let self else { return }
            if case .success(let seeding) = result {
                HangmanWordBank.logSeeding(seeding, decks: decks.count, log: self.log)
                self.content = self.content.withBankDecks(seeding.bankOnly)
                if blocklistBefore.sameWords(as: library.blocklist) {
                    for deck in seeding.changedDecks { self.wordBankCache[deck] = nil }
                } else {
                    self.wordBankCache.removeAll()
                }
            }
            then(result)
        }
    }
}

extension ContentLibrary {
    /// The library with the decks only the word bank offers (no words here: a
    /// round reads its words from the bank), so rooms can be created with them.
    public func withBankDecks(_ bankOnly: [WordDeck]) -> ContentLibrary {
        let known = Set(wordDecks.map(\.id))
        var library = self
        library.wordDecks += bankOnly.filter { !known.contains($0.id) }
        return library
    }
}
