import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// `rooms` lists the rooms a student may join (session 9: in a class challenge
/// every classmate's one-player level room filled the list, and `join` refused
/// each one). Levels with watchers off are counted, not listed.
@Suite(.lab) struct UnlistedRoomsTests {
    @Test func aLevelOfOnesOwnIsCountedUntilItsPlayerLetsOthersWatch() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("play t-01")
        let room = try #require(ana.waitForEvent("level.opened")?["room"] as? String)

        ben.send("rooms")
        let hidden = try #require(ben.waitForEvent("rooms"))
        #expect((hidden["rooms"] as? [Any])?.isEmpty == true)
        #expect(hidden["total"] as? Int == 0)
        #expect(hidden["unlisted"] as? Int == 1)

        ana.send("set watchers on")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("may now join your room") == true } != nil)
        ben.send("rooms")
        let shown = try #require(ben.waitForEvent("rooms"))
        #expect((shown["rooms"] as? [[String: Any]])?.compactMap { $0["room"] as? String } == [room])
        #expect(shown["unlisted"] as? Int == 0)

        ana.send("set watchers off")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("Nobody else may join") == true } != nil)
        ben.send("rooms")
        #expect(ben.waitForEvent("rooms")?["unlisted"] as? Int == 1)
        // Ana's own level is not a classmate's.
        ana.send("rooms")
        #expect(ana.waitForEvent("rooms")?["unlisted"] as? Int == 0)
    }

    @Test(arguments: [false, true]) func textSaysHowManyAreNotListed(spanish: Bool) throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard()
            .merging(["Decks/words/prueba-es.json": HangmanFixture.deck]) { a, _ in a })
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        if spanish { ben.send("lang es") }
        ana.send("play t-01")
        _ = ana.waitForEvent("level.opened")
        ben.send("rooms")
        let none = try #require(ben.waitFor(spanish ? "No hay salas a las que unirse" : "No rooms to join"))
        #expect(none.contains(spanish ? "1 persona de la clase está en un nivel a solas" : "1 classmate is on a level of their own"))
        cy.send("create hangman")
        _ = cy.waitForEvent("room.joined")
        ben.send("rooms")
        #expect(ben.waitFor(spanish ? "Salas (1):" : "Rooms (1):") != nil)
        #expect(ben.waitFor(spanish ? "Sin listar: 1 sala de nivel" : "Not listed: 1 level room whose player works alone.") != nil)
    }
}
