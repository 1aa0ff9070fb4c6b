import Foundation
import Testing
import AulaTestSupport

@Suite(.lab) struct RoomTests {
    @Test func createJoinChatAndCloseWhenEmpty() throws {
        let server = try TestServer()
        let host = try TestClient.loggedInJSON(port: server.port, name: "Host")
        let guest = try TestClient.loggedInJSON(port: server.port, name: "Guest")
        let outsider = try TestClient.loggedInJSON(port: server.port, name: "Outsider")
        host.send("create echo")
        let created = host.waitForEvent("room.joined")
        #expect(created?["kind"] as? String == "echo")
        #expect(created?["players"] as? [String] == ["Host"])
        let room = created?["room"] as? String ?? "?"
        guest.send("rooms")
        let rooms = guest.waitForEvent("rooms")?["rooms"] as? [[String: Any]]
        #expect(rooms?.first?["room"] as? String == room)
        #expect(rooms?.first?["players"] as? Int == 1)
        guest.send("unirse \(room)")
        #expect(host.waitForEvent("room.joined")?["players"] as? [String] == ["Host", "Guest"])
        // Room chat stays in the room.
        guest.send("say inside")
        #expect(host.waitForEvent("chat")?["room"] as? String == room)
        outsider.send("say outside")
        #expect(outsider.waitForEvent("chat")?["text"] as? String == "outside")
        // Bare input goes to the game.
        host.send("echo: hi")
        #expect(guest.waitForEvent("chat") { $0["from"] as? String == "Host" }?["text"] as? String == "echo: hi")
        // Joining while playing makes you a spectator.
        host.send("start")
        outsider.send("join \(room)")
        let watching = outsider.waitForEvent("room.joined")
        #expect(watching?["spectator"] as? Bool == true)
        outsider.send("leave")
        #expect(outsider.waitForEvent("room.left") != nil)
        // The host leaves: the guest becomes host; the guest leaves: the room closes.
        host.send("leave")
        #expect(guest.waitForEvent("info") { ($0["text"] as? String)?.contains("Guest is now the host") == true } != nil)
        guest.send("leave")
        #expect(guest.waitForEvent("room.left") != nil)
        outsider.send("rooms")
        #expect((outsider.waitForEvent("rooms")?["rooms"] as? [Any])?.isEmpty == true)
    }

    @Test func refusalsInRooms() throws {
        let server = try TestServer()
        let a = try TestClient.loggedInJSON(port: server.port, name: "Ada")
        a.send("create chess")
        #expect(a.waitForEvent("error")?["code"] as? String == "unknown_game")
        a.send("create echo bad")
        #expect(a.waitForEvent("error")?["code"] as? String == "unknown_game")
        a.send("join nowhere")
        #expect(a.waitForEvent("error")?["code"] as? String == "no_such_room")
        a.send("leave")
        #expect(a.waitForEvent("error")?["code"] as? String == "not_in_room")
        a.send("create")
        #expect(a.waitForEvent("error")?["code"] as? String == "missing_argument")
        a.send("create eco")
        #expect(a.waitForEvent("room.joined") != nil)
        a.send("create echo")
        #expect(a.waitForEvent("error")?["code"] as? String == "already_in_room")
    }
}
