import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// Session 10's last play tests (a re-play of the day's fixes, a new teacher's
/// first lesson), over TCP and the console. Each failed on the old code.
@Suite(.lab, .serialized) struct ReplayFixes10Tests {
    static func levelServer(virtualClock: Bool = false) throws -> TestServer {
        try TestServer(virtualClock: virtualClock, configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
    }

    /// Ana and Ben in a class challenge on t-02, both rooms open.
    static func challengeOfTwo(_ server: TestServer) throws -> (AdminConsole, TestClient, TestClient) {
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = try #require(client.waitForEvent("level.opened")) }
        return (admin, ana, ben)
    }

    /// `run` then `around` pasted together answered `around` from the start, then
    /// the run; `run` and `submit` together gave `judge_busy`.
    @Test func linesAfterARunWaitForItsAnswer() throws {
        let server = try Self.levelServer()
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Bot")
        bot.sendRaw(Array("play t-01\ncode\nwalk();\nwalk();\n.\nrun\naround\nsubmit\nwho\n".utf8))
        #expect(bot.waitForEvent("who") != nil)
        let events = LinesInOrderTests.events(bot)
        let run = try #require(events.firstIndex(of: "level.result"))
        let around = try #require(events.firstIndex(of: "level.around"))
        #expect(run < around, "\(events)")
        #expect(!bot.transcript.contains { $0.contains("judge_busy") }, "\(bot.transcript.suffix(6))")
        #expect(events.filter { $0 == "level.result" }.count == 2, "\(events)")
    }

    /// A class challenge that ends sends everyone back to the lobby (they sat in finished
    /// level rooms: `quiz host` reached only those who had left); `challenge stop` after
    /// it ended by itself says so instead of "no challenge is running".
    @Test func aFinishedChallengeSendsTheClassToTheLobby() throws {
        let server = try Self.levelServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("challenge start t-02 2").contains("started with 1 student"))
        _ = try #require(ana.waitForEvent("level.opened"))
        _ = try LevelChallengeFixesTests.solve(ana)
        _ = try #require(ana.waitForEvent("leaderboard") { $0["scope"] as? String == "challenge:t-02" })
        let left = try #require(ana.waitForEvent("room.left"))
        #expect(left["player"] as? String == "Ana")
        ana.send("who")
        let who = try #require(ana.waitForEvent("who"))
        let row = (who["players"] as? [[String: Any]])?.first { $0["name"] as? String == "Ana" }
        #expect(row?["room"] is NSNull, "\(who)")
        let stop = admin.text("challenge stop")
        #expect(stop.contains("The class challenge on t-02 has already ended"), "\(stop)")
        #expect(!stop.contains("error"), "\(stop)")
    }

    /// The time bonus: a classmate given 60 more seconds who solved later scored more than
    /// those who solved first (612 s left of 600 counted as "all the time").
    @Test func extraTimeDoesNotWinTheTimeBonus() throws {
        let server = try Self.levelServer(virtualClock: true)
        let (admin, ana, ben) = try Self.challengeOfTwo(server)
        try server.advance(by: 10)
        let first = try #require(try LevelChallengeFixesTests.solve(ana)["points"] as? Int)
        #expect(admin.text("extend all 60").contains("60"))
        try server.advance(by: 10)
        let later = try #require(try LevelChallengeFixesTests.solve(ben)["points"] as? Int)
        #expect(later < first, "Ben \(later) after 20 s with 60 more, Ana \(first) after 10 s")
    }

    /// An accommodation given while the level is open moved the bonus's whole but not
    /// the clock: the student lost points (a last re-play). Ana and Ben solve at the
    /// same moment; Ana was given 1.5× time after the challenge began.
    @Test func anAccommodationGivenLaterCostsNoPoints() throws {
        let server = try Self.levelServer(virtualClock: true)
        let (admin, ana, ben) = try Self.challengeOfTwo(server)
        _ = admin.run("accommodate Ana time 1.5")
        try server.advance(by: 30)
        let anaPoints = try #require(try LevelChallengeFixesTests.solve(ana)["points"] as? Int)
        let benPoints = try #require(try LevelChallengeFixesTests.solve(ben)["points"] as? Int)
        #expect(anaPoints == benPoints, "Ana \(anaPoints), Ben \(benPoints)")
    }

    /// `play`, `code`, a 25-line program, `.`, `run`, `time` in one write: lines past 20 a
    /// second were dropped ("Too many lines at once") before the editor had opened, and
    /// `run`/`time` after the `.` were dropped too.
    @Test func aLongProgramPastedWithItsCommandsGoesInWhole() throws {
        let server = try TestServer(content: LevelTestContent.standard())  // the real 20 lines a second
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Bot")
        let program = String(repeating: "turnLeft();\n", count: 25)
        bot.sendRaw(Array(("play t-01\ncode\n" + program + ".\nrun\ntime\n").utf8))
        #expect(bot.waitForEvent("level.result") != nil, "\(bot.transcript.suffix(4))")
        #expect(bot.waitForEvent("timer") != nil, "\(bot.transcript.suffix(4))")
        #expect(!bot.transcript.contains { $0.contains("\"throttled\"") }, "\(bot.transcript.suffix(6))")
        let lines = bot.transcript.filter { $0.contains("\"ev\":\"level.code_line\"") }
        #expect(lines.count == 25, "\(lines.count)")
    }

    /// `leave` (or Spanish `salir`) in a class challenge dropped the student out in
    /// silence, and `play` of its level gave a private clock (or "locked" above their XP).
    @Test func aStudentWhoLeftTheChallengeIsToldAndPlayTakesThemBack() throws {
        let server = try Self.levelServer()
        let (admin, ana, ben) = try Self.challengeOfTwo(server)
        ana.send("lang es")
        ana.send("salir")
        let told = try #require(ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("reto de clase") })
        #expect(told["text"] as? String == "Has salido del reto de clase; su reloj sigue en marcha. jugar t-02 te devuelve a él.")
        // `challenge status` says "left it", as the board's panel does (it said "not solved").
        let gone = admin.run("challenge status").filter { $0.contains("Ana") }
        #expect(gone.count == 1 && gone[0].contains("left it"), "\(gone)")
        ana.send("jugar t-02")
        let back = try #require(ana.waitForEvent("level.opened"))
        #expect(back["challenge"] as? Bool == true, "\(back)")
        let status = admin.run("challenge status").filter { $0.contains("Ana") }
        #expect(status.count == 1, "\(status)")
    }

    /// A 90-second level said "one minute left" and then "half time: 45 seconds left".
    @Test func aShortClockSaysHalfTimeBeforeTheLastTenSecondsOnly() throws {
        let content = LevelTestContent.standard(limit: 90)
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping, content: content)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        for _ in 0..<9 { try server.advance(by: 10) }
        _ = ana.waitForEvent("level.result", timeout: 4)
        let said = ana.transcript.compactMap(TestClient.json)
            .filter { $0["ev"] as? String == "timer" }.compactMap { $0["seconds_left"] as? Int }
        #expect(said.contains(45) && said.contains(10) && !said.contains(60), "\(said)")
    }

    /// A challenge on a level above the student's XP offered its note ("read it now with
    /// notes X"), which `notes X` then called locked.
    @Test func theNoteAChallengeOffersCanBeRead() throws {
        let server = try TestServer(configure: {
            $0.contentDirectory = ClassPeriodTests.shippedContent
            LevelTestContent.fastTyping(&$0)
        })
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("challenge start w4-03 5").contains("started"))
        let opened = try #require(ana.waitForEvent("level.opened"))
        let note = try #require((opened["new_note"] as? [String: Any])?["id"] as? String)
        ana.send("notes \(note)")
        let read = try #require(ana.waitForEvent("level.note"), "\(ana.transcript.suffix(3))")
        #expect((read["text"] as? String)?.isEmpty == false)
    }

    /// The console's `quiz next` during a pause started the next question's clock while
    /// the room read "wait for it to resume"; a student's quiz ended twice was offered
    /// `quiz start`, which the console may not do.
    @Test func quizNextWaitsForResumeAndAStudentsEndedQuizIsItsHosts() throws {
        let server = try ConsoleControlsReplayTests.server()
        let admin = try server.admin()
        let (room, clients) = try QuizSupport.room(server, deck: "capitals", names: ["Cy", "Dee"])
        clients[0].send("start")
        #expect(clients[1].waitForEvent("quiz.question") != nil)
        _ = admin.run("pause \(room)")
        let next = ConsoleControlsReplayTests.flat(admin, "quiz next \(room)")
        #expect(next.contains("\(room) is paused: resume \(room) first"), "\(next)")
        _ = admin.run("resume \(room)")
        _ = admin.run("quiz end \(room)")
        let again = ConsoleControlsReplayTests.flat(admin, "quiz end \(room)")
        #expect(again.contains("\(room) has already ended; its host can start it again."), "\(again)")
    }

    /// `Levels/` moved away and `reload`: the course emptied in silence ("There is no level").
    @Test func aReloadWithoutTheLevelsFolderKeepsTheLevels() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping,
                                    content: LevelTestContent.standard().merging(LessonSupport.content) { a, _ in a })
        let admin = try server.admin()
        try FileManager.default.moveItem(at: server.directory.appendingPathComponent("Levels"),
                                         to: server.directory.appendingPathComponent("Levels-moved"))
        let lines = ConsoleControlsReplayTests.flat(admin, "reload")
        #expect(lines.contains("There is no Levels folder in"), "\(lines)")
        #expect(lines.contains("the levels loaded before stay in use"), "\(lines)")
        #expect(server.running.onLoop { $0.content.levels.level(id: "t-01") != nil } == true)
    }
}

/// `forget` of a student whose place was held mid-round: the round's end listed
/// her points under her name, and a class challenge's leaderboard her row (a
/// re-play of session 10's fixes). Now nothing running shows her.
@Suite(.lab, .serialized) struct ForgetWhileHeldTests {
    @Test func aForgottenPlayerLeavesTheRoundsEnd() throws {
        let server = try TestServer(configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 120
        }, content: LevelTestContent.standard().merging(LessonSupport.content) { a, _ in a },
           games: { server in HangmanGame.register(server, seed: 42) })
        let admin = try server.admin()
        let (room, ana, ben) = try PlayTestQuizTests.hangmanRoom(server)
        ana.send("start")
        #expect(ben.waitForEvent("hangman.state") != nil)
        ben.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ben")
        admin.client.send("forget Ben")
        #expect(admin.client.waitFor("yes") != nil)
        #expect(admin.text("yes").contains("forgotten"))
        // Ana ends the round: Ben is in no row of it.
        _ = admin.run("skip \(room)")
        let end = try #require(ana.waitForEvent("round.end"))
        let names = ((end["round"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
            + ((end["leaderboard"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(!names.contains("Ben"), "\(end)")
        #expect(names.contains("Ana"), "\(end)")
    }

    @Test func aForgottenStudentLeavesTheChallengesLeaderboard() throws {
        let server = try TestServer(configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 120
        }, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = client.waitForEvent("level.opened") }
        ben.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ben")
        admin.client.send("forget Ben")
        #expect(admin.client.waitFor("yes") != nil)
        #expect(admin.text("yes").contains("forgotten"))
        _ = admin.run("challenge stop")
        let board = try #require(ana.waitForEvent("leaderboard") { $0["scope"] as? String == "challenge:t-02" })
        let names = ((board["rows"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["Ana"], "\(board)")
    }
}
