extension CatalogParts {
    /// Messages for: content checking (`aula check-content`, reload, start-up).
    public static let content = CatalogPart(
        en: [
            "check.ok": "All content is valid.",
            "check.problems": "{0} problem(s) found.",
            "check.blocklist": "Blocklist: {0} words.",
            "check.quiz_decks": "Quiz decks: {0}.",
            "check.levels": "Levels: {0} worlds, {1} levels, {2} notes.",
            "check.no_blocklist": "No blocklist in {0} (Decks/blocklist.txt): names and chat are not filtered for rude words.",
            "check.no_content": "No content in {0}: no word decks, quiz decks or levels, so students have nothing to play. Start aula in its own folder (the one holding Levels/ and Decks/), or give --content DIR.",
        ],
        es: [
            "check.ok": "Todo el contenido es válido.",
            "check.problems": "Se han encontrado {0} problema(s).",
            "check.blocklist": "Lista de nombres bloqueados: {0} palabras.",
            "check.quiz_decks": "Cuestionarios: {0}.",
            "check.levels": "Niveles: {0} mundos, {1} niveles, {2} apuntes.",
            "check.no_blocklist": "No hay lista de palabras bloqueadas en {0} (Decks/blocklist.txt): los nombres y el chat no se filtran.",
            "check.no_content": "No hay contenido en {0}: ni mazos de palabras, ni cuestionarios, ni niveles, así que el alumnado no tiene nada a lo que jugar. Inicia aula en su propia carpeta (la que contiene Levels/ y Decks/) o indica --content CARPETA.",
        ]
    )
}
