import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 16 over TCP: suggestions in the student's own language, Spanish
/// help with Spanish sub-words, leaderboard titles and `modo texto`.
@Suite(.lab) struct StudentLanguageTests {
    @Test func clearInEnglishIsNeverOfferedCrearAndSpanishGetsSpanish() throws {
        let server = try TestServer()
        let client = try TestClient.loggedInJSON(port: server.port, name: "Robot")
        client.send("clear")
        let english = client.waitForEvent("error")
        #expect(english?["code"] as? String == "unknown_command")
        #expect((english?["message"] as? String)?.contains("crear") == false)
        client.send("lang es")
        _ = client.waitForEvent("info")
        client.send("cear")
        let spanish = client.waitForEvent("error")
        #expect((spanish?["message"] as? String)?.contains("\"crear\"") == true)
        client.send("jion")
        let noEnglish = client.waitForEvent("error")
        #expect((noEnglish?["message"] as? String)?.contains("\"join\"") == false)
    }

    @Test func theSpanishHelpAndLeaderboardSpeakSpanish() throws {
        let server = try TestServer()
        let client = try TestClient.loggedIn(port: server.port, name: "Sofia")
        client.send("idioma es")
        #expect(client.waitFor("Idioma: español.") != nil)
        client.send("ayuda")
        #expect(client.waitFor("crear ahorcado [carrera] [fácil|medio|difícil] [mazo]") != nil)
        client.send("ranking ahorcado")
        #expect(client.waitFor("Clasificación — open — ahorcado") != nil)
        client.send("modo texto")
        #expect(client.waitFor("Modo texto activado.") != nil)
    }
}
