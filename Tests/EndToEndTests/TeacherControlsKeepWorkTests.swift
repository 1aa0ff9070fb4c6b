import Foundation
import Testing
import AulaTestSupport
import AulaStore
@testable import AulaServer

/// Session 12's play test of every teacher control with a class (each failed on
/// the old code): `shutdown` and `room close` mid-round end the round as `skip`
/// does (saved, points kept) instead of losing it; `skip` ends an untimed
/// level; a skipped challenge try stays over after `leave` and `play`; `reset`
/// leaves a challenge room open; a paused level refuses the editor's lines.
@Suite(.lab, .serialized) struct TeacherControlsKeepWorkTests {
    /// Ana and Ben in a hangman round where whoever has the turn hit `g` (10 points).
    /// Returns the room, the clients and the name of the one who scored.
    static func hangmanRoundWithAHit(_ server: TestServer) throws -> (String, TestClient, TestClient, String) {
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        _ = try #require(ana.waitForEvent("room.joined") { ($0["players"] as? [String])?.count == 2 })
        ana.send("start")
        let turn = try #require(ana.nextState()?["turn"] as? String)
        _ = ben.nextState()
        // Every word of the test deck has a g.
        (turn == "Ana" ? ana : ben).send("g")
        _ = try #require(ben.nextState())
        return (room, ana, ben, turn)
    }

    /// Every score of the saved rounds of `game`: (name, points, outcome).
    static func scores(_ db: Database, game: String) throws -> [(String, Int64, String)] {
        try db.query("""
            SELECT st.name AS name, s.points AS points, s.outcome AS outcome FROM scores s
            JOIN rounds r ON r.id = s.round_id JOIN students st ON st.id = s.student_id
            WHERE r.game = ? ORDER BY st.name
            """, [.text(game)]).map { (try $0.string("name"), try $0.int("points"), try $0.string("outcome")) }
    }

    /// `shutdown now` with a hangman round and a quiz being played: both are
    /// saved (the round `skipped` with its points, the quiz with its answers) before
    /// the database closes. It said "Your results are saved" and saved neither.
    @Test func aShutdownSavesTheRoundAndTheQuizBeingPlayed() throws {
        let server = try LessonSupport.server()
        let admin = try server.admin()
        let (_, ana, _, scorer) = try Self.hangmanRoundWithAHit(server)
        let (_, quizClients) = try QuizSupport.room(server, deck: "short", names: ["Cy", "Dee"])
        quizClients[0].send("start")
        for client in quizClients { _ = try #require(client.waitForEvent("quiz.question")) }
        quizClients[1].send("1")
        _ = try #require(quizClients[1].waitForEvent("info") { ($0["text"] as? String)?.contains("Answer to question 1") == true })
        admin.client.send("shutdown now")
        #expect(ana.waitForEvent("shutdown") != nil)
        #expect(ana.waitForClose())
        server.stop()
        let db = try Database(path: server.databasePath)
        defer { db.close() }
        let hangman = try Self.scores(db, game: "hangman")
        #expect(hangman.map(\.0) == ["Ana", "Ben"], "\(hangman)")
        #expect(hangman.allSatisfy { $0.2 == "skipped" }, "\(hangman)")
        #expect(hangman.first { $0.0 == scorer }?.1 == 10, "\(hangman)")
        #expect(try Self.scores(db, game: "quiz").map(\.0) == ["Cy", "Dee"])
        #expect(try db.scalarInt("SELECT COUNT(*) FROM quiz_answers") == 1)
    }

    /// The graceful stop of Ctrl-C/SIGTERM (`RunningServer.stop`) saves the round too.
    @Test func aSignalStopSavesTheRoundBeingPlayed() throws {
        let server = try LessonSupport.server()
        let (_, _, _, scorer) = try Self.hangmanRoundWithAHit(server)
        server.stop()
        let db = try Database(path: server.databasePath)
        defer { db.close() }
        let hangman = try Self.scores(db, game: "hangman")
        #expect(hangman.count == 2 && hangman.first { $0.0 == scorer }?.1 == 10, "\(hangman)")
    }

    /// `room close` mid-round: the round is saved as `skip` saves it, the students
    /// read that their points are kept, the console that it was saved.
    @Test func roomCloseMidRoundKeepsThePoints() throws {
        let server = try LessonSupport.server()
        let admin = try server.admin()
        let (room, _, ben, scorer) = try Self.hangmanRoundWithAHit(server)
        let said = admin.text("room close \(room)")
        #expect(said.contains("saved, with the points so far"), "\(said)")
        #expect(!said.contains("not saved"), "\(said)")
        let left = try #require(ben.waitForEvent("room.left"))
        #expect((left["message"] as? String ?? "").contains("points from it are kept"), "\(left)")
        let hangman = try server.store { db in try Self.scores(db, game: "hangman") }
        #expect(hangman.allSatisfy { $0.2 == "skipped" } && hangman.count == 2, "\(hangman)")
        #expect(hangman.first { $0.0 == scorer }?.1 == 10, "\(hangman)")
    }

    /// `accommodate Sara untimed` mid-level, then `skip`: the attempt ends as
    /// `time_up` (it was told "moved on" and her next submit was judged).
    @Test func skipEndsAnUntimedLevel() throws {
        let server = try LessonSupport.server(virtualClock: true)
        let admin = try server.admin()
        let sara = try TestClient.loggedInJSON(port: server.port, name: "Sara")
        sara.send("play tick")
        let room = try #require(sara.waitForEvent("level.opened")?["room"] as? String)
        #expect(admin.text("accommodate Sara untimed").contains("Sara"))
        _ = try #require(sara.waitForEvent("timer") { $0["seconds_left"] is NSNull })
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        let ended = try #require(sara.waitForEvent("level.result"))
        #expect(ended["reason"] as? String == "time_up", "\(ended)")
        sara.send("submit")
        #expect(sara.nextErrorCode() == "time_up")
    }

    /// A class challenge on t-01 (no XP needed, so practice can open) with Ana and Ben.
    static func challengeOnT01(_ server: TestServer) throws -> (AdminConsole, TestClient, TestClient) {
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-01 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = try #require(client.waitForEvent("level.opened")) }
        return (admin, ana, ben)
    }

    /// `skip` of Ben's challenge room, then `leave` and `play t-01`: he got a fresh
    /// challenge room on the shared clock. Now the level opens as practice, said so;
    /// his row stays out of time; the refusal names the level; "Time is up" once.
    @Test func aSkippedChallengeTryStaysOver() throws {
        let server = try ReplayFixes10Tests.levelServer(virtualClock: true)
        let (admin, _, ben) = try Self.challengeOnT01(server)
        let room = try #require(ben.transcript.compactMap(TestClient.json)
            .first { $0["ev"] as? String == "level.opened" }?["room"] as? String)
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        #expect(ben.waitForEvent("level.result")?["reason"] as? String == "time_up")
        ben.send("submit")
        let refusal = try #require(ben.waitForEvent("error"))
        #expect(refusal["code"] as? String == "time_up")
        #expect((refusal["message"] as? String ?? "").contains("play t-01"), "\(refusal)")
        ben.send("leave")
        _ = try #require(ben.waitForEvent("room.left"))
        ben.send("play t-01")
        let opened = try #require(ben.waitForEvent("level.opened"))
        #expect(opened["challenge"] as? Bool == false, "\(opened)")
        #expect(ben.transcript.contains { $0.contains("does not count in the challenge") })
        let rows = ChallengeRejoinTests.rows(admin, "Ben")
        #expect(rows.count == 1 && !rows[0].contains("working"), "\(rows)")
        // The end of the challenge reaches no second challenge room of his: one time-up.
        _ = admin.run("challenge stop")
        _ = try #require(ben.waitForEvent("leaderboard") { $0["scope"] as? String == "challenge:t-01" })
        let timeUps = ben.transcript.compactMap(TestClient.json)
            .filter { $0["ev"] as? String == "level.result" && $0["reason"] as? String == "time_up" }
        #expect(timeUps.count == 1, "\(timeUps)")
    }

    /// `reset Ana t-01` while the class challenge on t-01 runs and Ana has solved it:
    /// her challenge room stays open (it was closed).
    @Test func resetDuringAChallengeLeavesItsRoomOpen() throws {
        let server = try ReplayFixes10Tests.levelServer()
        let (admin, ana, _) = try Self.challengeOnT01(server)
        ana.send("code")
        ana.type(Array(repeating: "walk();", count: 4))
        ana.send(".")
        ana.send("submit")
        let solved = try #require(ana.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        #expect(solved["solved"] as? Bool == true, "\(solved)")
        let said = admin.text("reset Ana t-01")
        #expect(!said.contains("room is closed"), "\(said)")
        #expect(ana.waitForEvent("room.left", timeout: 0.5) == nil)
        ana.send("time")
        #expect(ana.waitForEvent("error", timeout: 0.5)?["code"] as? String != "not_in_room")
        _ = admin.run("challenge stop")
    }

    /// `code`, then `pause`: lines typed into the open editor were taken and `.`
    /// closed it. Now each is refused with `paused`, the editor stays open, and the
    /// lines go in after `resume`.
    @Test func aPausedLevelRefusesEditorLines() throws {
        let server = try LessonSupport.server(virtualClock: true)
        let admin = try server.admin()
        let eve = try TestClient.loggedInJSON(port: server.port, name: "Eve")
        eve.send("play tick")
        let room = try #require(eve.waitForEvent("level.opened")?["room"] as? String)
        eve.send("code")
        _ = try #require(eve.waitForEvent("prompt") { $0["kind"] as? String == "code_line" })
        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        _ = try #require(eve.waitForEvent("paused"))
        #expect(LessonSupport.refusedWhilePaused(eve, ["hit();", "walk();", "."]))
        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))
        eve.send("walk();")
        let line = try #require(eve.waitForEvent("level.code_line"))
        #expect(line["n"] as? Int == 1 && line["text"] as? String == "walk();", "\(line)")
        eve.send(".")
        eve.send("list")
        let code = try #require(eve.waitForEvent("level.code"))
        let lines = (code["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(lines == ["walk();"], "\(code)")
    }
}
