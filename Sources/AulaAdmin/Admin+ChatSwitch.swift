import AulaGames
import AulaServer

/// `chat off|on [ROOM|lobby|all]` (issue 13): the teacher switches chat off in
/// one room, in the lobbies, or everywhere (no word: everywhere). Students
/// there are told, and `say` gets `error {code:"chat_off"}` until `chat on`.
extension AdminCall {
    static let lobbyWords: Set<String> = ["lobby", "entrada", "vestibulo", "vestíbulo"]

    func chatSwitch(_ args: Arguments) {
        let off: Bool
        switch args[0]?.lowercased() {
        case "off", "no", "desactivar", "apagar": off = true
        case "on", "si", "sí", "activar", "encender": off = false
        default: return usage("admin.chat")
        }
        guard args.count <= 2 else { return usage("admin.chat") }
        let word = args[1] ?? "all"
        let told = InfoEvent(off ? "chat.switched_off" : "chat.switched_on", style: .warn)
        if Sub.matches(word, Sub.all) {
            server.chatGuard.switchedOff.setAll(off: off)
            for player in server.players.values where player.isConnected { player.send(told) }
            info(off ? "admin.chat.off_all" : "admin.chat.on_all", style: .good)
        } else if Sub.matches(word, Self.lobbyWords) {
            server.chatGuard.switchedOff.set(room: nil, off: off, openRooms: server.allRooms.map(\.id))
            for player in server.players.values where player.isConnected && player.room == nil { player.send(told) }
            info(off ? "admin.chat.off_lobby" : "admin.chat.on_lobby", style: .good)
        } else {
            guard let room = server.findRoom(word) else { return fail(code: "no_such_room", word) }
            server.chatGuard.switchedOff.set(room: room.id, off: off, openRooms: server.allRooms.map(\.id))
            room.broadcast(told)
            info(off ? "admin.chat.off_room" : "admin.chat.on_room", room.id, style: .good)
        }
        log(.info, off ? "chat.off" : "chat.on", ("where", word), ("teacher", teacher))
        done()
    }
}
