import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Session 11's play test of joining and rejoining a class challenge, over TCP
/// and the console (each failed on the old code): lines pasted right after
/// joining wait for the room; a student back on a new connection is one row,
/// with their extensions and time-bonus whole; the clock's marks follow the
/// shared clock; `challenge status` says "kicked" and "away"; `pause all`
/// does not call a solved room a problem.
@Suite(.lab, .serialized) struct ChallengeRejoinTests {
    /// The error codes and event names a client read after `from` lines of its transcript.
    static func errors(_ client: TestClient, after from: Int = 0) -> [String] {
        client.transcript.dropFirst(from).compactMap(TestClient.json)
            .filter { $0["ev"] as? String == "error" }.compactMap { $0["code"] as? String }
    }

    static func rows(_ admin: AdminConsole, _ name: String) -> [String] {
        LevelChallengeFixesTests.status(admin).filter { $0.contains(" \(name) ") || $0.hasPrefix("  \(name)") }
    }

    /// `leave`, then `play t-02`, `code`, a program, `.`, `run` pasted at once:
    /// "The level is still opening" for `code` and `run`, the program lost.
    @Test func aProgramPastedWithPlayBackIntoTheChallengeRunsInOrder() throws {
        let server = try ReplayFixes10Tests.levelServer()
        let (admin, _, ben) = try ReplayFixes10Tests.challengeOfTwo(server)
        ben.send("leave")
        _ = try #require(ben.waitForEvent("info") { ($0["text"] as? String ?? "").contains("class challenge") })
        let mark = ben.transcript.count
        ben.sendRaw(Array("play t-02\ncode\nwalk();\nwalk();\n.\nrun\nwho\n".utf8))
        _ = try #require(ben.waitForEvent("who"))
        let events = LinesInOrderTests.events(ben)
        let after = Array(ben.transcript.dropFirst(mark).compactMap(TestClient.json).compactMap { $0["ev"] as? String })
        #expect(Self.errors(ben, after: mark).isEmpty, "\(Self.errors(ben, after: mark))")
        let opened = try #require(after.firstIndex(of: "level.opened"), "\(after)")
        let run = try #require(after.firstIndex(of: "level.result"), "\(after)")
        #expect(opened < run, "\(after)")
        #expect(after.filter { $0 == "level.code_line" }.count == 2, "\(after)")
        #expect(events.contains("who"))
        _ = admin.run("challenge stop")
    }

    /// A latecomer who pastes the login and their first program: the same.
    @Test func aLatecomerPastingTheirProgramWithTheLoginKeepsIt() throws {
        let server = try ReplayFixes10Tests.levelServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("challenge start t-02 2").contains("started with 1 student"))
        _ = try #require(ana.waitForEvent("level.opened"))
        let fer = try TestClient(port: server.port)
        _ = try #require(fer.waitFor("Name:"))
        fer.sendRaw(Array("mode json\nFer\ncode\nwalk();\n.\nrun\nwho\n".utf8))
        _ = try #require(fer.waitForEvent("who"))
        let events = LinesInOrderTests.events(fer)
        #expect(Self.errors(fer).isEmpty, "\(Self.errors(fer))")
        let opened = try #require(events.firstIndex(of: "level.opened"), "\(events)")
        let run = try #require(events.firstIndex(of: "level.result"), "\(events)")
        #expect(opened < run, "\(events)")
        #expect(events.filter { $0 == "level.code_line" }.count == 1, "\(events)")
        _ = admin.run("challenge stop")
    }

    /// `kick Ben`, `unkick Ben`, Ben logs in again: a second row ("left it" and
    /// "working"), twice on the leaderboard, and a bigger time bonus (the
    /// `extend all 60` before the kick counted as his speed).
    @Test func aKickedStudentBackHasOneRowAndNoExtraBonus() throws {
        let server = try ReplayFixes10Tests.levelServer(virtualClock: true)
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        var ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        // Cris keeps the challenge going while Ben is out of it.
        let cris = try TestClient.loggedInJSON(port: server.port, name: "Cris")
        #expect(admin.text("challenge start t-02 2").contains("started with 3 students"))
        for client in [ana, ben, cris] { _ = try #require(client.waitForEvent("level.opened")) }
        try server.advance(by: 10)
        #expect(admin.text("extend all 60").contains("60"))
        try server.advance(by: 10)
        ben.send("code")
        ben.type(["walk();"])
        ben.send(".")
        ben.send("run")
        _ = try #require(ben.waitForEvent("level.result"))
        let first = try #require(try LevelChallengeFixesTests.solve(ana)["points"] as? Int)
        #expect(admin.text("kick Ben testing").contains("Ben"))
        let kicked = Self.rows(admin, "Ben")
        #expect(kicked.count == 1 && kicked[0].contains("kicked"), "\(kicked)")
        #expect(admin.text("unkick Ben").contains("Ben"))
        ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let opened = try #require(ben.waitForEvent("level.opened"))
        #expect(opened["challenge"] as? Bool == true, "\(opened)")
        let back = Self.rows(admin, "Ben")
        // One row, working again, its run kept.
        #expect(back.count == 1 && back[0].contains("working") && back[0].contains(" 1 "), "\(back)")
        try server.advance(by: 5)
        let later = try #require(try LevelChallengeFixesTests.solve(ben)["points"] as? Int)
        #expect(later < first, "Ben \(later) after 25 s, Ana \(first) after 20 s")
        // Cris, in the challenge all along, solves at the same moment: the same points.
        let stayed = try #require(try LevelChallengeFixesTests.solve(cris)["points"] as? Int)
        #expect(later == stayed, "Ben \(later), Cris \(stayed)")
        // Everyone solved: the leaderboard has each student once.
        let board = try #require(ana.waitForEvent("leaderboard") { $0["scope"] as? String == "challenge:t-02" })
        let names = ((board["rows"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["Ana", "Ben", "Cris"], "\(board)")
        // The saved round too: one score per student (the export had two rows for Ben).
        #expect(admin.text("export chal.csv").contains("written"))
        let csv = try String(contentsOf: server.directory.appendingPathComponent("exports/chal.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\r\n").map(String.init).filter { $0.contains(",level,challenge,") }
        #expect(rows.filter { $0.contains(",Ben,") }.count == 1, "\(rows)")
        #expect(rows.count == 3, "\(rows)")
    }

    /// A student back after the reconnect grace, on a 2-minute challenge with
    /// 1:58 left, heard "half time: 59 seconds left" and never "one minute left";
    /// while dropped, `challenge status` called them "working".
    @Test func aStudentBackAfterTheGraceFollowsTheSharedClock() throws {
        let server = try TestServer(virtualClock: true, configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 1
        }, content: LevelTestContent.standard())
        var (admin, ana, ben) = try ReplayFixes10Tests.challengeOfTwo(server)
        ben.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ben")
        let away = Self.rows(admin, "Ben")
        #expect(away.count == 1 && away[0].contains("away"), "\(away)")
        try server.advance(by: 2)
        ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        _ = try #require(ben.waitForEvent("level.opened"), "\(ben.transcript)")
        #expect(Self.rows(admin, "Ben").count == 1, "\(Self.rows(admin, "Ben"))")
        for _ in 0..<6 { try server.advance(by: 10) }
        _ = ben.waitForEvent("timer") { $0["seconds_left"] as? Int == 60 }
        let said = ben.transcript.compactMap(TestClient.json)
            .filter { $0["ev"] as? String == "timer" }.compactMap { $0["seconds_left"] as? Int }
        #expect(said.contains(60) && !said.contains(59), "\(said)")
        _ = admin.run("challenge stop")
        _ = ana.waitForEvent("leaderboard")
    }

    /// `pause all` in a challenge where Ana solved: "Nothing to pause in: level-1".
    @Test func pauseAllDoesNotListSolvedRooms() throws {
        let server = try ReplayFixes10Tests.levelServer()
        let (admin, ana, ben) = try ReplayFixes10Tests.challengeOfTwo(server)
        _ = try LevelChallengeFixesTests.solve(ana)
        let paused = admin.text("pause all")
        #expect(paused.contains("Paused") || paused.contains("paused"), "\(paused)")
        #expect(!paused.contains("Nothing to pause"), "\(paused)")
        _ = try #require(ben.waitForEvent("paused"))
        let extended = admin.text("extend all 30")
        #expect(!extended.contains("No clock to extend"), "\(extended)")
        let resumed = admin.text("resume all")
        #expect(!resumed.contains("Nothing to resume"), "\(resumed)")
        _ = admin.run("challenge stop")
    }
}
