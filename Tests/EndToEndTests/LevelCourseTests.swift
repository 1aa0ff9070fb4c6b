import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Issue 14 over TCP: statements for stars, programs kept across reopening
/// and reconnecting, the C/Java choice kept, attempts told to teachers, the
/// real best at time-up.
@Suite(.lab) struct LevelCourseTests {
    /// A corridor of ten tiles where a loop is the lesson: par 2, submit accepts 6.
    static let loopLevel = """
        {"id": "t-loop", "title": "Ten tiles", "summary": "Use a loop.",
         "board": ["#############", "#..........G#", "#############"], "ada": {"row": 1, "col": 1, "facing": "E"},
         "goal": ["reach_goal"], "time_limit": 300, "max_statements": 6, "par_statements": 2,
         "commands": ["walk", "repeat"], "xp_required": 0, "xp_reward": 5}
        """

    static func content() -> [String: String] {
        var files = LevelTestContent.standard()
        files["Levels/w1/t-loop.json"] = loopLevel
        return files
    }

    @Test func aOneLinerGetsTheRightStarsAndTeachersSeeEveryAttempt() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelCourseTests.content())
        let teacher = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-loop")
        #expect(ana.waitForEvent("level.opened")?["max_statements"] as? Int == 6)
        ana.send("code")
        ana.type([String(repeating: "walk(); ", count: 10)])
        // A room command typed in the editor is not added.
        ana.send("submit")
        let looks = try #require(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("looks like a command") == true })
        #expect((looks["text"] as? String)?.contains("type . first") == true)
        // `play` with a level id (its dash is no code) is a command too (session 9).
        ana.send("play t-01")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("looks like a command") == true } != nil)
        ana.send(".")
        ana.send("list")
        let listing = try #require(ana.waitForEvent("level.code"))
        #expect(listing["count"] as? Int == 1)
        #expect(listing["statements"] as? Int == 10)

        // Ten walks on one line: 10 statements, over the limit for submit ...
        ana.send("submit")
        let refused = try #require(ana.waitForEvent("error"))
        #expect(refused["code"] as? String == "too_many_statements")
        #expect(teacher.client.waitFor("Ana on t-loop: submit not solved — more statements than allowed (10 statements).") != nil)
        // ... but run works, for practice.
        ana.send("run")
        let ran = try #require(ana.waitForEvent("level.result"))
        #expect(ran["solved"] as? Bool == true && ran["statements"] as? Int == 10)
        #expect(teacher.client.waitFor("Ana on t-loop: run solved (10 statements).") != nil)

        // The loop: 2 statements, par 2, three stars.
        ana.send("clear")
        _ = ana.waitForEvent("level.code")
        ana.send("code")
        ana.type(["repeat (10) {", "    walk();", "}"])
        ana.send(".")
        ana.send("submit")
        let solved = try #require(ana.waitForEvent("level.result"))
        #expect(solved["solved"] as? Bool == true)
        #expect(solved["statements"] as? Int == 2)
        #expect(solved["stars"] as? Int == 3)

        // The attempts are in the database, in order.
        let attempts = try server.store { db -> [String] in
            guard let id = try db.group(name: Server.openGroup).flatMap({ try db.student(groupID: $0.id, name: "Ana") })?.id
            else { return [] }
            return try db.levelAttempts(studentID: id, levelID: "t-loop").map { "\($0.kind) \($0.ok) \($0.result) \($0.statements)" }
        }
        #expect(attempts == ["submit false too_many_statements 10", "run true solved 10", "submit true solved 2"])

        // The teacher's console: the grid, the program, a private hint.
        let progress = teacher.text("progress")
        #expect(progress.contains("t-loop"), "\(progress)")
        let anaRow = progress.split(separator: "\n").first { $0.hasPrefix("Ana ") && !$0.contains(" on ") }.map(String.init) ?? ""
        #expect(anaRow.contains("✓3"), "\(progress)")
        let code = teacher.text("code Ana")
        #expect(code.contains("Ana's program for t-loop (in the editor now; group open):"), "\(code)")
        #expect(code.contains("1 | repeat (10) {") && code.contains("3 | }"), "\(code)")
        #expect(teacher.text("hint Ana Try a loop").contains("Hint sent to Ana."))
        #expect(ana.waitForEvent("info") { ($0["text"] as? String) == "Hint from your teacher: Try a loop." } != nil)
        ana.send("leave")
        _ = ana.waitForEvent("room.left")
        let kept = teacher.text("code Ana t-loop")
        #expect(kept.contains("Ana's program for t-loop (kept; group open):") && kept.contains("2 |     walk();"), "\(kept)")
        #expect(teacher.text("progress Nobody").contains("error:"))
    }

    /// Two students called Ana in two groups (session 9, a teacher's week: `code Ana`
    /// showed one of them without saying which, and `code 3A/Ana` was refused).
    @Test func codeTellsTwoStudentsOfOneNameApart() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelCourseTests.content())
        let teacher = try server.admin()
        try server.store { db in
            for (group, program) in [("3A", "walk();"), ("3B", "repeat (10) {")] {
                let g = try db.ensureGroup(name: group, at: 0)
                let ana = try db.ensureStudent(groupID: g, name: "Ana", at: 0)
                try db.keepLevelProgram(studentID: ana, levelID: "t-loop", source: program, at: 1)
            }
        }
        #expect(teacher.text("code Ana").contains("error:"), "which Ana: no class is open")
        let a = teacher.text("code 3A/Ana t-loop")
        #expect(a.contains("Ana's program for t-loop (kept; group 3A):") && a.contains("1 | walk();"), "\(a)")
        let b = teacher.text("code 3b/Ana")
        #expect(b.contains("(kept; group 3B):") && b.contains("1 | repeat (10) {"), "\(b)")
        // With 3B's class open, plain `code Ana` is 3B's Ana, and says so.
        _ = teacher.run("class open 3B")
        #expect(teacher.text("code Ana").contains("(kept; group 3B):"))
    }

    @Test func aProgramAndTheJavaChoiceSurviveReopeningTheLevelAndAReconnect() throws {
        let server = try TestServer(configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 0.3
        }, content: LevelCourseTests.content())
        var ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = ana.waitForEvent("level.opened")
        ana.send("lang java")
        _ = ana.waitForEvent("info")
        ana.send("code")
        ana.type(["walk();", "walk();"])
        ana.send(".")
        ana.send("leave")
        _ = ana.waitForEvent("room.left")

        // Reopened: the program is back (and listed), and Java is still the choice.
        ana.send("play t-01")
        let restored = try #require(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("from last time is back") == true })
        #expect((restored["text"] as? String)?.contains("2 lines") == true)
        let listing = try #require(ana.waitForEvent("level.code"))
        #expect((listing["lines"] as? [[String: Any]])?.map { $0["text"] as? String } == ["walk();", "walk();"])
        ana.send("code")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("ada.walk();") == true } != nil)

        // A line more, then the connection drops with the editor open; the grace runs out.
        ana.type(["turnLeft();"])
        ana.close()
        Thread.sleep(forTimeInterval: 0.8)
        ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        let back = try #require(ana.waitForEvent("level.code"))
        #expect((back["lines"] as? [[String: Any]])?.map { $0["text"] as? String } == ["walk();", "walk();", "turnLeft();"])

        // clear starts over: nothing comes back next time.
        ana.send("clear")
        _ = ana.waitForEvent("level.code")
        ana.send("leave")
        _ = ana.waitForEvent("room.left")
        ana.send("play t-01")
        _ = ana.waitForEvent("level.opened")
        ana.send("list")
        #expect(ana.waitForEvent("level.code")?["count"] as? Int == 0)
    }

    @Test func timeUpShowsTheRealBest() throws {
        var files = LevelTestContent.fast
        files["Levels/w1/fast.json"] = LevelTestContent.level(id: "fast", board: "#....G#", timeLimit: 3, xpRequired: 0)
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping, content: files)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play fast")
        _ = ana.waitForEvent("level.opened")
        ana.send("code")
        ana.type(["repeat (4) { walk(); }"])
        ana.send(".")
        ana.send("submit")
        let solved = try #require(ana.waitForEvent("level.result"))
        let points = try #require(solved["points"] as? Int)
        #expect(points > 100)
        _ = ana.waitForEvent("round.end")
        ana.send("leave")
        _ = ana.waitForEvent("room.left")
        ana.send("play fast")
        _ = ana.waitForEvent("level.opened")
        try server.advance(by: 3)  // the 3-second clock, in virtual time
        let end = try #require(ana.waitForEvent("round.end", timeout: 8))
        #expect(end["outcome"] as? String == "time_up")
        #expect((end["leaderboard"] as? [[String: Any]])?.first?["points"] as? Int == points)
    }
}
