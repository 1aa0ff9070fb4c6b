import AulaGames
import AulaServer
import AulaStore

/// `reload` and the word bank (session 10): a reload read new word files but
/// the bank only took them at the next start, so a new deck said it had no
/// words. Kept apart from `reloadContent`, which only calls it.
extension AdminCall {
    /// Seeds the word files like a start does (on the store thread), says what
    /// the word bank took, then ends the command. The new content is already in
    /// use: a failure here is told, and rounds use the words the bank had.
    func seedWordFiles(_ library: ContentLibrary, blocklistBefore: Blocklist) {
        server.reseedWordBank(library, blocklistBefore: blocklistBefore) { [self] result in
            switch result {
            case .success(let seeding):
                say(TextBlockEvent { t in seeding.phrases.map { "  " + t.say($0) } })
            case .failure(let error):
                say(TextBlockEvent { t in [t.paint(.warn, t.say("wordbank.failed", error.description))] })
            }
            done()
        }
    }

    /// The console's refusal for a word or hint the blocklist matches, or nil.
    func blockedWordRefusal(_ entry: WordEntry) -> Refusal? {
        let blocklist = server.content.blocklist
        if blocklist.blocks(entry.word) { return Refusal(code: "word_blocked", args: [entry.word]) }
        if blocklist.blocksHint(entry.hint) { return Refusal(code: "hint_blocked", args: [entry.word]) }
        return nil
    }
}
