import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom

/// A student who comes back within the reconnect grace keeps how they read:
/// language, reader mode, colour (a play test: `reader on` and `lang es` were
/// lost on every dropped connection). What the new connection chose before
/// logging in wins; text or JSON belongs to the new connection.
@Suite(.lab) struct ReturningChoicesTests {
    /// Ana, in text mode, reading in Spanish with a screen reader, in a hangman
    /// round with Ben; her connection drops and she logs in again.
    static func anaDropsMidRound(_ server: TestServer) throws -> TestClient {
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        defer { withExtendedLifetime(ben) {} }
        ana.send("lang es")
        ana.send("reader on")
        ana.send("color off")
        ana.send("crear ahorcado fácil prueba-es")
        let room = try #require(ana.waitFor("hangman-")).split(separator: " ").first { $0.hasPrefix("hangman-") }
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".,:")) }
        ben.send("join \(try #require(room))")
        _ = try #require(ben.waitForEvent("room.joined"))
        ana.send("empezar")
        _ = try #require(ben.nextState())
        ana.close()
        _ = try #require(ben.waitForEvent("info") { ($0["text"] as? String)?.contains("Ana") == true })
        return try TestClient(port: server.port)
    }

    @Test func languageReaderModeAndColourComeBackWithTheStudent() throws {
        let server = try HangmanFixture.server()
        let back = try Self.anaDropsMidRound(server)
        _ = try #require(back.waitFor("Name:"))
        back.send("Ana")
        #expect(back.waitFor("¡Hola de nuevo, Ana! Recuperas tu sitio.") != nil, "\(back.transcript)")
        // Her state is read out in Spanish words (reader mode), without colour codes.
        #expect(back.waitFor("hueco") != nil, "\(back.transcript)")
        #expect(!back.transcript.contains("\u{1B}["), "\(back.transcript)")
        // Back in her room: not the lobby's hint to look for a game (a play test).
        #expect(!back.transcript.contains { $0.contains("\"rooms\"") || $0.contains("\"salas\"") }, "\(back.transcript)")
    }

    @Test func whatTheNewConnectionChoseBeforeLoggingInWins() throws {
        let server = try HangmanFixture.server()
        let back = try Self.anaDropsMidRound(server)
        _ = try #require(back.waitFor("Name:"))
        back.send("mode json")
        _ = try #require(back.waitForEvent("mode"))
        back.send("Ana")
        let welcome = try #require(back.waitForEvent("welcome"))
        #expect(welcome["name"] as? String == "Ana")
        // JSON now, as this connection asked; the texts inside still in her Spanish.
        let state = try #require(back.nextState())
        #expect(state["room"] as? String != nil)
        back.send("lang")  // without an argument: its usage line, in her language
        #expect(back.waitForEvent("error")?["message"] as? String == "Uso: idioma en|es", "\(back.transcript)")
    }

    @Test func aLanguageOrReaderModeTypedAtTheNamePromptIsKept() throws {
        let server = try HangmanFixture.server()
        let back = try Self.anaDropsMidRound(server)
        _ = try #require(back.waitFor("Name:"))
        back.send("lang en")
        back.send("reader off")
        back.send("Ana")
        #expect(back.waitFor("Welcome back, Ana! You have your place again.") != nil, "\(back.transcript)")
        // Not read out (reader off), in English; colour stays off as she had it.
        #expect(back.waitFor("Word: _ _ _ _") != nil, "\(back.transcript)")
        #expect(!back.transcript.contains("hueco"))
        #expect(!back.transcript.contains("\u{1B}["), "\(back.transcript)")
    }
}
