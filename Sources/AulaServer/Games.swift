/// The games this server offers, registered for `create KIND`.
public enum Games {
    public static func registerAll(_ server: Server) {
        HangmanGame.register(server)  // [hangman] create hangman / crear ahorcado
    }
}
