/// A command's word is not a name (session 11's play test: a student refused
/// at `Name:` typed `leave` and played as a student called "leave", in `top`
/// and the export). Every word of the lobby's commands and of the rooms',
/// English and Spanish (`quit`/`salir` already say goodbye at any prompt).
extension Server {
    /// Lowercased, built once: looked up on every name typed.
    static let commandWords: Set<String> = Set(LobbyCommands.table.allWords.map { $0.lowercased() })
        .union(RoomCommandWords.all)

    /// The name as typed when it is one command word, or a command word and
    /// an argument (`play w1-01`, `join quiz-2`: what follows has a digit, `-`
    /// or `_` — session 12's hostile student was in the gradebook as "play
    /// w1-01"), else nil. A name that only ends in a command word (`Ana
    /// Leave`) is a name, and so is one that starts with a word that is also a
    /// name (`Del Valle`, `Di María`, `Story Smith`).
    static func commandWord(_ name: String) -> String? {
        guard name.utf8.count <= 64 else { return nil }
        guard let space = name.firstIndex(of: " ") else {
            return commandWords.contains(name.lowercased()) ? name : nil
        }
        let first = name[..<space], rest = name[space...]
        guard commandWords.contains(first.lowercased()) else { return nil }
        let argumentLike = rest.unicodeScalars.contains { $0 == "-" || $0 == "_" || $0.properties.numericType != nil }
        return argumentLike ? name : nil
    }
}
