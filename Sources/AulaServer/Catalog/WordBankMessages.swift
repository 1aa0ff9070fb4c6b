extension CatalogParts {
    /// Messages for: the hangman word bank as a teacher edits it (session 10) —
    /// what seeding the word files did, and rude words kept out of decks.
    public static let wordBank = CatalogPart(
        en: [
            "wordbank.summary": "Word bank: words added: {0}; no longer used: {1}.",
            "wordbank.deck": "{0}: words added: {1}; no longer used (no longer in its file): {2}.",
            "wordbank.gone": "{0}: its file is gone, so the deck is no longer offered (words from the file no longer used: {1}).",
            "wordbank.gone_kept": "{0}: its file is gone (words from the file no longer used: {1}); the words added at the console are kept: {2}.",
            "wordbank.failed": "The word bank could not be updated ({0}); rounds use the words it had. Try reload again.",
            "error.word_blocked": "\"{0}\" is on the blocklist (Decks/blocklist.txt), so it can't be a hangman word. Choose another word.",
            "error.hint_blocked": "The hint for \"{0}\" has a word on the blocklist (Decks/blocklist.txt). Write another hint.",
            "content.words.word_blocked": "\"{0}\" is on the blocklist (Decks/blocklist.txt); it was left out.",
            "content.words.hint_blocked": "The hint for \"{0}\" has a word on the blocklist (Decks/blocklist.txt); the word was left out.",
        ],
        es: [
            "wordbank.summary": "Banco de palabras: palabras añadidas: {0}; palabras que ya no se usan: {1}.",
            "wordbank.deck": "{0}: palabras añadidas: {1}; palabras que ya no se usan (ya no están en su archivo): {2}.",
            "wordbank.gone": "{0}: su archivo ya no está, así que el mazo deja de ofrecerse (palabras del archivo que ya no se usan: {1}).",
            "wordbank.gone_kept": "{0}: su archivo ya no está (palabras del archivo que ya no se usan: {1}); se conservan las palabras añadidas desde la consola: {2}.",
            "wordbank.failed": "No se ha podido actualizar el banco de palabras ({0}); las rondas usan las palabras que ya tenía. Prueba reload otra vez.",
            "error.word_blocked": "«{0}» está en la lista de palabras bloqueadas (Decks/blocklist.txt), así que no puede ser una palabra del ahorcado. Elige otra.",
            "error.hint_blocked": "La pista de «{0}» tiene una palabra de la lista de palabras bloqueadas (Decks/blocklist.txt). Escribe otra pista.",
            "content.words.word_blocked": "«{0}» está en la lista de palabras bloqueadas (Decks/blocklist.txt); se ha dejado fuera.",
            "content.words.hint_blocked": "La pista de «{0}» tiene una palabra de la lista de palabras bloqueadas (Decks/blocklist.txt); se ha dejado fuera la palabra.",
        ]
    )
}
