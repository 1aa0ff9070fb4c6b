import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 10 play test, the lobby side: help for a room's command asked in
/// the lobby, names in a stable order, the class code typed as a name, and
/// the line students read when the class closes.
@Suite(.lab, .slow, .serialized) struct RoomsPlayTest10LobbyTests {
    @Test func helpForARoomCommandFromTheLobbyExplainsIt() throws {
        let server = try TestServer()
        let sofia = try TestClient.loggedIn(port: server.port, name: "Sofia")
        sofia.send("color off")
        #expect(sofia.waitFor("Colour off") != nil)
        sofia.send("idioma es")
        #expect(sofia.waitFor("Idioma: español.") != nil)
        sofia.send("ayuda empezar")
        #expect(sofia.waitFor("«empezar» funciona dentro de una sala") != nil)
        #expect(sofia.waitFor("Nombres: empezar") != nil)
        sofia.send("ayuda campana")
        #expect(sofia.waitFor("«campana» funciona dentro de una sala") != nil)
        // The usage's own name first, then the others in the table's order.
        sofia.send("ayuda borrar")
        #expect(sofia.waitFor("Nombres: borrar; también en inglés: del, delete") != nil)
        sofia.send("ayuda crear")
        #expect(sofia.waitFor("crear ahorcado [carrera]") != nil)
        sofia.send("ayuda nadadenada")
        #expect(sofia.waitFor("nadadenada") != nil)
        #expect(!sofia.transcript.contains { $0.contains("«nadadenada» funciona") })
        // A screen reader hears the syntax in words.
        sofia.send("lector sí")
        #expect(sofia.waitFor("Modo lector activado") != nil)
        sofia.send("ayuda crear")
        #expect(sofia.waitFor("crear ahorcado carrera (opcional) fácil, medio o difícil (opcional)") != nil)
    }

    @Test func goingStraightIntoAnotherLevelPrintsNoLobbyPrompt() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        #expect(ana.waitForEvent("level.opened") != nil)
        ana.send("play t-rand")
        let left = try #require(ana.waitForEvent("room.left"))
        #expect(left["player"] as? String == "Ana")
        #expect(ana.waitForEvent("level.opened") != nil)
        let moved = ana.transcript.drop { !$0.contains("\"room.left\"") }
        #expect(!moved.contains { $0.contains("\"ev\":\"prompt\"") }, "\(Array(moved))")
        // Leaving for the lobby still shows its prompt.
        ana.send("leave")
        #expect(ana.waitForEvent("prompt") != nil)
    }

    @Test func extendSaysWhoGaveTheTimeBeforeTheNewTime() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        #expect(ana.waitForEvent("level.opened") != nil)
        #expect(admin.text("extend all 60").contains("60"))
        _ = try #require(ana.waitForEvent("timer") { ($0["seconds_left"] as? Int ?? 0) > 120 })
        let lines = ana.transcript
        let told = lines.lastIndex { $0.contains("60 more seconds") }
        let time = lines.lastIndex { $0.contains("\"ev\":\"timer\"") }
        if let told, let time { #expect(told < time, "\(lines.suffix(6))") } else { Issue.record("\(lines.suffix(6))") }
    }

    @Test func theClassCodeIsNotANameAndClosingTheClassSaysWhatNext() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient(port: server.port)
        #expect(ana.waitFor("Name:") != nil)
        ana.send(code)
        #expect(ana.waitFor("That is the class code, not a name.") != nil)
        #expect(ana.waitFor("Name:") != nil)
        ana.send("Ana")
        #expect(ana.waitFor("code") != nil)
        ana.send(code)
        #expect(ana.waitFor("Ana") != nil)
        #expect(admin.text("class close").contains("closed"))
        #expect(ana.waitFor("Your teacher closed the class 3B") != nil)
    }
}
