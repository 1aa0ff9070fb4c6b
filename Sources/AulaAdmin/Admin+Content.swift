import AulaGames
import AulaServer
import AulaStore

/// The word bank and the content folder: `words list|add|del`, `reload` (`decks`: Admin+Overview).
/// Word edits go through `WordRules`, the same rules the deck loader uses.
extension AdminCall {
    func wordsCommand(_ args: Arguments) {
        guard let deck = args[1]?.lowercased() else { return usage("admin.words") }
        if Sub.matches(args[0], Sub.list), args.count == 2 {
            listWords(deck)
        } else if Sub.matches(args[0], Sub.add), let word = args[2], args.count >= 4 {
            addWord(deck, WordEntry(word: word.lowercased(), hint: args.rest(after: 3)))
        } else if Sub.matches(args[0], Sub.delete), let word = args[2], args.count == 3 {
            deleteWord(deck, word)
        } else {
            usage("admin.words")
        }
    }

    private func listWords(_ deck: String) {
        read({ db -> [WordRow]? in
            guard try db.decks().contains(where: { $0.id == deck }) else { return nil }
            return try db.words(deckID: deck)
        }) { [self] words in
            guard let unsorted = words else { return fail(code: "no_such_deck", deck) }
            // Alphabetical for a reader: águila with the a's, ñu after the n's (issue 16).
            let words = unsorted.sorted { Collation.less($0.word, $1.word) }
            say(TextBlockEvent { t in
                [t.paint(.title, t.say("admin.words.title", deck, String(words.count)))]
                    + words.map { "  " + t.paint(.name, $0.word.rightPadded(16)) + " " + $0.hint }
            })
            done()
        }
    }

    private func addWord(_ deck: String, _ entry: WordEntry) {
        if let refusal = blockedWordRefusal(entry) { return fail(refusal) }
        write({ db -> Refusal? in
            guard try db.decks().contains(where: { $0.id == deck }) else { return Refusal(code: "no_such_deck", args: [deck]) }
            let current = try db.words(deckID: deck).map { WordEntry(word: $0.word, hint: $0.hint) }
            if let refusal = WordRules.checkAdding(entry, to: current) { return refusal }
            try db.addWord(deckID: deck, word: entry.word, hint: entry.hint.trimmingCharacters(in: " "))
            return nil
        }) { [self] refusal in
            if let refusal { return fail(refusal) }
            server.wordBankCache[deck] = nil
            info("admin.words.added", entry.word, deck, style: .good)
            done()
        }
    }

    private func deleteWord(_ deck: String, _ word: String) {
        write({ db -> Refusal? in
            guard try db.decks().contains(where: { $0.id == deck }) else { return Refusal(code: "no_such_deck", args: [deck]) }
            let current = try db.words(deckID: deck).map { WordEntry(word: $0.word, hint: $0.hint) }
            switch WordRules.checkRemoving(word: word, from: current) {
            case .failure(let refusal):
                return refusal
            case .success(let index):
                try db.deleteWord(deckID: deck, word: current[index].word)
                return nil
            }
        }) { [self] refusal in
            if let refusal { return fail(refusal) }
            server.wordBankCache[deck] = nil
            info("admin.words.deleted", word, deck, style: .good)
            done()
        }
    }

    /// `reload`: re-reads Levels/ and Decks/; any problem keeps the old content (and is listed).
    func reloadContent() {
        let directory = server.config.contentDirectory
        offLoop({ ContentLibrary.load(directory: directory) }) { [self] loaded in
            let (library, problems) = loaded
            guard problems.isEmpty else {
                say(TextBlockEvent { t in
                    problems.map { t.say("admin.reload.problem", $0.file, $0.field, t.say($0.reason)) }
                })
                return fail(code: "content_invalid", String(problems.count))
            }
            let blocklistBefore = server.content.blocklist
            server.content = library
            log(.info, "content.reloaded", ("teacher", teacher))
            say(TextBlockEvent { t in
                [t.paint(.good, t.say("admin.reload.done"))] + library.summary(t.language).map { "  " + $0 }
            })
            seedWordFiles(library, blocklistBefore: blocklistBefore)  // the word bank takes the files, then done()
        }
    }
}
