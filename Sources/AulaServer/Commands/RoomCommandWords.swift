import AulaGames

/// What a line the lobby does not know gets instead of a bare "unknown
/// command" (session 8 play test): a room's command (`next`, `submit`,
/// `team Rockets`) is named as one, and "did you mean" never offers what a
/// student must not type back by accident.
enum RoomCommandWords {
    /// Every name and alias of a command that works only inside a room (quiz,
    /// hangman, race, level), in both languages. A list because the game
    /// modules' tables are not reachable from here (the server does not import
    /// its games); RoomCommandWordsTests checks it equals those tables' words
    /// minus the lobby's.
    static let all: Set<String> = [
        // Quiz.
        "team", "equipo", "teams", "equipos", "start", "empezar", "comenzar", "set", "fijar", "ajustar",
        "next", "skip", "siguiente", "saltar", "answer", "responder", "respuesta", "question", "pregunta",
        // Hangman (turns and race).
        "iniciar", "guess", "adivinar", "letra", "solve", "resolver", "hint", "pista", "letters", "letras",
        "state", "estado", "ver", "poner", "bell", "campana", "timbre",
        // Levels.
        "code", "codigo", "código", "programa", "list", "listar", "del", "delete", "borrar",
        "ins", "insert", "insertar", "edit", "editar", "cambiar", "clear", "limpiar", "vaciar", "lenguaje",
        "run", "ejecutar", "correr", "step", "paso", "trace", "traza", "submit", "entregar", "enviar",
        "time", "tiempo", "reloj", "board", "tablero", "mapa", "around", "alrededor", "story", "historia",
    ]

    /// Words "did you mean" never offers: a one-character alias (`?` is one
    /// typo away from every letter) or a way out (`exit` is two from `next`):
    /// a student types the guess back as offered.
    static func guessable(_ words: [String]) -> [String] {
        words.filter { $0.count > 1 && !leaving.contains($0) }
    }

    /// `quit` and its aliases (`exit`, `salir`…), from the lobby's table.
    static let leaving: Set<String> = {
        guard let quit = LobbyCommands.table.find("quit") else { return ["quit", "exit", "salir"] }
        return Set([quit.name] + quit.aliases)
    }()
}

extension Refusal {
    /// `“next” works inside a room: join or create one first (rooms lists them).`
    /// Still `unknown_command` for clients that switch on the code.
    static func roomCommand(_ word: String) -> Refusal {
        Refusal("unknown_command", Phrase("error.room_command", [String(word.prefix(24))]))
    }
}
