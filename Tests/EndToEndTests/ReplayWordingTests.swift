import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Wording found re-playing the session-8 fixes: the console's empty room
/// list, and a level room's watcher (no "next round" in a level).
@Suite(.lab) struct ReplayWordingTests {
    @Test func theConsoleSaysWhenNoRoomIsOpen() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let rooms = admin.text("rooms")
        #expect(rooms.contains("Rooms (0):"), "\(rooms)")
        #expect(rooms.contains("No rooms are open."), "\(rooms)")
    }

    @Test func aLevelRoomsWatcherJustWatches() {
        var renderer = Renderer()
        renderer.color = false
        let level = RoomJoinedEvent(room: "level-3", kind: "level", player: "Gus", players: ["Ana"], spectator: true)
        #expect(renderer.render(level).hasPrefix("Gus joined room level-3 to watch.\r\n"))
        let hangman = RoomJoinedEvent(room: "hangman-2", kind: "hangman", player: "Gus", players: ["Ana"], spectator: true)
        #expect(renderer.render(hangman).hasPrefix("Gus joined room hangman-2 and watches until the next round.\r\n"))
        renderer.language = .es
        #expect(renderer.render(level).hasPrefix("Gus ha entrado en la sala level-3 para mirar.\r\n"))
    }
}
