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

    /// `walk();` typed outside the editor said only "Unknown command".
    @Test func aLineOfProgramOutsideTheEditorSaysHowToPutItIn() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        for line in ["walk();", "repeat (3) {", "turnLeft()"] {
            ana.send(line)
            let error = try #require(ana.waitForEvent("error"))
            #expect(error["code"] as? String == "code_outside_editor", "\(line): \(error)")
            #expect((error["message"] as? String)?.contains("type code to open the editor") == true)
        }
        // Not code: still the unknown command (with its suggestion).
        ana.send("wlak")
        #expect(ana.waitForEvent("error")?["code"] as? String == "unknown_command")
        // In the lobby, a line of program says to open a level first.
        ana.send("leave")
        _ = try #require(ana.waitForEvent("room.left"))
        ana.send("walk();")
        let lobby = try #require(ana.waitForEvent("error"))
        #expect(lobby["code"] as? String == "unknown_command")
        #expect((lobby["message"] as? String)?.contains("looks like a line of a program: open a level first") == true, "\(lobby)")
    }

    /// A sweep: after `pause all` the console's rooms still said "playing".
    @Test func theConsolesRoomsSaysWhichArePaused() throws {
        let server = try HangmanFixture.server()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ana.send("start")
        _ = try #require(ana.nextState())
        #expect(admin.text("rooms").contains("— playing"))
        #expect(admin.text("pause \(room)").contains(room))
        let paused = admin.text("rooms")
        #expect(paused.contains("— paused by a teacher") && !paused.contains("— playing"), "\(paused)")
        #expect(admin.text("resume \(room)").contains(room))
        #expect(admin.text("rooms").contains("— playing"))
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
