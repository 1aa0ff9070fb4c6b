import Foundation
import Testing
import AulaTestSupport
import AulaStore
@testable import AulaServer

/// Session 11's course play test, the console's `reset NAME [LEVEL]`: points are not
/// counted twice, one level can be cleared, the open level closes, the grid starts
/// fresh. Over TCP and the console; each failed on the old code.
@Suite(.lab, .serialized) struct CourseResetTests {
    static func levelServer() throws -> TestServer {
        try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
    }

    /// Opens `level` and solves it (t-01: four steps; t-02: three); returns the result.
    static func solve(_ client: TestClient, _ level: String) throws -> [String: Any] {
        client.send("play \(level)")
        _ = try #require(client.waitForEvent("level.opened"))
        client.send("clear")  // a kept program comes back when the level opens again
        client.send("code")
        client.type(Array(repeating: "walk();", count: level == "t-01" ? 4 : 3))
        client.send(".")
        client.send("submit")
        let result = try #require(client.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        #expect(result["solved"] as? Bool == true, "\(result)")
        _ = client.waitForEvent("level.progress")
        return result
    }

    static func levelPoints(_ server: TestServer, _ name: String) throws -> Int {
        try server.store { db in
            try db.leaderboard(groupID: nil, game: .level, limit: 20).first { $0.name == name }?.points ?? 0
        }
    }

    static func studentID(_ server: TestServer, _ name: String) throws -> Int64 {
        try server.store { db in try #require(try AdminStudentLookup.id(db, name)) }
    }

    /// After `reset Sofia`, re-solving a level added its whole score again (624 → 834);
    /// a re-solve now adds only an improvement, as a replay without a reset does.
    @Test func aReSolveAfterAResetDoesNotCountThePointsTwice() throws {
        let server = try Self.levelServer()
        let admin = try server.admin()
        let sofia = try TestClient.loggedInJSON(port: server.port, name: "Sofia")
        let first = try #require(try Self.solve(sofia, "t-01")["points"] as? Int)
        #expect(first > 0)
        #expect(try Self.levelPoints(server, "Sofia") == first)
        #expect(admin.text("reset Sofia").contains("Level progress of Sofia"))
        let told = try #require(sofia.waitForEvent("info") { ($0["text"] as? String)?.contains("restarted") == true })
        #expect(told["text"] as? String == "Your teacher restarted your level progress: the map starts again (the points you earned stay).")
        // The map starts again: no XP, t-02 locked.
        let id = try Self.studentID(server, "Sofia")
        #expect(try server.store { db in try db.xp(studentID: id) } == 0)
        // The same solve again (the same moment on the virtual clock: the same score).
        let again = try #require(try Self.solve(sofia, "t-01")["points"] as? Int)
        #expect(again == first)
        #expect(try Self.levelPoints(server, "Sofia") == first, "counted twice")
        #expect(try server.store { db in try db.xp(studentID: id) } == 10)
        // The export summary agrees.
        let summary = try server.store { db in try db.exportSummary(groupName: nil) }
        #expect(summary.first { $0.student == "Sofia" }?.level == first, "\(summary)")
    }

    /// `reset Nico w2-05` was read as a student called "Nico w2-05": one level can be cleared.
    @Test func oneLevelCanBeReset() throws {
        let server = try Self.levelServer()
        let admin = try server.admin()
        let nico = try TestClient.loggedInJSON(port: server.port, name: "Nico")
        _ = try Self.solve(nico, "t-01")
        _ = try Self.solve(nico, "t-02")
        nico.send("leave")
        _ = nico.waitForEvent("room.left")
        let out = admin.text("reset Nico t-02")
        #expect(out.contains("Level t-02 of Nico"), "\(out)")
        let id = try Self.studentID(server, "Nico")
        #expect(try server.store { db in try db.levelProgress(studentID: id).map(\.levelID) } == ["t-01"])
        #expect(try server.store { db in try db.levelAttempts(studentID: id).map(\.levelID) }.allSatisfy { $0 == "t-01" })
        let told = try #require(nico.waitForEvent("info") { ($0["text"] as? String)?.contains("t-02") == true })
        #expect(told["text"] as? String == "Your teacher restarted level t-02 for you: solve it again (the points you earned stay).")
        // A level id that does not exist: the usage's level form is named.
        let unknown = admin.text("reset Nico w9-99")
        #expect(unknown.contains("reset NAME LEVEL"), "\(unknown)")
        #expect(admin.text("help reset").contains("reset NAME [LEVEL]"))
    }

    /// Botty was reset while in w2-02 and then solved it at 0 XP ("+10 XP"): the open level
    /// closes, told; the grid's old attempts go (they looked like struggle).
    @Test func aResetClosesTheOpenLevelAndTheGridStartsFresh() throws {
        let server = try Self.levelServer()
        let admin = try server.admin()
        let botty = try TestClient.loggedInJSON(port: server.port, name: "Botty")
        _ = try Self.solve(botty, "t-01")
        botty.send("play t-02")
        _ = try #require(botty.waitForEvent("level.opened"))
        botty.send("code")
        botty.type(["turnLeft();"])
        botty.send(".")
        botty.send("submit")
        _ = try #require(botty.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        let out = admin.run("reset Botty")
        #expect(out.contains { $0.contains("Botty was playing that level in level-") }, "\(out)")
        let left = try #require(botty.waitForEvent("room.left"))
        #expect((left["message"] as? String ?? "").contains("Your teacher closed it: level t-02 starts again"), "\(left)")
        botty.send("submit")
        #expect(botty.nextErrorCode() != nil)
        botty.send("play t-02")
        #expect(botty.nextErrorCode() == "level_locked")
        let id = try Self.studentID(server, "Botty")
        #expect(try server.store { db in try db.levelAttempts(studentID: id) }.isEmpty)
    }
}

/// A student's id by name (the tests' one group).
enum AdminStudentLookup {
    static func id(_ db: Database, _ name: String) throws -> Int64? {
        try db.query("SELECT id FROM students WHERE name = ?", [.text(name)]).first?.int("id")
    }
}
