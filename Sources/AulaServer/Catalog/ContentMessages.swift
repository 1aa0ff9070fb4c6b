extension CatalogParts {
    /// Messages for: content checking (`aula check-content`, reload, start-up).
    public static let content = CatalogPart(
        en: [
            "check.ok": "All content is valid.",
            "check.problems": "{0} problem(s) found.",
            "check.blocklist": "Blocklist: {0} words.",
        ],
        es: [
            "check.ok": "Todo el contenido es válido.",
            "check.problems": "Se han encontrado {0} problema(s).",
            "check.blocklist": "Lista de nombres bloqueados: {0} palabras.",
        ]
    )
}
