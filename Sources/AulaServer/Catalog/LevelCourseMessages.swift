extension CatalogParts {
    /// Messages for the level course (issue 14): statements, layouts and
    /// board variants, kept programs, attempts for teachers, the teacher's
    /// `progress`, `code` and `hint`.
    public static let levelCourse = CatalogPart(
        en: [
            "_part.level_course": "level course",
            "level.result.stars_one": "Stars: {0} (1 statement; par {2}).",
            "level.code.title_exact": "Your program ({0} statements; submit accepts {1}):",
            "level.code.title_exact_one": "Your program (1 statement; submit accepts {1}):",
            "level.program.restored": "Your program from last time is back ({0} lines). Type list to see it, clear to start over.",
            "level.editor.looks_like_command": "“{0}” looks like a command — type . first to leave the editor. The line was not added.",
            "level.legend.maybe": "a place where a random item may be (it changes between layouts)",
            "level.reader.maybe": "An item may be in row {0}, column {1} in other layouts.",
            "level.attempt.run": "run",
            "level.attempt.submit": "submit",
            "level.attempt.ok": "{0} on {1}: {2} solved ({3} statements).",
            "level.attempt.failed": "{0} on {1}: {2} not solved — {3} ({4} statements).",
            "content.level.board_and_boards": "Write either board (one layout) or boards (variants), not both.",
            "content.level.board_variant_size": "Board variant {0} must have the same size as the first ({1} rows of {2}).",
            "content.level.legacy_field": "“{0}” is the old name of “{1}”; it is still read, but please rename it.",
            "check.warning": "warning:",
        ],
        es: [
            "_part.level_course": "curso de niveles",
            "level.result.stars_one": "Estrellas: {0} (1 instrucción; par {2}).",
            "level.code.title_exact": "Tu programa ({0} instrucciones; para entregar, como mucho {1}):",
            "level.code.title_exact_one": "Tu programa (1 instrucción; para entregar, como mucho {1}):",
            "level.program.restored": "Tu programa de la última vez ha vuelto ({0} líneas). Escribe listar para verlo, limpiar para empezar de nuevo.",
            "level.editor.looks_like_command": "“{0}” parece un comando: escribe . primero para salir del editor. La línea no se ha añadido.",
            "level.legend.maybe": "un lugar donde puede haber un objeto al azar (cambia de una disposición a otra)",
            "level.reader.maybe": "Puede haber un objeto en la fila {0}, columna {1} en otras disposiciones.",
            "level.attempt.run": "ejecución",
            "level.attempt.submit": "entrega",
            "level.attempt.ok": "{0} en {1}: {2} resuelta ({3} instrucciones).",
            "level.attempt.failed": "{0} en {1}: {2} sin resolver — {3} ({4} instrucciones).",
            "content.level.board_and_boards": "Escribe board (una disposición) o boards (variantes), no los dos.",
            "content.level.board_variant_size": "La variante de tablero {0} debe tener el mismo tamaño que la primera ({1} filas de {2}).",
            "content.level.legacy_field": "“{0}” es el nombre antiguo de “{1}”; se sigue leyendo, pero cámbialo, por favor.",
            "check.warning": "aviso:",
        ]
    )
}
