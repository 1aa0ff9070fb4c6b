import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 10 play test (a Spanish class, one student on a screen reader):
/// a race read aloud says the word in a line after each guess, keeps the
/// standings for milestones and `estado`, never says "type a letter" once
/// the word is done, and the host is spoken to in the second person.
@Suite(.lab, .slow, .serialized) struct RoomsPlayTest10Tests {
    @Test func aRaceReadAloudIsShortAndTheHostIsToldInTheSecondPerson() throws {
        let server = try HangmanFixture.server()
        let lucia = try TestClient.loggedIn(port: server.port, name: "Lucia")
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        lucia.send("lang es")
        #expect(lucia.waitFor("español") != nil)
        lucia.send("lector sí")
        #expect(lucia.waitFor("Modo lector activado") != nil)
        lucia.send("crear ahorcado carrera fácil prueba-es")
        // The host is not told to wait for themselves.
        #expect(lucia.waitFor("Diriges esta sala: escribe empezar cuando quieras.") != nil)
        ben.send("join hangman-1")
        #expect(ben.waitFor("Waiting for the host (Lucia) to type start.") != nil)
        lucia.send("estado")
        #expect(lucia.waitFor("Diriges esta sala") != nil)
        lucia.send("empezar")
        #expect(lucia.waitFor("Carrera, quedan") != nil)   // the start is a milestone (reader mode: no dash read aloud)
        #expect(ben.waitFor("Race on: type a letter") != nil)
        // Lucía's guess: the result, then the word said compactly; no standings.
        lucia.send("g")
        let word = try #require(lucia.waitFor("La palabra tiene 4 letras"))
        #expect(word.contains("huecos") || word.contains("hueco"))
        #expect(!word.contains("hueco, hueco"))
        // A classmate's letter is not read to her; `estado` reads the standings.
        ben.send("z")
        #expect(ben.waitFor("Race on: type a letter") != nil)
        lucia.send("estado")
        #expect(lucia.waitFor("Tienes 8 de 8 vidas.") != nil)
        #expect(lucia.waitFor("Carrera, quedan") != nil)
        let standings = lucia.transcript.filter { $0.contains("Carrera, quedan") }
        #expect(standings.count == 2, "\(lucia.transcript)")
        #expect(!lucia.transcript.contains { $0.contains("Horca de") })
        // She completes the word: told so in the second person, and to wait, not to type a letter.
        for letter in ["a", "t", "o"] { lucia.send(letter) }
        // Her win first, then to wait (session 11: the other way round).
        #expect(lucia.waitFor("¡Has completado la palabra!") != nil)
        #expect(lucia.waitFor("Has terminado: espera al resto") != nil)
        #expect(ben.waitFor("Lucia completed the word!") != nil)
        let afterGo = lucia.transcript.drop { !$0.contains("Has terminado") }
        #expect(!afterGo.contains { $0.contains("escribe una letra") })
        // Ben finishes: the round ends; the host is invited, the others told who starts.
        for letter in ["g", "a", "t", "o"] { ben.send(letter) }
        #expect(ben.waitFor("The host (Lucia) can type start for another round.", timeout: 8) != nil)
        #expect(lucia.waitFor("Escribe empezar cuando quieras otra ronda.", timeout: 8) != nil)
        #expect(!lucia.transcript.contains { $0.contains("Quien dirige la sala (Lucia)") })
        // Leaving: the one who leaves reads it in the second person, the others in the third.
        lucia.send("abandonar")
        #expect(lucia.waitFor("Has salido de la sala hangman-1.") != nil)
        #expect(ben.waitFor("left room hangman-1.") != nil)
    }
}
