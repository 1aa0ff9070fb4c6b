import AulaGames

/// The context a lobby command runs in.
public struct LobbyCall {
    public let server: Server
    public let player: Player
}

/// Routes a typed line: the room's game commands first, then the lobby's,
/// then the game's bare input (a letter, an answer), else "did you mean".
extension Server {
    func dispatch(_ line: String, from player: Player) {
        // Most lines (a guess, an answer) have no spaces around them.
        let trimmed = line.utf8.first == 0x20 || line.utf8.last == 0x20 ? line.trimmingCharacters(in: " ") : line
        guard !trimmed.isEmpty else { return }
        let word: String
        let rest: String
        if let space = trimmed.firstIndex(of: " ") {
            word = String(trimmed[..<space]).lowercased()
            rest = String(trimmed[trimmed.index(after: space)...]).trimmingCharacters(in: " ")
        } else {
            word = trimmed.lowercased()
            rest = ""
        }
        if let room = player.room, let command = room.game.commands.find(lowercased: word) {
            command.run(GameCall(server: self, player: player, room: room), Arguments(rest))
            return
        }
        if let command = LobbyCommands.table.find(lowercased: word) {
            command.run(LobbyCall(server: self, player: player), Arguments(rest))
            return
        }
        if let room = player.room, room.game.bareInput(trimmed, from: player) { return }
        var words = LobbyCommands.table.allWords
        if let room = player.room { words += room.game.commands.allWords }
        let shown = String(word.prefix(24))
        if let guess = Suggestion.closest(to: word, in: words) {
            player.send(ErrorEvent(Refusal("unknown_command", Phrase("error.unknown_command_guess", [shown, guess]))))
        } else {
            player.send(ErrorEvent(code: "unknown_command", shown))
        }
    }

    /// The help entries a player can use where they are.
    func helpEntries(for player: Player) -> [HelpEntry] {
        var entries: [HelpEntry] = []
        if let room = player.room { entries += room.game.commands.entries }
        entries += LobbyCommands.table.entries
        return entries
    }
}
