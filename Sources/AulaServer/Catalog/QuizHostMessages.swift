extension CatalogParts {
    /// Messages for: a quiz the teacher runs from the console (`quiz host DECK`,
    /// `quiz start`, `quiz next`, `quiz end`; SPEC §12), the console's and the students'.
    public static let quizHost = CatalogPart(
        en: [
            "quiz.hosted.announce": "Your teacher opened {0} ({1}): type join {0}.",
            "admin.quiz.hosted_other_group": "No class is open, so the quiz is for students outside a class: {0} {0|student|students} still online in {1} (or other groups) cannot join it. To run it for a class, quiz end, then class open GROUP and quiz host again.",
            "admin.quiz.hosted_other_group_one": "No class is open, so the quiz is for students outside a class: 1 student still online in {1} cannot join it. To run it for a class, quiz end, then class open GROUP and quiz host again.",
            "quiz.hosted.joined": "Your teacher runs {0} from the console and starts it: pick a team with team NAME while you wait.",
            "admin.quiz.hosted": "{0} is open ({1}) for the group {2}; {3} {3|student|students} in the lobby were told to type join {0}. Then type quiz start. Its questions and tallies are shown here.",
            "admin.quiz.started": "{0} started: {1}, {2}.",
            "admin.quiz.players": "{0} {0|player|players}",
            "admin.quiz.closed_unstarted": "{0} closed before it started; {1} {1|student|students} {1|is|are} back in the lobby.",
            "admin.quiz.closed_unstarted_one": "{0} closed before it started; 1 student is back in the lobby.",
            "admin.quiz.players_one": "1 player",
            "admin.quiz.teams": "{0} {0|team|teams}",
            "admin.quiz.teams_one": "1 team",
            "admin.quiz.teams_none": "no teams",
            "admin.quiz.next": "{0}: moving on.",
            "admin.quiz.ended": "{0} ended after {1} {1|question|questions}: the results go to the room and are saved.",
            "admin.quiz.taken_over": "You run {0} from now on.",
            "error.no_hosted_quiz": "You host no quiz. Type quiz host DECK, or name the room (quiz next quiz-3).",
            "error.not_hosted_quiz": "{0} is a student's quiz: its host starts it. From here you can move it on (quiz next {0}) or end it (quiz end {0}).",
            "error.quiz_room_needed": "You host several quizzes ({0}): name one, e.g. quiz next {1}.",
            // Played by hand after issue 18 (the play branch): the end of a teacher-run quiz.
            "quiz.again.teacher": "Your teacher can start this quiz again from the console.",
            // Session 8: one, not "1 questions" / "1 students" (found re-playing the fixes).
            "admin.quiz.hosted_one": "{0} is open ({1}) for the group {2}; the 1 student in the lobby was told to type join {0}. Then type quiz start. Its questions and tallies are shown here.",
            "admin.quiz.ended_one": "{0} ended after 1 question: the results go to the room and are saved.",
            // Session 10 (a play test of every control): a second `quiz end`, a student's quiz, a room that is no quiz.
            "error.quiz_already_ended.console": "{0} has already ended; its students are in its lobby. quiz start {0} plays it again, room close {0} closes it.",
            "error.quiz_not_started.student_room": "{0} has not started: its host starts it. room close {0} closes it.",
            "error.not_a_quiz": "{0} is not a quiz. rooms lists the rooms.",
            "error.quiz_already_ended.student_room": "{0} has already ended; its host can start it again. room close {0} closes it.",
            "error.quiz_paused.console": "{0} is paused: resume {0} first, then quiz next {0}.",
            // Session 11 (words): the console's own line at the end of a quiz it runs.
            "quiz.again.console": "To play it again: quiz start {0}. To close the room: room close {0}.",
            // Session 12: a student reads "your teacher", never the teacher's login name.
            "error.not_host.teacher": "Only your teacher can do that.",
        ],
        es: [
            "quiz.hosted.announce": "Tu docente ha abierto {0} ({1}): escribe unirse {0}.",
            "admin.quiz.hosted_other_group": "No hay ninguna clase abierta, así que el cuestionario es para quien está fuera de una clase: {0} {0|estudiante|estudiantes} de {1} (u otros grupos) siguen en línea y no pueden entrar. Para hacerlo con una clase: cuestionario terminar, luego clase abrir GRUPO y cuestionario organizar otra vez.",
            "admin.quiz.hosted_other_group_one": "No hay ninguna clase abierta, así que el cuestionario es para quien está fuera de una clase: 1 estudiante de {1} sigue en línea y no puede entrar. Para hacerlo con una clase: cuestionario terminar, luego clase abrir GRUPO y cuestionario organizar otra vez.",
            "quiz.hosted.joined": "Tu docente dirige {0} desde la consola y lo empieza: mientras esperas, elige equipo con equipo NOMBRE.",
            "admin.quiz.hosted": "{0} está abierta ({1}) para el grupo {2}; se ha dicho a {3} {3|estudiante|estudiantes} de la entrada que escriban unirse {0}. Después escribe cuestionario empezar. Aquí verás sus preguntas y recuentos.",
            "admin.quiz.started": "{0} ha empezado: {1}, {2}.",
            "admin.quiz.players": "{0} participantes",
            "admin.quiz.closed_unstarted": "{0} se ha cerrado antes de empezar; {1} {1|estudiante vuelve|estudiantes vuelven} a la entrada.",
            "admin.quiz.closed_unstarted_one": "{0} se ha cerrado antes de empezar; 1 estudiante vuelve a la entrada.",
            "admin.quiz.players_one": "1 participante",
            "admin.quiz.teams": "{0} {0|equipo|equipos}",
            "admin.quiz.teams_one": "1 equipo",
            "admin.quiz.teams_none": "sin equipos",
            "admin.quiz.next": "{0}: se pasa a lo siguiente.",
            "admin.quiz.ended": "{0} ha terminado tras {1} {1|pregunta|preguntas}: los resultados llegan a la sala y se guardan.",
            "admin.quiz.ended_one": "{0} ha terminado tras 1 pregunta: los resultados llegan a la sala y se guardan.",
            "admin.quiz.hosted_one": "{0} está abierta ({1}) para el grupo {2}; se ha dicho a la persona de la entrada que escriba unirse {0}. Después escribe cuestionario empezar. Aquí verás sus preguntas y recuentos.",
            "admin.quiz.taken_over": "Desde ahora diriges {0}.",
            "error.no_hosted_quiz": "No diriges ningún cuestionario. Escribe cuestionario abrir MAZO, o nombra la sala (cuestionario siguiente quiz-3).",
            "error.not_hosted_quiz": "{0} es un cuestionario que dirige alguien del alumnado: lo empieza quien dirige la sala. Desde aquí puedes pasar a lo siguiente (cuestionario siguiente {0}) o terminarlo (cuestionario terminar {0}).",
            "error.quiz_room_needed": "Diriges varios cuestionarios ({0}): nombra uno, por ejemplo cuestionario siguiente {1}.",
            // Probado a mano tras el issue 18 (rama play): el final de un cuestionario que dirige la consola.
            "quiz.again.teacher": "Tu docente puede volver a empezar este cuestionario desde la consola.",
            // Sesión 10 (prueba de cada control): un segundo `terminar`, el cuestionario de una persona del alumnado, una sala que no es un cuestionario.
            "error.quiz_already_ended.console": "{0} ya ha terminado; su alumnado está en su sala de espera. cuestionario empezar {0} lo juega otra vez, sala cerrar {0} la cierra.",
            "error.quiz_not_started.student_room": "{0} no ha empezado: lo empieza quien dirige la sala. sala cerrar {0} la cierra.",
            "error.not_a_quiz": "{0} no es un cuestionario. salas muestra las salas.",
            "error.quiz_already_ended.student_room": "{0} ya ha terminado; quien dirige la sala puede volver a empezarlo. sala cerrar {0} la cierra.",
            "error.quiz_paused.console": "{0} está en pausa: primero reanudar {0}, luego cuestionario siguiente {0}.",
            // Sesión 11 (palabras): la línea de la consola al terminar un cuestionario que dirige.
            "quiz.again.console": "Para jugarlo otra vez: cuestionario empezar {0}. Para cerrar la sala: sala cerrar {0}.",
            // Sesión 12: el alumnado lee «tu docente», nunca el nombre de acceso de quien enseña.
            "error.not_host.teacher": "Solo tu docente puede hacer eso.",
        ]
    )
}
