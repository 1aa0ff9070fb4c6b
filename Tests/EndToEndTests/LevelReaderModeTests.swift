import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 10's play test through TCP, in reader mode: `around` after `step`
/// describes Ada where the step left her (it described the start), in compass
/// words; a failed `submit` says its verdict before any board.
@Suite(.lab) struct LevelReaderModeTests {
    /// Lines said since `mark` (an index into the transcript).
    static func said(_ client: TestClient, since mark: Int) -> [String] {
        Array(client.transcript[mark...])
    }

    @Test func aroundAfterStepDescribesWhereAdaIsNowInEnglish() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { withExtendedLifetime(server) {} }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("reader on")
        ana.send("play t-01")
        #expect(ana.waitFor("120 seconds to solve it") != nil)
        ana.send("code")
        ana.send("walk();")
        ana.send("turnRight();")
        ana.send(".")
        #expect(ana.waitFor("Editor closed: 2 lines") != nil)
        ana.send("step")
        #expect(ana.waitFor("Line 1: walk(). Ada is in row 2, column 3, facing east.") != nil)
        ana.send("around")
        #expect(ana.waitFor("Ada is in row 2, column 3, facing east.") != nil)
        #expect(ana.waitFor("From Ada, the goal is 3 columns east.") != nil)
        ana.send("step")
        #expect(ana.waitFor("Line 2: turnRight(). Ada is in row 2, column 3, facing south.") != nil)
        ana.send("around")
        #expect(ana.waitFor("Ada is in row 2, column 3, facing south.") != nil)
        #expect(ana.waitFor("Ada cannot walk ahead: right in front of her is wall.") != nil)
        #expect(ana.waitFor("Left: floor. Right: floor. Behind: wall.") != nil)
        #expect(ana.waitFor("From Ada, the goal is 3 columns east.") != nil)
        #expect(ana.waitFor("This is where the last run stopped; run and step start again from the beginning.") != nil)
        // `board` says the same place.
        ana.send("board")
        #expect(ana.waitFor("Where the last run stopped (run and step start again from the beginning):") != nil)
        #expect(ana.waitFor("Ada is in row 2, column 3, facing south.") != nil)
        // Changing the program starts over: Ada is back at the start.
        ana.send("del 2")
        ana.send("around")
        #expect(ana.waitFor("Ada is in row 2, column 2, facing east.") != nil)
    }

    /// The play tester's own sequence, in Spanish.
    @Test func alrededorTrasPasoDiceDondeEstaAdaAhora() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { withExtendedLifetime(server) {} }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("lang es")
        ana.send("lector sí")
        ana.send("jugar t-01")
        #expect(ana.waitFor("tienes 120 segundos") != nil)
        ana.send("limpiar")
        ana.send("código")
        ana.send("turnRight();")
        ana.send(".")
        #expect(ana.waitFor("Editor cerrado: 1 línea") != nil)
        ana.send("paso")
        #expect(ana.waitFor("Línea 1: turnRight(). Ada está en la fila 2, columna 2, mirando al sur.") != nil)
        #expect(ana.waitFor("El programa terminó antes de cumplir todos los objetivos.") != nil)
        let mark = ana.transcript.count
        ana.send("alrededor")
        #expect(ana.waitFor("Aquí se detuvo la última ejecución") != nil)
        let said = Self.said(ana, since: mark)
        #expect(said.contains { $0.contains("Desde Ada, la meta está 4 columnas al este.") }, "\(said)")
        #expect(said.contains { $0.contains("Ada está en la fila 2, columna 2, mirando al sur.") }, "\(said)")
        #expect(said.contains { $0.contains("A la izquierda: suelo. A la derecha: pared. Detrás: pared.") }, "\(said)")
        #expect(!said.contains { $0.contains("mirando al este") || $0.contains("columnas a la derecha") }, "\(said)")
    }

    @Test func aFailedSubmitSaysTheVerdictBeforeTheBoard() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { withExtendedLifetime(server) {} }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("lang es")
        ana.send("lector sí")
        ana.send("jugar t-01")
        #expect(ana.waitFor("tienes 120 segundos") != nil)
        ana.send("código")
        ana.send("walk();")
        ana.send(".")
        let mark = ana.transcript.count
        ana.send("entregar")
        #expect(ana.waitFor("Escribe tablero para oír el tablero entero, fila a fila.") != nil)
        let said = Self.said(ana, since: mark)
        let verdict = try #require(said.firstIndex { $0.contains("Todavía no: tu programa no resolvió el nivel.") }, "\(said)")
        let stopped = try #require(said.firstIndex { $0.contains("Dónde se detuvo la ejecución:") }, "\(said)")
        #expect(verdict < stopped)
        #expect(said[stopped...].contains { $0.contains("Ada está en la fila 2, columna 3, mirando al este.") })
        #expect(!said.contains { $0.hasPrefix("Fila ") }, "\(said)")
    }

    /// Drawn boards come after the verdict too.
    @Test func aFailedSubmitOfSeveralLayoutsSaysTheVerdictFirstInText() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { withExtendedLifetime(server) {} }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("play t-rand")
        #expect(ana.waitFor("2:00") != nil)
        ana.send("code")
        ana.send("walk();")
        ana.send(".")
        let mark = ana.transcript.count
        ana.send("submit")
        #expect(ana.waitFor("Where the run stopped on that layout:") != nil)
        let said = Self.said(ana, since: mark)
        let verdict = try #require(said.firstIndex { $0.contains("Not yet: your program solved") }, "\(said)")
        let failed = try #require(said.firstIndex { $0.contains("This layout is where your program failed") }, "\(said)")
        #expect(verdict < failed)
    }
}
