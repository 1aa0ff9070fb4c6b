extension CatalogParts {
    /// Messages for: quiz.
    public static let quiz = CatalogPart(
        en: [
            "_part.quiz": "quiz",
        ],
        es: [
            "_part.quiz": "quiz",
        ]
    )
}
