import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// A restart in the middle of a lesson (a play test, session 12): `kick Lucía 15
/// shouting` and `accommodate José Ñúñez time 2` were dropped by it — Lucía logged
/// straight back in, José's level clock was 2:00, not 4:00. SPEC §12: a kicked
/// student "cannot log in again until then". Both are kept in the database.
@Suite(.lab) struct KeptHoldsTests {
    @Test(.slow) func kicksAndAccommodationsSurviveARestart() throws {
        let first = try TestServer()
        let admin = try first.admin()
        let lucia = try TestClient.loggedIn(port: first.port, name: "Lucía")
        let jose = try TestClient.loggedIn(port: first.port, name: "José Ñúñez")
        #expect(admin.text("kick Lucía 15 shouting").contains("Lucía was removed"))
        #expect(lucia.waitForClose())
        #expect(admin.text("accommodate José Ñúñez time 2").contains("José Ñúñez"))
        first.stop()
        withExtendedLifetime(jose) {}

        let second = try TestServer(configure: { config in
            config.databasePath = first.databasePath
            config.contentDirectory = first.directory.path
        })
        defer { second.stop() }
        let again = try TestClient(port: second.port)
        #expect(again.waitFor("Name:") != nil)
        again.send("Lucía")
        // Before a login the text is wrapped for 40 columns (a sentence may span lines): read it as one.
        #expect(again.waitFor("Name:") != nil)
        let refused = again.transcript.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(refused.contains("removed you from the server") && refused.contains("in 15 minutes")
                && refused.contains("shouting"), "\(again.transcript.suffix(6))")
        #expect(second.running.onLoop { $0.rememberedAccommodations[NameRules.key("José Ñúñez")] } == 2.0)

        // `unkick` lifts it in the database too; so does a cleared accommodation: a third start has neither.
        try second.addTeacher("lopez")
        let console = try AdminConsole(second, teacher: "lopez")
        #expect(console.text("unkick Lucía").contains("Lucía"))
        #expect(console.text("accommodate José Ñúñez time off").contains("José Ñúñez"))
        second.stop()
        let third = try TestServer(configure: { config in
            config.databasePath = first.databasePath
            config.contentDirectory = first.directory.path
        })
        defer { third.stop() }
        let back = try TestClient.loggedIn(port: third.port, name: "Lucía")
        #expect(third.running.onLoop { $0.rememberedAccommodations.isEmpty } == true)
        withExtendedLifetime(back) {}
    }
}
