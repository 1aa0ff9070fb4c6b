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

    /// `reload`: re-reads Levels/ and Decks/ the way a start does (session 10):
    /// a file or word with a problem is left out and listed, the rest is used.
    /// The old content stays only where the new one would be worse, and the
    /// lines say so: the whole of it when the content folders are gone (a
    /// moved folder; deleting every file of a folder is on purpose), the old blocklist when the new file is damaged, the old version
    /// of a quiz deck or level whose file now fails (a typo mid-lesson must not
    /// take a deck or level away from the class).
    func reloadContent() {
        let directory = server.config.contentDirectory
        let previous = server.content
        // The folders' checks read the disk: with the load, off the loop.
        offLoop({ (ContentLibrary.load(directory: directory, previous: previous), ContentReload.foldersGone(directory),
                   ContentReload.levelsFolderGone(directory)) }) { [self] loaded in
            var (library, problems) = loaded.0
            let listed = TextBlockEvent { t in ContentProblemReport.lines(problems, t.language) }
            if library.isEmpty && !server.content.isEmpty && loaded.1 {
                if !problems.isEmpty { say(listed) }
                return fail(code: "content_empty", ContentLibrary.folderPath(directory))
            }
            let old = server.content.blocklist
            let keepsBlocklist = ContentReload.keepsOldBlocklist(problems, old: old)
            if keepsBlocklist { library.blocklist = old }
            let keepsLevels = loaded.2 && !server.content.levels.levels.isEmpty
            if keepsLevels { library.levels = server.content.levels }
            let blocklistBefore = old
            server.content = library
            log(.info, "content.reloaded", ("teacher", teacher), ("problems", problems.count))
            let leftOut = problems.filter { !$0.isWarning }.count
            say(TextBlockEvent { t in
                ContentProblemReport.lines(problems, t.language)
                    + (keepsBlocklist ? [t.paint(.warn, t.say("admin.reload.blocklist_kept", String(old.count)))] : [])
                    + (keepsLevels ? [t.paint(.warn, t.say("admin.reload.levels_kept", ContentLibrary.folderPath(directory)))] : [])
                    + [t.paint(.good, t.say("admin.reload.done"))] + library.summary(t.language).map { "  " + $0 }
                    + (leftOut > 0 ? [t.paint(.warn, t.say("admin.reload.left_out", String(leftOut)))] : [])
            })
            seedWordFiles(library, blocklistBefore: blocklistBefore)  // the word bank takes the files, then done()
        }
    }
}
