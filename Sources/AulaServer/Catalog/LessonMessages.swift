extension CatalogParts {
    /// Messages for: a teacher's lesson controls as the students see them
    /// (pause, resume, skip, extend in every game; SPEC §12).
    public static let lesson = CatalogPart(
        en: [
            "lesson.paused": "The teacher paused the game: the clock is stopped. Wait for it to resume.",
            "lesson.resumed": "The game goes on.",
            "lesson.resumed_left": "The game goes on: {0} s left.",
            "error.paused": "The game is paused by the teacher. Wait until it goes on.",
            "quiz.closed.teacher": "The teacher closed this question.",
            "hangman.round_over.skipped": "The teacher ended the round. The word was {0}.",
            "admin.lesson.idle_extended": "No clock to extend in: {0}.",
            // Session 10 (a play test of every control): the console's second `pause`.
            "error.already_paused": "{0} is already paused: resume {0} starts its clock again.",
        ],
        es: [
            "lesson.paused": "El juego está en pausa: el reloj se ha parado. Espera a que siga.",
            "lesson.resumed": "El juego sigue.",
            "lesson.resumed_left": "El juego sigue: quedan {0} s.",
            "error.paused": "El juego está en pausa. Espera a que siga.",
            "quiz.closed.teacher": "Se ha cerrado esta pregunta desde la consola docente.",
            "hangman.round_over.skipped": "Se ha terminado la ronda desde la consola docente. La palabra era {0}.",
            "admin.lesson.idle_extended": "Ningún reloj que ampliar en: {0}.",
            // Sesión 10 (prueba de cada control): la segunda `pausa` de la consola.
            "error.already_paused": "{0} ya está en pausa: reanudar {0} vuelve a poner su reloj en marcha.",
        ]
    )
}
