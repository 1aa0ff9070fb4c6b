extension CatalogParts {
    /// Messages for: a teacher's lesson controls as the students see them
    /// (pause, resume, skip, extend in every game; SPEC §12).
    public static let lesson = CatalogPart(
        en: [
            "lesson.paused": "Your teacher paused the game: the clock is stopped. Wait for it to resume.",
            "lesson.resumed": "The game goes on.",
            "lesson.resumed_left": "The game goes on: {0} s left.",
            "error.paused": "Your teacher paused the game. Wait until it goes on.",
            // Session 12: lines typed into an open editor while paused.
            "error.paused.editor": "Your teacher paused the game: lines typed now are not taken, and the editor stays open. Type them again when the game goes on.",
            "quiz.closed.teacher": "Your teacher closed this question.",
            "hangman.round_over.skipped": "Your teacher ended the round. The word was {0}.",
            "admin.lesson.idle_extended": "No clock to extend in: {0}.",
            // Session 10 (a play test of every control): the console's second `pause`.
            "error.already_paused": "{0} is already paused: resume {0} starts its clock again.",
            "admin.challenge.left": "left it",
            "admin.challenge.already_ended": "The class challenge on {0} has already ended (everyone finished or its time ran out); its leaderboard was shown.",
            // A teacher's `room close` (session 10): the room is told who closed it, the console what was lost.
            "room.closed.teacher": "Your teacher closed the room.",
            "room.closed_while_away": "Room {0} closed while you were away: you are in the lobby.",
            // `salir` typed in a room leaves it (session 10).
            "room.salir_left": "You left {0} (salir in a room leaves it) and are in the lobby. Typed here, salir or quit disconnects.",
            "admin.room.closed_playing": "Room {0} closed; its players are back in the lobby. The round being played was not finished, so it is not saved.",
            // Session 12: `room close` mid-round ends the round as `skip` does (saved, points kept).
            "room.closed.teacher_kept": "Your teacher closed the room. The round being played ended there: your points from it are kept.",
            "admin.room.closed_kept": "Room {0} closed; its players are back in the lobby. The round being played ended as skip ends it: saved, with the points so far.",
            // Session 11 (class challenge fixes): a kicked row, a student dropped and not back yet.
            "admin.challenge.kicked": "kicked",
            "admin.challenge.away": "away (disconnected)",
            // Session 12: `accommodate` and the hangman turn; the console says "Applied now" only when it is.
            "admin.accommodate.kept": "Not for the open game (below); it stays for later logins until the server restarts.",
            "admin.accommodate.next_turn": "{0} is on a turn in {1}: this turn keeps its clock; the change applies from their next turn.",
            "hangman.accommodated.more": "Your teacher gave you more time on your turns.",
            "hangman.accommodated.untimed": "Your teacher took the clock off your turns: take your time.",
            // Session 12: `class` (or `class code`) shows the open class again.
            "admin.class.status": "Class {0} is open.",
            "admin.class.status_locked": "Class {0} is open and locked: no new students can join.",
            "admin.class.status_in": "{0} {0|student|students} {0|is|are} in.",
            "admin.class.status_in_one": "1 student is in.",
            "admin.class.status_close": "class close ends it and shows its leaderboard to everyone.",
            "admin.class.none": "No class is open. class open GROUP opens one with a join code.",
        ],
        es: [
            "lesson.paused": "Tu docente ha pausado el juego: el reloj se ha parado. Espera a que siga.",
            "lesson.resumed": "El juego sigue.",
            "lesson.resumed_left": "El juego sigue: quedan {0} s.",
            "error.paused": "Tu docente ha pausado el juego. Espera a que siga.",
            // Sesión 12: líneas escritas en un editor abierto durante la pausa.
            "error.paused.editor": "Tu docente ha pausado el juego: las líneas que escribas ahora no se toman y el editor sigue abierto. Vuelve a escribirlas cuando el juego siga.",
            "quiz.closed.teacher": "Tu docente ha cerrado esta pregunta.",
            "hangman.round_over.skipped": "Tu docente ha terminado la ronda. La palabra era {0}.",
            "admin.lesson.idle_extended": "Ningún reloj que ampliar en: {0}.",
            // Sesión 10 (prueba de cada control): la segunda `pausa` de la consola.
            "error.already_paused": "{0} ya está en pausa: reanudar {0} vuelve a poner su reloj en marcha.",
            "admin.challenge.left": "lo ha dejado",
            "admin.challenge.already_ended": "El reto de clase de {0} ya ha terminado (todo el mundo acabó o se acabó su tiempo); ya se mostró su clasificación.",
            // `sala cerrar` desde la consola (sesión 10): la sala sabe quién la cerró; la consola, qué se pierde.
            "room.closed.teacher": "Tu docente ha cerrado la sala.",
            "room.closed_while_away": "La sala {0} se cerró mientras no estabas: estás en la entrada.",
            // `salir` dentro de una sala sale de la sala (sesión 10).
            "room.salir_left": "Has salido de {0} y estás en la entrada. Para desconectarte, escribe salir aquí.",
            "admin.room.closed_playing": "Sala {0} cerrada; quienes jugaban en ella han vuelto a la entrada. La ronda en juego no había terminado, así que no se guarda.",
            // Sesión 12: `sala cerrar` a media ronda la termina como `saltar` (guardada, con los puntos).
            "room.closed.teacher_kept": "Tu docente ha cerrado la sala. La ronda en juego ha terminado ahí: conservas los puntos que ganaste en ella.",
            "admin.room.closed_kept": "Sala {0} cerrada; quienes jugaban en ella han vuelto a la entrada. La ronda en juego ha terminado como con saltar: se guarda con los puntos hasta ahora.",

            // Sesión 11 (arreglos del reto de clase): una fila expulsada, alguien desconectado que aún no ha vuelto.
            "admin.challenge.kicked": "expulsión",
            "admin.challenge.away": "fuera (sin conexión)",
            // Sesión 12: `adaptar` y el turno del ahorcado; la consola dice «Aplicado ya» solo cuando lo está.
            "admin.accommodate.kept": "No se aplica al juego abierto (abajo); se mantiene en los siguientes accesos hasta que se reinicie el servidor.",
            "admin.accommodate.next_turn": "{0} está en su turno en {1}: este turno mantiene su reloj; el cambio se aplicará desde su siguiente turno.",
            "hangman.accommodated.more": "Tu docente te ha dado más tiempo en tus turnos.",
            "hangman.accommodated.untimed": "Tu docente ha quitado el reloj de tus turnos: tómate tu tiempo.",
            // Sesión 12: `clase` (o `clase codigo`) vuelve a mostrar la clase abierta.
            "admin.class.status": "La clase {0} está abierta.",
            "admin.class.status_locked": "La clase {0} está abierta y cerrada con llave: no puede entrar nadie más.",
            "admin.class.status_in": "Hay {0} {0|estudiante|estudiantes} dentro.",
            "admin.class.status_in_one": "Hay 1 estudiante dentro.",
            "admin.class.status_close": "clase cerrar la termina y muestra su clasificación a toda la clase.",
            "admin.class.none": "No hay ninguna clase abierta. clase abrir GRUPO abre una con un código.",
        ]
    )
}
