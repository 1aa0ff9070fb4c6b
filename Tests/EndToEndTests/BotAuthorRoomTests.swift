import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom

/// The session 12 bot author's findings in hangman and quiz rooms. Each test
/// failed on the code before its fix.
@Suite(.lab) struct BotAuthorRoomTests {
    /// Back in a hangman room between rounds: only `welcome` and `room.joined`
    /// came, no `hangman.state` and nothing about who starts the next round.
    @Test func backInAHangmanRoomBetweenRoundsGetsTheRoomsState() throws {
        let server = try HangmanFixture.server { $0.reconnectGrace = 60 }
        defer { server.stop() }
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ana.send("start")
        _ = try #require(ana.nextState())
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        _ = try #require(ana.waitForEvent("round.end"))
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("join \(room)")
        _ = try #require(ben.waitForEvent("room.joined"))

        ben.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ben")
        let back = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        _ = try #require(back.waitForEvent("room.joined"))
        let state = try #require(back.nextState(), "\(back.transcript)")
        #expect(state["room"] as? String == room)
        let next = try #require(back.waitForEvent("info"), "\(back.transcript)")
        #expect((next["text"] as? String ?? "").contains("The host (Ana) can type start for another round."), "\(next)")

        // The host hears it in the second person.
        ana.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ana")
        let host = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        _ = try #require(host.nextState(), "\(host.transcript)")
        let yours = try #require(host.waitForEvent("info"))
        #expect((yours["text"] as? String ?? "").contains("Type start when you want another round."), "\(yours)")
    }
}
