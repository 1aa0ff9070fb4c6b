import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12 over TCP (Spanish, reader mode): the level said "léelo ya con:
/// apuntes sequence", and `apuntes girar` — the title the screen showed —
/// answered "No hay ningún apunte «girar»".
@Suite(.lab) struct NoteNamesEndToEndTests {
    @Test func spanishNamesAndTitlesOpenNotesAndTheLevelSaysTheSpanishName() throws {
        let server = try TestServer(configure: {
            $0.contentDirectory = ClassPeriodTests.shippedContent
            $0.language = .es
        })
        defer { server.stop() }
        let sofia = try TestClient(port: server.port)
        #expect(sofia.waitFor("Nombre:") != nil)
        sofia.send("lector sí")
        sofia.send("Sofía")
        #expect(sofia.waitFor("Hola") != nil)
        sofia.send("jugar w1-01")
        #expect(sofia.waitFor("apuntes secuencias") != nil, "\(sofia.transcript)")
        #expect(!sofia.transcript.contains { $0.contains("apuntes sequence") })
        for name in ["secuencias", "sequence", "Los programas son secuencias", "SECUENCIAS"] {
            sofia.send("apuntes \(name)")
            #expect(sofia.waitFor("Un programa es una lista") != nil, "\(name): \(sofia.transcript.suffix(5))")
        }
        // A later note by its Spanish name is known, only still locked.
        sofia.send("apuntes girar")
        #expect(sofia.waitFor("sigue bloqueado") != nil, "\(sofia.transcript.suffix(5))")
    }
}
