import Foundation
import Testing
import AulaTestSupport
import AulaStore

@Suite(.lab) struct ShutdownTests {
    @Test func gracefulShutdownTellsEveryoneAndLeavesAHealthyDatabase() throws {
        let server = try TestServer()
        let a = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let b = try TestClient.loggedIn(port: server.port, name: "Ben")
        a.send("who")
        _ = a.waitForEvent("who")
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(a.waitForEvent("shutdown")?["seconds"] as? Int == 0)
        #expect(b.waitFor("closing") != nil)
        #expect(a.waitForClose())
        let db = try Database(path: server.databasePath)
        defer { db.close() }
        #expect(try db.integrityCheck() == "ok")
        // Both students were stored at their first login.
        let count = try db.scalar("SELECT COUNT(*) FROM students")
        #expect(count == .integer(2))
    }

    /// Ctrl-C on the server: the teacher at the console is told and let go too.
    @Test func theAdminConsoleIsToldWhenTheServerStops() throws {
        let server = try TestServer()
        let admin = try server.admin()
        _ = try TestClient.loggedIn(port: server.port, name: "Ana")
        server.stop()
        #expect(admin.client.waitFor("shutting down") != nil)
        #expect(admin.client.waitForClose())
    }
}

