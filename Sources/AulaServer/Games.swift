/// The games this server offers, registered for `create KIND`.
public enum Games {
    public static func registerAll(_ server: Server) {
        LevelRooms.register(server)  // levels: `create level LEVEL`, class challenges
    }
}
