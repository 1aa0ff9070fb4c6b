extension CatalogParts {
    /// Messages for: the teachers' admin console.
    public static let admin = CatalogPart(
        en: [
            "admin.not_ready": "This is the Aula admin port. The teachers' console is not available in this version yet.",
        ],
        es: [
            "admin.not_ready": "Este es el puerto de administración de Aula. La consola del profesorado todavía no está disponible en esta versión.",
        ]
    )
}
