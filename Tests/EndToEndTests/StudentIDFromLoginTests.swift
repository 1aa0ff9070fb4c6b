import Foundation
import Testing
import AulaTestSupport
import AulaGames
import AulaStore
@testable import AulaServer

/// Issue 18: the student's row is resolved before the welcome, so a student
/// has their `studentID` from the first command on, and a class challenge
/// never drops a score for want of one.
@Suite(.lab) struct StudentIDFromLoginTests {
    private func rowID(_ server: TestServer, _ name: String) throws -> Int64? {
        try server.running.server.store.sync { db in try db.group(name: "open").flatMap { try db.student(groupID: $0.id, name: name)?.id } }
    }

    @Test func theWelcomedPlayerAlreadyHasTheirRow() throws {
        let server = try TestServer()
        _ = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        // Read right after the welcome, with no waiting: the row and the id are both there.
        let id = server.running.onLoop { s in s.players.values.first { $0.name == "Ana" }?.studentID } ?? nil
        #expect(id != nil)
        #expect(try rowID(server, "Ana") == id)
    }

    @Test func aStudentWhoSubmitsRightAfterLoginIsSavedAndOnTheClassLeaderboard() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let started = server.running.onLoop { $0.classChallenges?.startChallenge(levelID: "t-02", minutes: 2, startedBy: "T") }
        #expect(try started??.get() == 1)
        _ = try #require(ana.waitForEvent("level.opened"))

        // Dan logs in while it runs and submits at once: no wait for any row.
        let dan = try TestClient.loggedInJSON(port: server.port, name: "Dan")
        _ = try #require(dan.waitForEvent("level.opened"))
        dan.send("code")
        dan.type(["walk();", "walk();", "walk();"])
        dan.send(".")
        dan.send("submit")
        let result = try #require(dan.waitForEvent("level.result"))
        #expect(result["solved"] as? Bool == true)
        let points = try #require(result["points"] as? Int)
        #expect(points > 0)

        let stopped = server.running.onLoop { $0.classChallenges?.stopChallenge() }
        #expect((try? stopped??.get()) != nil)
        let board = try #require(dan.waitForEvent("leaderboard"))
        let rows = board["rows"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["name"] as? String == "Dan" }?["points"] as? Int == points)
        _ = dan.waitForEvent("round.end")

        // Saved: Dan's score is in the database and on the class (group) leaderboard.
        let danID = try #require(try rowID(server, "Dan"))
        let saved = try server.running.server.store.sync { db in
            (try db.query("SELECT points FROM scores WHERE student_id = ?", [.integer(danID)]).map { try $0.int("points") },
             try db.leaderboard(groupID: db.group(name: "open")?.id, game: .level).map { ($0.name, $0.points) })
        }
        #expect(saved.0 == [Int64(points)])
        #expect(saved.1.contains { $0.0 == "Dan" && $0.1 == points })
    }
}
