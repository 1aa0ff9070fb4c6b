import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
import AulaStore

/// Session 11: after a kill -9 the returning students are told the truth (a round
/// still being played was not saved), including a student who stayed online across
/// `class close`/`class open`; the teachers' console says it too.
@Suite(.lab) struct UncleanRestartTests {
    @Test(.slow) func aStudentOnlineAcrossAReopenedClassIsToldTheRoundWasLost() throws {
        let started = Date().timeIntervalSince1970 - 1
        let first = try TestServer()
        let admin = try first.admin()
        let url = first.directory.appendingPathComponent("roster.csv")
        try "name,pin\nAna,1234\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(admin.text("roster import 3B \(url.path)").contains("imported"))
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: first.port, name: "Ana", code: code, pin: "1234")
        // Ana stays online while the class is closed and opened again.
        _ = admin.run("class close")
        let again = try #require(joinCode(in: admin.run("class open 3B")))
        ana.send("who")
        _ = ana.waitForEvent("who")
        first.stop()
        ana.close()
        // What a killed server leaves: its PID and start time still in the lock file.
        try "999999\n\(started)\n".write(toFile: DatabaseLock.lockPath(forDatabase: first.databasePath), atomically: false, encoding: .utf8)

        let log = LogCapture()
        let second = try TestServer(logOutput: log, configure: { config in
            config.databasePath = first.databasePath
            config.contentDirectory = first.directory.path
            config.logLevel = .warn
        })
        defer { second.stop() }
        let back = try TestClient.loggedInClass(port: second.port, name: "Ana", code: again, pin: "1234")
        let told = back.waitForEvent("info") { ($0["text"] as? String)?.contains("restarted") == true }
        let text = told?["text"] as? String ?? ""
        #expect(text.contains("was not saved"), "\(back.transcript)")
        #expect(!text.contains("points and progress are kept"))
        #expect(log.lines.joined().contains("server.unclean_stop"), "\(log.lines)")
        let console = try AdminConsole(second)
        #expect(console.client.transcript.joined(separator: "\n").contains("the previous server stopped without saving"), "\(console.client.transcript)")
        // The same in Spanish.
        #expect(Catalog.shared.text(Phrase("class.restored_rooms_lost", []), .es).contains("no se guardó"))
        #expect(Catalog.shared.text(Phrase("admin.restart.unsaved", []), .es).contains("se detuvo sin guardar"))
    }

    @Test func theLockTellsAnUncleanStopFromACleanOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("aula.sqlite").path
        let clean = try DatabaseLock(databasePath: db)
        #expect(!clean.previousRunStoppedUncleanly)
        clean.release()
        let next = try DatabaseLock(databasePath: db)
        #expect(!next.previousRunStoppedUncleanly && next.previousRunStartedAt == nil)
        next.release()
        try "4242\n1700000000.5\n".write(toFile: DatabaseLock.lockPath(forDatabase: db), atomically: false, encoding: .utf8)
        let afterKill = try DatabaseLock(databasePath: db)
        #expect(afterKill.previousRunStoppedUncleanly)
        #expect(afterKill.previousRunStartedAt == 1_700_000_000.5)
        afterKill.release()
    }
}
