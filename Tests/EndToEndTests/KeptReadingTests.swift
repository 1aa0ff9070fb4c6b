import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12 (a blind student in Spanish, reader mode on, 40 columns): after
/// a server restart reader mode was gone and nothing said so. How a student
/// reads is kept with them in the database, like the C/Java choice.
@Suite(.lab) struct KeptReadingTests {
    @Test(.slow) func readerModeLanguageAndWidthComeBackAfterARestart() throws {
        let first = try TestServer()
        let sofia = try TestClient.loggedIn(port: first.port, name: "Sofía")
        sofia.send("idioma es")
        #expect(sofia.waitFor("Idioma: español") != nil)
        sofia.send("lector sí")
        #expect(sofia.waitFor("Modo lector activado") != nil)
        sofia.send("ancho 40")
        #expect(sofia.waitFor("40 columnas") != nil)
        // Luis turns reader mode on at the Name: prompt, before logging in.
        let luis = try TestClient(port: first.port)
        #expect(luis.waitFor("Name:") != nil)
        luis.send("reader on")
        #expect(luis.waitFor("Reader mode on") != nil)
        luis.send("Luis")
        #expect(luis.waitFor("Luis") != nil)
        luis.send("who")
        #expect(luis.waitFor("Sofía") != nil)
        sofia.close()
        luis.close()
        first.stop()

        let second = try TestServer(configure: { config in
            config.databasePath = first.databasePath
            config.contentDirectory = first.directory.path
        })
        defer { second.stop() }
        let back = try TestClient(port: second.port)
        #expect(back.waitFor("Name:") != nil)
        back.send("Sofía")
        let kept = back.waitFor("modo lector sigue activado")
        #expect(kept != nil, "\(back.transcript)")
        let lines = back.transcript.joined(separator: "\n")
        #expect(lines.contains("Hola"), "\(lines)")
        // Reader mode: no colour escapes; the typed width: no line past 40 columns.
        #expect(!lines.contains("\u{1B}["), "\(lines)")
        let welcomeOn = back.transcript.drop { !$0.contains("Hola") }
        #expect(welcomeOn.allSatisfy { $0.count <= 40 }, "\(welcomeOn)")

        let luisBack = try TestClient(port: second.port)
        #expect(luisBack.waitFor("Name:") != nil)
        luisBack.send("Luis")
        #expect(luisBack.waitFor("Reader mode is on, as you left it") != nil, "\(luisBack.transcript)")
    }

    @Test func aChoiceAtThePromptWinsOverTheKeptOneAndIsKept() throws {
        let server = try TestServer(configure: { $0.reconnectGrace = 0.2 })
        defer { server.stop() }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("reader on")
        #expect(ana.waitFor("Reader mode on") != nil)
        ana.close()
        // Past the reconnect grace the kept choice still stands, and the prompt's choice wins.
        Thread.sleep(forTimeInterval: 0.6)
        let again = try TestClient(port: server.port)
        #expect(again.waitFor("Name:") != nil)
        again.send("reader off")
        #expect(again.waitFor("Reader mode off") != nil)
        again.send("Ana")
        #expect(again.waitFor("Ana") != nil)
        again.send("who")
        #expect(again.waitFor("Ana") != nil)
        #expect(!again.transcript.contains { $0.contains("as you left it") }, "\(again.transcript)")
    }
}
