extension CatalogParts {
    /// Messages for: core.
    public static let core = CatalogPart(
        en: [
            "_part.core": "core",
        ],
        es: [
            "_part.core": "core",
        ]
    )
}
