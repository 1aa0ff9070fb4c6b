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
        guard let typed = TypedCommand(line) else { return }
        let word = typed.word
        let rest = typed.rest
        if let room = player.room, let command = room.game.commands.find(lowercased: word) {
            noteActivity(Self.activity(command.id, command.name, command.aliases, in: room), of: player)
            command.run(GameCall(server: self, player: player, room: room), Arguments(rest))
            return
        }
        // `salir` ("to leave") inside a room leaves the room, as a Spanish speaker
        // means it (play tests, sessions 9 and 10: it disconnected them mid-lesson);
        // typed in the lobby it is `quit`, as before.
        if word == "salir", let room = player.room {
            // The lobby's prompt after the explanation, not before it (session 11).
            leaveRoom(player, reason: nil, movingOn: true)
            player.send(InfoEvent("room.salir_left", room.id))
            if player.isConnected { player.send(PromptEvent(kind: .command, label: Phrase("prompt.lobby"))) }
            return
        }
        if let command = LobbyCommands.table.find(lowercased: word) {
            noteActivity(.lobby(name: command.name, aliases: command.aliases), of: player)
            command.run(LobbyCall(server: self, player: player), Arguments(rest))
            return
        }
        // `{"cmd":"who"}`: commands are plain words even in JSON mode (session 12).
        if JSONShapedLine.looks(typed.line) {
            let command = JSONShapedLine.command(in: typed.line) { word in
                LobbyCommands.table.find(lowercased: word) != nil || player.room?.game.commands.find(lowercased: word) != nil
            }
            player.send(ErrorEvent(Refusal.jsonShapedLine(command: command)))
            return
        }
        if let room = player.room, room.game.bareInput(typed.line, from: player) {
            noteActivity(.played(kind: room.kind), of: player)
            return
        }
        // A line of program typed in the lobby: where programs go.
        if player.room == nil, ProgramLineShape.looksLikeProgram(typed.line) {
            player.send(ErrorEvent(Refusal.programInLobby(typed.line.trimmingCharacters(in: .whitespaces))))
            return
        }
        // A room's command typed in the lobby says so (the nearest lobby word was no help).
        if player.room == nil, RoomCommandWords.all.contains(word) {
            player.send(ErrorEvent(Refusal.roomCommand(word)))
            return
        }
        // Suggestions come from the reader's own language only (issue 16).
        let language = player.client?.renderer.language ?? .en
        var words = LobbyCommands.table.words(in: language)
        if let room = player.room { words += room.game.commands.words(in: language) }
        player.send(ErrorEvent(Refusal.unknownCommand(word, among: RoomCommandWords.guessable(words))))
    }

    /// A game command as activity; a level's `submit` names the level (`/teacher`).
    static func activity(_ id: String, _ name: String, _ aliases: [String], in room: Room) -> PlayerActivity.Kind {
        if id == "level.submit", let game = room.game as? any LevelRoomState { return .submitted(level: game.levelID) }
        return .game(kind: room.kind, name: name, aliases: aliases)
    }

    /// The help entries a player can use where they are.
    func helpEntries(for player: Player) -> [HelpEntry] {
        var entries: [HelpEntry] = []
        if let room = player.room { entries += room.game.commands.entries }
        entries += LobbyCommands.table.entries
        return entries
    }
}
