import AulaServer
import AulaHangmanRoom
import AulaQuizRoom
import AulaLevelRoom

/// The games this server offers, registered for `create KIND`.
public enum Games {
    public static func registerAll(_ server: Server) {
        HangmanGame.register(server)  // create hangman / crear ahorcado
        QuizRoom.register(server)  // create quiz DECK / crear cuestionario MAZO
        LevelRooms.register(server)  // create level LEVEL / play LEVEL, and the class challenge
    }
}
