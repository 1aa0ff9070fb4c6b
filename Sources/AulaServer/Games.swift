/// The games this server offers, registered for `create KIND`.
public enum Games {
    public static func registerAll(_ server: Server) {
        QuizRoom.register(server)  // [quiz] create quiz DECK / crear cuestionario MAZO
    }
}
