import AulaGames
import AulaStore

/// The word bank (SPEC §4): words live in SQLite, seeded from the deck files
/// at start. Seeding adds only the words the bank never had, so a restart
/// does not duplicate words, new deck files and new words in a file are
/// picked up, and words a teacher removed stay removed.
public enum HangmanWordBank {
    /// Seeds every deck in one transaction (fast: 10,000 words well under a
    /// second). Returns how many words were added.
    @discardableResult
    public static func seed(_ decks: [WordDeck], into db: Database) throws -> Int {
        try db.transaction {
            var added = 0
            for deck in decks {
                try db.upsertDeck(id: deck.id, title: deck.title, lang: deck.lang)
                added += try db.seedWords(deckID: deck.id, words: deck.words.map { ($0.word, $0.hint) })
            }
            return added
        }
    }

    /// Seeds at server start, synchronously on the store thread; a failure is
    /// logged and the server starts anyway (rounds then use what the bank has).
    public static func seedAtStart(_ decks: [WordDeck], store: Store, log: Log) {
        guard !decks.isEmpty else { return }
        do {
            let added = try store.sync { db in try seed(decks, into: db) }
            log(.info, "words.seeded", ("decks", decks.count), ("added", added))
        } catch {
            log(.error, "words.seed_failed", ("error", String(describing: error)))
        }
    }
}

extension Server {
    /// A deck's words for a new round: from the cache, or read on the store's
    /// thread (then cached). `then` runs on the loop either way. Classic and
    /// race rooms both start their rounds through here.
    package func withWordBank(_ deckID: String, then: @escaping ([WordEntry]?, StoreError?) -> Void) {
        if let cached = wordBankCache[deckID] {
            then(cached, nil)
            return
        }
        read({ db in try db.words(deckID: deckID).map { WordEntry(word: $0.word, hint: $0.hint) } }) {
            [weak self] result in
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
}
