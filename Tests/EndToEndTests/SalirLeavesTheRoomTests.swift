import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom

/// `salir` (Spanish "to leave") typed in a room disconnected the student in the
/// middle of a lesson (play tests, sessions 9 and 10). Inside a room it now
/// leaves the room; in the lobby it is `quit`, as before. Failed on the old code.
@Suite(.lab) struct SalirLeavesTheRoomTests {
    @Test func salirInARoomLeavesItAndInTheLobbyDisconnects() throws {
        let server = try TestServer(content: LessonSupport.content, games: { server in HangmanGame.register(server, seed: 42) })
        let (room, ana, ben) = try PlayTestQuizTests.hangmanRoom(server)
        ana.send("lang es")
        ana.send("salir")
        let left = try #require(ana.waitForEvent("room.left"))
        #expect(left["room"] as? String == room)
        let told = try #require(ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("salir") })
        #expect(told["text"] as? String == "Has salido de \(room) y estás en la entrada. Para desconectarte, escribe salir aquí.")
        #expect(ben.waitForEvent("room.left") { $0["player"] as? String == "Ana" } != nil)
        // Still connected, in the lobby.
        ana.send("who")
        #expect(ana.waitForEvent("who") != nil)
        // In the lobby, salir says goodbye.
        ana.send("salir")
        #expect(ana.waitForClose())
    }
}
