import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// The class-challenge defects of the session-8 play test, over TCP and the
/// console: a solve kept after `leave`, the shared clock following
/// `pause`/`extend`, no running clock for a student back after `challenge stop`.
@Suite(.lab) struct LevelChallengeFixesTests {
    /// Ana solves t-02 (three walks) in the challenge she is in.
    static func solve(_ client: TestClient) throws -> [String: Any] {
        client.send("code")
        client.type(["walk();", "walk();", "walk();"])
        client.send(".")
        client.send("submit")
        let result = try #require(client.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        #expect(result["solved"] as? Bool == true)
        _ = client.waitForEvent("level.progress")
        return result
    }

    /// The console's `challenge status` table without the attempt notes that may interleave.
    static func status(_ admin: AdminConsole) -> [String] {
        admin.run("challenge status").filter { !$0.contains(" on t-02: run ") && !$0.contains(" on t-02: submit ") }
    }

    @Test func aSolveIsKeptWhenTheStudentLeavesTheRoom() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = client.waitForEvent("level.opened") }
        let result = try Self.solve(ana)
        let points = try #require(result["points"] as? Int)
        #expect(points > 0)
        ana.send("leave")
        _ = ana.waitForEvent("room.left")

        let status = Self.status(admin)
        #expect(status.joined(separator: "\n").contains("1 of 2 solved"), "\(status)")
        let anaRow = try #require(status.first { $0.contains("Ana") && $0.contains("level-") })
        #expect(anaRow.contains("solved ***"), "\(anaRow)")

        admin.client.send("challenge stop")
        #expect(admin.client.waitFor("Challenge stopped.") != nil)
        // The teacher's copy of the board comes after the prompt: read it to its last row (Ben's).
        #expect(admin.client.waitFor("Class challenge — level t-02") != nil)
        #expect(admin.client.waitFor("Ben") != nil)
        let board = try #require(ana.waitForEvent("leaderboard") { $0["scope"] as? String == "challenge:t-02" })
        let rows = board["rows"] as? [[String: Any]] ?? []
        #expect(rows.first?["name"] as? String == "Ana")
        #expect(rows.first?["points"] as? Int == points)
        _ = ben.waitForEvent("leaderboard")

        server.running.server.store.flush()
        #expect(admin.text("export challenge.csv").contains("2 score rows"))
        let csv = try #require(GradebookTests.exported(server, "challenge.csv"))
        let anaLine = try #require(csv.components(separatedBy: "\r\n").first { $0.contains(",Ana,") })
        #expect(anaLine.contains(",challenge,") && anaLine.contains(",\(points),solved,"), "\(anaLine)")
    }

    /// `class close` ends the class's challenge (a re-play: it ran on past the class,
    /// and the next class's `challenge start` was refused).
    @Test func closingTheClassEndsItsChallenge() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        #expect(admin.text("challenge start t-02 2").contains("started with 1 student"))
        _ = try #require(ana.waitForEvent("level.opened"))
        // `play` does not take her out of the challenge (a re-play: she dropped out in silence).
        ana.send("play t-01")
        let refused = try #require(ana.waitForEvent("error"))
        #expect(refused["code"] as? String == "play_in_challenge")
        #expect((refused["message"] as? String)?.contains("solve it here first") == true)
        let closed = admin.text("class close")
        #expect(closed.contains("The challenge on t-02 ends with the class."), "\(closed)")
        #expect(ana.waitForEvent("level.result") != nil)
        #expect(!admin.text("challenge status").contains("left"))
        _ = try #require(joinCode(in: admin.run("class open 4A")))
        #expect(!admin.text("challenge start t-01 2").contains("already running"))
    }

    /// A two-minute challenge on t-02 with Ana in it, ten seconds in (virtual
    /// clock), after the console's `control` (`pause all`, `extend all 60`).
    static func challengeTenSecondsIn(then control: String) throws -> (TestServer, AdminConsole, TestClient) {
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping,
                                    content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("challenge start t-02 2").contains("started with 1 student"))
        _ = try #require(ana.waitForEvent("level.opened"))
        try server.advance(by: 10)
        #expect(admin.text(control).contains("level-"))
        return (server, admin, ana)
    }

    /// A student who logs in while the teacher has paused the whole class
    /// joins paused, and runs with everyone after `resume all` (the clock ran at once).
    @Test func aLatecomerDuringPauseAllJoinsPaused() throws {
        let (server, admin, ana) = try Self.challengeTenSecondsIn(then: "pause all")
        defer { withExtendedLifetime(ana) {} }

        let dan = try TestClient.loggedInJSON(port: server.port, name: "Dan")
        let opened = try #require(dan.waitForEvent("level.opened"))
        #expect(opened["challenge"] as? Bool == true)
        // Told as paused from the first line (not "the clock is running", then "paused").
        let first = try #require(dan.waitForEvent("timer"))
        #expect(first["paused"] as? Bool == true, "\(first)")
        #expect(dan.waitForEvent("paused") != nil, "\(dan.transcript)")
        try server.advance(by: 60)
        dan.send("time")
        let held = try #require(dan.waitForEvent("timer"))
        #expect(held["paused"] as? Bool == true, "\(held)")
        let left = try #require(held["seconds_left"] as? Int)
        #expect(left >= 105 && left <= 110, "\(held)")  // 120 - 10, not 60 s less
        #expect(admin.text("resume all").contains("level-"))
        #expect(dan.waitForEvent("resumed") != nil)
        #expect(admin.text("challenge stop").contains("Challenge stopped"))
    }

    /// A re-play of the fixes: after `extend all 60` a latecomer was told
    /// "5:47 left on the shared clock" and got the level's 5:00.
    @Test func aLatecomerAfterExtendAllGetsTheSharedClocksTime() throws {
        let (server, admin, ana) = try Self.challengeTenSecondsIn(then: "extend all 60")
        let dan = try TestClient.loggedInJSON(port: server.port, name: "Dan")
        let opened = try #require(dan.waitForEvent("level.opened"))
        // 120 - 10 + 60 = 170 s, as on the shared clock and Ana's.
        #expect(opened["time_limit"] as? Int == 170, "\(opened)")
        // Ana's clock counts against the whole time, extension included: 170 of 180.
        ana.send("time")
        let asked = try #require(ana.waitForEvent("timer") { $0["seconds_left"] as? Int == 170 && $0["time_limit"] as? Int != 120 })
        #expect(asked["time_limit"] as? Int == 180, "\(asked)")
        // The teacher's rows agree: both students on 2:50.
        let rows = Self.status(admin).filter { $0.contains("level-") }
        #expect(rows.count == 2 && rows.allSatisfy { $0.contains(" 2:50 ") }, "\(rows)")
        #expect(admin.text("challenge stop").contains("Challenge stopped"))
    }

    /// Found re-playing the fixes: after the teacher's `challenge stop` an
    /// unsolved student read "Time is up!". The JSON reason stays `time_up`.
    @Test func aStoppedChallengeSaysTheTeacherEndedIt() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        _ = try #require(ana.waitForEvent("level.opened"))
        _ = try #require(ben.waitFor("to solve it"))  // Ben's level is open and its clock runs
        #expect(admin.text("challenge stop").contains("Challenge stopped"))
        let result = try #require(ana.waitForEvent("level.result"))
        #expect(result["reason"] as? String == "time_up")
        #expect(result["message"] as? String == "Your teacher ended the challenge.", "\(result)")
        #expect(ben.waitFor("Your teacher ended the challenge before this level was solved") != nil, "\(ben.transcript)")
        #expect(!ben.transcript.contains { $0.contains("Time is up") })
    }

    @Test func theSharedClockFollowsPauseAndExtend() throws {
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping,
                                    content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = client.waitForEvent("level.opened") }
        try server.advance(by: 10)
        #expect(admin.text("pause all").contains("level-"))
        try server.advance(by: 30)
        #expect(admin.text("extend all 60").contains("level-"))
        #expect(admin.text("resume all").contains("level-"))
        try server.advance(by: 5)

        // 120 - 10 - 5 + 60 = 165 s = 2:45, on the header and on every row.
        let status = Self.status(admin)
        let joined = status.joined(separator: "\n")
        #expect(joined.contains("2:45 left on the shared clock"), "\(joined)")
        let rows = status.filter { $0.contains("level-") }
        #expect(rows.count == 2 && rows.allSatisfy { $0.contains(" 2:45 ") }, "\(joined)")

        // Ana solves; Ben's clock (the shared one) still says how long the challenge runs.
        _ = try Self.solve(ana)
        try server.advance(by: 100)
        #expect(Self.status(admin).joined(separator: "\n").contains("1:05 left on the shared clock"))
        #expect(admin.text("challenge stop").contains("Challenge stopped"))
    }

    @Test func aStudentBackAfterTheStopSeesNoRunningClock() throws {
        let server = try TestServer(virtualClock: true, configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 600
        }, content: LevelTestContent.standard())
        let admin = try server.admin()
        var ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 3").contains("started with 2 students"))
        for client in [ana, ben] { _ = client.waitForEvent("level.opened") }
        _ = try Self.solve(ana)
        ana.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ana")
        try server.advance(by: 20)
        #expect(admin.text("challenge stop").contains("Challenge stopped"))
        _ = ben.waitForEvent("leaderboard")
        try server.advance(by: 20)

        ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        // The challenge's end sent its rooms' students to the lobby (session 10): Ana is
        // told on the way back that her room closed; no clock counts down.
        let told = ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("closed while you were away") }
        #expect((told?["text"] as? String)?.contains("The class challenge is over") == true, "\(String(describing: told))")
        // And the challenge's final leaderboard, which the class saw while she was away.
        let board = try #require(ana.waitForEvent("leaderboard"))
        #expect(board["scope"] as? String == "challenge:t-02", "\(board)")
        let names = (board["rows"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Ana", "Ben"], "\(String(describing: names))")
        ana.send("who")
        let who = try #require(ana.waitForEvent("who"))
        #expect((who["players"] as? [[String: Any]])?.first { $0["name"] as? String == "Ana" }?["room"] is NSNull)
        let timers = ana.transcript.compactMap(TestClient.json).filter { $0["ev"] as? String == "timer" }
        #expect(timers.isEmpty, "\(timers)")
    }
}
