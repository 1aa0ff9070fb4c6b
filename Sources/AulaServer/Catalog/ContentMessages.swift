extension CatalogParts {
    /// Messages for: content.
    public static let content = CatalogPart(
        en: [
            "_part.content": "content",
        ],
        es: [
            "_part.content": "content",
        ]
    )
}
