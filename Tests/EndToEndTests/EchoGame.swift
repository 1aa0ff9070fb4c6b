import AulaGames
@testable import AulaServer

/// A trivial game for exercising the rooms framework: the host `start`s a
/// round, any player `ping`s, bare input is echoed back to the room.
final class EchoGame: RoomGame {
    let kind = "echo"
    let maxPlayers = 3
    var isPlaying = false
    var about: Phrase { Phrase("rooms.waiting") }
    weak var room: Room?
    var events: [String] = []

    static func register(_ server: Server) {
        server.registerGame("echo", alias: "eco") { _, _, args in
            if args[0] == "bad" { return .failure(Refusal(code: "unknown_game", args: ["bad", "echo"])) }
            return .success(EchoGame())
        }
    }

    let commands = CommandTable<GameCall>([
        Command("start", "start", aliases: ["empezar"]) { call, _ in
            guard let game = call.room.game as? EchoGame else { return }
            game.isPlaying = true
            call.room.broadcast(InfoEvent("room.players", "started"))
        },
    ])

    func attach(to room: Room) { self.room = room }
    func playerJoined(_ player: Player, spectator: Bool) { events.append("joined \(player.name) \(spectator)") }
    func playerLeft(_ player: Player) { events.append("left \(player.name)") }
    func bareInput(_ line: String, from player: Player) -> Bool {
        guard line.hasPrefix("echo:") else { return false }
        room?.broadcast(ChatEvent(room: room?.id, from: player.name, message: line, emote: false))
        return true
    }
    func roomClosed() { events.append("closed") }
}
