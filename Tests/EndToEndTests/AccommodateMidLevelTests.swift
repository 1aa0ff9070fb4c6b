import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 11's course play test: `accommodate` given while the student is in a
/// level said "Applied now" and changed nothing there (Sofia untimed still heard
/// "one minute left"; Nico's `time 2` left him 99 s of 150). Virtual clock, over TCP.
@Suite(.lab, .serialized) struct AccommodateMidLevelTests {
    /// Two students on t-01 (120 s) at the same moment.
    static func twoOnALevel(_ name: String = "Sofia") throws -> (TestServer, AdminConsole, TestClient, TestClient) {
        let server = try CourseResetTests.levelServer()
        let admin = try server.admin()
        let a = try TestClient.loggedInJSON(port: server.port, name: name)
        let b = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        for client in [a, b] {
            client.send("play t-01")
            _ = try #require(client.waitForEvent("level.opened"))
            _ = try #require(client.waitForEvent("timer"))  // the opening clock, 120 s
        }
        return (server, admin, a, b)
    }

    static func submitSolution(_ client: TestClient) throws -> [String: Any] {
        client.send("code")
        client.type(Array(repeating: "walk();", count: 4))
        client.send(".")
        client.send("submit")
        return try #require(client.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
    }

    /// `accommodate Sofia untimed` (the guide's short form) mid-level stops her clock
    /// now, told in her language; no announcement and no time-up follow, and the
    /// solve scores what it would have without the change (no points lost).
    @Test func untimedMidLevelStopsTheOpenClock() throws {
        let (server, admin, sofia, ben) = try Self.twoOnALevel()
        sofia.send("lang es")
        _ = sofia.waitForEvent("info")
        try server.advance(by: 30)
        let out = admin.text("accommodate Sofia untimed")
        #expect(out.contains("Applied now"), "\(out)")
        let told = try #require(sofia.waitForEvent("info") { ($0["text"] as? String)?.contains("reloj") == true })
        #expect(told["text"] as? String == "Tu docente ha quitado el reloj de este nivel: tómate tu tiempo.")
        let timer = try #require(sofia.waitForEvent("timer"))
        #expect(timer["seconds_left"] is NSNull, "\(timer)")
        try server.advance(by: 10)
        let sofiaPoints = try #require(try Self.submitSolution(sofia)["points"] as? Int)
        let benPoints = try #require(try Self.submitSolution(ben)["points"] as? Int)
        #expect(sofiaPoints == benPoints, "Sofia \(sofiaPoints), Ben \(benPoints)")
        // Past the level's 120 s: Ben's clock would have run out; Sofia's says nothing more.
        sofia.send("leave")
        _ = sofia.waitForEvent("room.left")
        sofia.send("play t-01")
        _ = try #require(sofia.waitForEvent("level.opened"))
        let fresh = try #require(sofia.waitForEvent("timer"))
        #expect(fresh["seconds_left"] is NSNull, "the next level is untimed too: \(fresh)")
    }

    /// Nothing is announced and time never runs out after `untimed` mid-level.
    @Test func noClockSpeaksAfterUntimed() throws {
        let (server, admin, sofia, _) = try Self.twoOnALevel()
        try server.advance(by: 30)
        _ = admin.run("accommodate Sofia time untimed")
        _ = try #require(sofia.waitForEvent("timer") { $0["seconds_left"] is NSNull })
        try server.advance(by: 200)
        sofia.send("time")
        let asked = try #require(sofia.waitForEvent("timer"))
        #expect(asked["seconds_left"] is NSNull, "\(asked)")
        #expect(!sofia.transcript.contains { $0.contains("\"time_up\"") }, "\(sofia.transcript.suffix(6))")
        let result = try Self.submitSolution(sofia)
        #expect(result["solved"] as? Bool == true, "\(result)")
    }

    /// `accommodate Nico time 2` after 51 s of 120: the whole becomes 240 as if given
    /// from the start (189 s left), told; the time bonus is unchanged (a classmate who
    /// solves at the same moment scores the same).
    @Test func moreTimeMidLevelStretchesTheOpenClock() throws {
        let (server, admin, nico, ben) = try Self.twoOnALevel("Nico")
        try server.advance(by: 51)
        let out = admin.text("accommodate Nico time 2")
        #expect(out.contains("Applied now"), "\(out)")
        _ = try #require(nico.waitForEvent("info") { ($0["text"] as? String) == "Your teacher gave you more time on this level." })
        let timer = try #require(nico.waitForEvent("timer"))
        #expect(timer["seconds_left"] as? Int == 189, "\(timer)")
        #expect(timer["time_limit"] as? Int == 240, "\(timer)")
        try server.advance(by: 9)
        let nicoPoints = try #require(try Self.submitSolution(nico)["points"] as? Int)
        let benPoints = try #require(try Self.submitSolution(ben)["points"] as? Int)
        #expect(nicoPoints == benPoints, "accommodated \(nicoPoints), Ben \(benPoints)")
        // And past the old 120 s the stretched clock still runs.
        nico.send("leave")
        _ = nico.waitForEvent("room.left")
    }

    /// Taking time away mid-level waits for the next level, and the console says so
    /// rather than "Applied now".
    @Test func lessTimeMidLevelWaitsForTheNextLevel() throws {
        let server = try CourseResetTests.levelServer()
        let admin = try server.admin()
        let sofia = try TestClient.loggedInJSON(port: server.port, name: "Sofia")
        _ = admin.run("accommodate Sofia time 2")
        sofia.send("play t-01")
        _ = try #require(sofia.waitForEvent("level.opened"))
        _ = try #require(sofia.waitForEvent("timer"))  // the opening clock, 240 s
        try server.advance(by: 10)
        let out = admin.text("accommodate Sofia off")
        #expect(out.contains("Sofia is playing t-01: that level keeps its clock"), "\(out)")
        sofia.send("time")
        let timer = try #require(sofia.waitForEvent("timer") { $0["time_limit"] != nil })
        #expect(timer["seconds_left"] as? Int == 230, "\(timer)")
    }

    /// Session 12: during a class challenge the level keeps the shared clock whatever
    /// the change (the guide), and the console says so instead of "Applied now".
    @Test func aChangeDuringAClassChallengeWaitsAndTheConsoleSaysSo() throws {
        let server = try CourseResetTests.levelServer()
        let admin = try server.admin()
        let sofia = try TestClient.loggedInJSON(port: server.port, name: "Sofia")
        _ = admin.run("challenge start t-01 2")
        _ = try #require(sofia.waitForEvent("level.opened"))
        for value in ["untimed", "time 2"] {
            let out = admin.text("accommodate Sofia \(value)").replacingOccurrences(of: "\n  ", with: " ")
            #expect(!out.contains("Applied now"), "\(value): \(out)")
            #expect(out.contains("Sofia is playing t-01: that level keeps its clock"), "\(value): \(out)")
        }
        sofia.send("time")
        let timer = try #require(sofia.waitForEvent("timer") { $0["time_limit"] != nil })
        #expect(timer["time_limit"] as? Int == 120, "the shared clock: \(timer)")
    }
}
