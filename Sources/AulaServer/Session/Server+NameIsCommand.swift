/// A command's word is not a name (session 11's play test: a student refused
/// at `Name:` typed `leave` and played as a student called "leave", in `top`
/// and the export). Every word of the lobby's commands and of the rooms',
/// English and Spanish (`quit`/`salir` already say goodbye at any prompt).
extension Server {
    /// Lowercased, built once: looked up on every name typed.
    static let commandWords: Set<String> = Set(LobbyCommands.table.allWords.map { $0.lowercased() })
        .union(RoomCommandWords.all)

    /// The name as typed when it is one command word, else nil. Names of two
    /// words (`Ana Leave`) are names.
    static func commandWord(_ name: String) -> String? {
        guard !name.utf8.contains(0x20), name.utf8.count <= 16 else { return nil }
        return commandWords.contains(name.lowercased()) ? name : nil
    }
}
