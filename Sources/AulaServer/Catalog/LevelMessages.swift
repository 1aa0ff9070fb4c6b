extension CatalogParts {
    /// Messages for: level.
    public static let level = CatalogPart(
        en: [
            "_part.level": "level",
        ],
        es: [
            "_part.level": "level",
        ]
    )
}
