extension CatalogParts {
    /// Messages for: hangman.
    public static let hangman = CatalogPart(
        en: [
            "_part.hangman": "hangman",
        ],
        es: [
            "_part.hangman": "hangman",
        ]
    )
}
