import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

@Suite(.lab) struct LevelRoomTests {
    @Test func aStudentEditsRunsStepsAndSubmitsALevelInJSON() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")

        // The map: t-01 open, t-02 locked until 10 XP.
        ana.send("levels")
        let map = try #require(ana.waitForEvent("level.map"))
        let levels = (map["worlds"] as? [[String: Any]])?.first?["levels"] as? [[String: Any]] ?? []
        #expect(levels.map { $0["status"] as? String } == ["open", "locked"])
        #expect(levels.last?["xp_required"] as? Int == 10)

        // Issue 14: an open level's note is readable before it is solved; a locked level's is not.
        ana.send("notes steps")
        #expect((ana.waitForEvent("level.note")?["title"] as? String) == "Steps")
        ana.send("notes loops")
        #expect(ana.nextErrorCode() == "note_locked")

        // A locked level is refused with the XP needed, and no room opens (it
        // opened one, said "locked" and closed it: a play test).
        let before = ana.transcript.count
        ana.send("play t-02")
        let locked = try #require(ana.waitForEvent("error"))
        #expect(locked["code"] as? String == "level_locked")
        #expect((locked["message"] as? String)?.contains("10 XP") == true)
        ana.send("rooms")
        let rooms = try #require(ana.waitForEvent("rooms"))
        #expect((rooms["rooms"] as? [Any])?.isEmpty == true)
        let said = ana.transcript[before...].compactMap { TestClient.json($0)?["ev"] as? String }
        #expect(!said.contains("room.joined") && !said.contains("room.left"), "\(said)")

        // Opening shows the story, the board and the clock.
        ana.send("play t-01")
        let opened = try #require(ana.waitForEvent("level.opened"))
        let room = opened["room"] as? String ?? "?"
        #expect(opened["level"] as? String == "t-01")
        #expect(opened["time_limit"] as? Int == 120)
        // Issue 14: the level names the note of its new idea, readable at once.
        #expect((opened["new_note"] as? [String: Any])?["id"] as? String == "steps")
        #expect((opened["new_note"] as? [String: Any])?["title"] as? String == "Steps")
        let board = try #require(ana.waitForEvent("level.board"))
        #expect(board["rows"] as? [String] == ["#######", "#>...G#", "#######"])
        #expect(ana.waitForEvent("timer")?["seconds_left"] as? Int == 120)

        // The editor: numbered echo, code_line prompts, `.` closes.
        ana.send("code")
        #expect(ana.waitForEvent("prompt")?["kind"] as? String == "code_line")
        ana.send("walk();")
        let echo = try #require(ana.waitForEvent("level.code_line"))
        #expect(echo["n"] as? Int == 1)
        #expect(echo["text"] as? String == "walk();")
        #expect(ana.waitForEvent("prompt")?["kind"] as? String == "code_line")
        ana.type(["walk();", "turnLeft();", "walk();"])
        ana.send(".")
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "command" } != nil)

        // edit, del, ins and list.
        ana.send("edit 3 walk();")
        let edited = try #require(ana.waitForEvent("level.code_line"))
        #expect(edited["n"] as? Int == 3)
        #expect(edited["text"] as? String == "walk();")
        ana.send("del 4")
        #expect((ana.waitForEvent("level.code")?["lines"] as? [Any])?.count == 3)
        ana.send("ins 1 walk();")
        _ = ana.waitForEvent("level.code_line")
        #expect(ana.waitForEvent("level.code")?["count"] as? Int == 4)
        ana.send("del 9")
        #expect(ana.nextErrorCode() == "no_such_line")
        // A bare del/ins/edit answers with its usage (played by hand: not 'no line “”').
        ana.send("del")
        let bare = try #require(ana.waitForEvent("error"))
        #expect(bare["code"] as? String == "missing_argument")
        #expect(bare["message"] as? String == "Usage: del N")
        ana.send("ins")
        #expect(ana.waitForEvent("error")?["message"] as? String == "Usage: ins N TEXT")
        ana.send("list")
        let listing = try #require(ana.waitForEvent("level.code"))
        #expect((listing["lines"] as? [[String: Any]])?.map { $0["text"] as? String } == ["walk();", "walk();", "walk();", "walk();"])

        // step: one step at a time, the board after each.
        ana.send("step")
        #expect(ana.waitForEvent("level.step")?["line"] as? Int == 1)
        #expect((ana.waitForEvent("level.board")?["ada"] as? [String: Any])?["col"] as? Int == 2)
        ana.send("step")
        let second = try #require(ana.waitForEvent("level.step"))
        #expect(second["line"] as? Int == 2)
        #expect(second["ok"] as? Bool == true)

        // run: every step, the final board, the result (a practice: no points).
        ana.send("run")
        var steps: [[String: Any]] = []
        while steps.count < 4, let step = ana.waitForEvent("level.step") { steps.append(step) }
        #expect(steps.map { $0["line"] as? Int } == [1, 2, 3, 4])
        #expect((ana.waitForEvent("level.board")?["ada"] as? [String: Any])?["col"] as? Int == 5)
        let ran = try #require(ana.waitForEvent("level.result"))
        #expect(ran["solved"] as? Bool == true)
        #expect(ran["kind"] as? String == "run")
        #expect(ran["points"] as? Int == 0)

        // A syntax error names the line and column.
        ana.send("ins 2 wlak();")
        _ = ana.waitForEvent("level.code")
        ana.send("run")
        let syntax = try #require(ana.waitForEvent("error"))
        #expect(syntax["code"] as? String == "syntax_error")
        #expect(syntax["line"] as? Int == 2)
        #expect(syntax["column"] as? Int == 1)
        #expect((syntax["message"] as? String)?.contains("wlak") == true)
        ana.send("del 2")
        _ = ana.waitForEvent("level.code")

        // A wrong solution: one step short.
        ana.send("del 4")
        _ = ana.waitForEvent("level.code")
        ana.send("submit")
        let wrong = try #require(ana.waitForEvent("level.result"))
        #expect(wrong["solved"] as? Bool == false)
        #expect(wrong["reason"] as? String == "program_ended")
        #expect(wrong["seeds_total"] as? Int == 1)
        #expect(wrong["kind"] as? String == "submit")

        // The right one: points, 3 stars, XP, t-02 unlocked, the note announced, round.end.
        ana.send("ins 4 walk();")
        _ = ana.waitForEvent("level.code")
        ana.send("submit")
        let right = try #require(ana.waitForEvent("level.result"))
        #expect(right["solved"] as? Bool == true)
        #expect(right["seeds_passed"] as? Int == 1)
        #expect(right["stars"] as? Int == 3)
        let points = right["points"] as? Int ?? 0
        #expect(points > 160 && points <= 210)
        let progress = try #require(ana.waitForEvent("level.progress"))
        #expect(progress["xp"] as? Int == 10)
        #expect(progress["xp_gained"] as? Int == 10)
        #expect((progress["unlocked"] as? [[String: Any]])?.map { $0["id"] as? String } == ["t-02"])
        // Notes unlock when their level opens: t-01's was readable from the start,
        // and solving it opens t-02, whose note comes with it.
        #expect((progress["notes"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Loops"])
        let end = try #require(ana.waitForEvent("round.end"))
        #expect(end["room"] as? String == room)
        #expect(end["outcome"] as? String == "solved")
        #expect((end["round"] as? [[String: Any]])?.first?["points"] as? Int == points)
        ana.send("submit")
        #expect(ana.nextErrorCode() == "already_solved")

        // Notes and `me` read the saved progress.
        ana.send("notes")
        #expect((ana.waitForEvent("level.notes")?["notes"] as? [[String: Any]])?.map { $0["id"] as? String } == ["steps", "loops"])
        ana.send("lang es")
        _ = ana.waitForEvent("info")
        ana.send("notes 1")
        #expect((ana.waitForEvent("level.note")?["text"] as? String)?.contains("Cada walk();") == true)
        ana.send("me")
        let me = try #require(ana.waitForEvent("me"))
        #expect(me["xp"] as? Int == 10)
        #expect(me["solved"] as? [String] == ["t-01"])
        #expect((me["points"] as? [String: Any])?["level"] as? Int == points)

        // t-02 is open now; `play` moves on from the solved room.
        ana.send("play t-02")
        #expect(ana.waitForEvent("level.opened")?["level"] as? String == "t-02")
        ana.send("borrar")
        #expect(ana.waitForEvent("error")?["message"] as? String == "Uso: borrar N")
        ana.send("editar")
        #expect(ana.waitForEvent("error")?["message"] as? String == "Uso: editar N TEXTO")
    }

    @Test func textModeShowsTheTraceTheBoardTheClockAndFailuresInWords() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        ben.send("color off")
        ben.send("create level t-01")
        #expect(ben.waitFor("Level t-01: Title t-01") != nil)
        #expect(ben.waitFor("Turing: Go, Ada!") != nil)
        #expect(ben.waitFor("#>...G#") != nil)
        #expect(ben.waitFor("2:00") != nil)
        ben.send("code")
        ben.send("walk();")
        #expect(ben.waitFor(" 1 | walk();") != nil)
        ben.send("turnLeft();")
        ben.send("walk();")
        ben.send(".")
        #expect(ben.waitFor("Editor closed: 3 lines") != nil)
        ben.send("run")
        #expect(ben.waitFor("1: walk() → row 2, col 3, facing E") != nil)
        #expect(ben.waitFor("Ada bumped into a wall at line 3.") != nil)
        #expect(ben.waitFor("#.^..G#") != nil)
        #expect(ben.waitFor("The program ended before every goal was met.") != nil)
        ben.send("time")
        let bar = try #require(ben.waitFor("seconds left"))
        #expect(bar.contains("[#"))
        ben.send("hint")
        #expect(ben.waitFor("Hint 1 of 2: Each walk(); moves Ada one tile.") != nil)
        ben.send("lang java")
        ben.send("hint")
        #expect(ben.waitFor("Hint 2 of 2: for (int i = 0; i < 4; i++) { ada.walk(); }") != nil)
        ben.send("reader on")
        ben.send("board")
        // Session 10: after a run, `board` (like `around`) says where the run left Ada.
        #expect(ben.waitFor("Where the last run stopped (run and step start again from the beginning):") != nil)
        #expect(ben.waitFor("Ada is in row 2, column 3, facing north.") != nil)
        ben.send("step")
        #expect(ben.waitFor("Line 1: walk(). Ada is in row 2, column 3, facing east.") != nil)
    }

    @Test func theDeadlineEndsTheLevelAndRefusesALateSubmission() throws {
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping, content: LevelTestContent.fast)
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("play fast")
        #expect(cy.waitForEvent("level.opened")?["time_limit"] as? Int == 2)
        cy.send("code")
        cy.type(["walk();", "walk();", "walk();", "walk();"])
        cy.send(".")
        // The editor is closed (back at the command prompt) before time moves.
        #expect(cy.waitForEvent("prompt") { $0["kind"] as? String == "command" } != nil)
        // Half time is announced, then time is up (virtual time: no waiting).
        try server.advance(by: 1)
        #expect(cy.waitForEvent("timer", timeout: 4) { $0["seconds_left"] as? Int == 1 } != nil)
        try server.advance(by: 1)
        let result = try #require(cy.waitForEvent("level.result", timeout: 4))
        #expect(result["solved"] as? Bool == false)
        #expect(result["reason"] as? String == "time_up")
        #expect(cy.waitForEvent("round.end")?["outcome"] as? String == "time_up")
        cy.send("submit")
        #expect(cy.nextErrorCode() == "time_up")
        // Practice still works after the deadline.
        cy.send("run")
        #expect(cy.waitForEvent("level.result")?["kind"] as? String == "run")
    }

    @Test func watchersMayJoinOnlyWhenTheHostAllowsIt() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let host = try TestClient.loggedInJSON(port: server.port, name: "Host")
        let guest = try TestClient.loggedInJSON(port: server.port, name: "Guest")
        host.send("play t-01")
        let room = try #require(host.waitForEvent("level.opened")?["room"] as? String)
        guest.send("join \(room)")
        let refused = try #require(guest.waitForEvent("error"))
        #expect(refused["code"] as? String == "watchers_off")
        // Words the one who tried can act on (session 9: "they can allow watchers…").
        #expect(refused["message"] as? String == "Host is playing alone and has not let classmates watch. Type rooms for rooms you can join.")
        host.send("set watchers on")
        _ = host.waitForEvent("info") { ($0["text"] as? String)?.contains("watch") == true }
        guest.send("join \(room)")
        #expect(guest.waitForEvent("level.opened")?["room"] as? String == room)
        guest.send("run")
        #expect(guest.nextErrorCode() == "not_your_level")
        host.send("code")
        host.send("walk();")
        #expect(guest.waitForEvent("level.code_line")?["text"] as? String == "walk();")
    }
}

@Suite(.lab) struct LevelLayoutAndClockTests {
    @Test func aSubmissionThatFailsAnotherLayoutShowsThatLayout() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let level = try JSONDecoder().decode(Level.self, from: Data(LevelTestContent.randomLevel.utf8))
        let iron = try #require(level.layout(seed: Level.shownSeed).irons.first)
        // Moves written for the shown layout only.
        var moves: [String] = []
        for col in 2...5 {
            if col == iron.col { moves.append("hit();") }
            moves.append("walk();")
        }
        let dee = try TestClient.loggedInJSON(port: server.port, name: "Dee")
        dee.send("play t-rand")
        let shown = try #require(dee.waitForEvent("level.board")?["rows"] as? [String])
        dee.send("code")
        dee.type(moves)
        dee.send(".")
        dee.send("run")
        #expect(dee.waitForEvent("level.result")?["solved"] as? Bool == true)
        dee.send("submit")
        let failed = try #require(dee.waitForEvent("level.result"))
        #expect(failed["solved"] as? Bool == false)
        // Three places for the iron: every layout is judged (SPEC §12).
        #expect(failed["seeds_total"] as? Int == 3)
        let passed = failed["seeds_passed"] as? Int ?? 0
        #expect(passed >= 1 && passed < 3)
        dee.send("board")
        let now = try #require(dee.waitForEvent("level.board")?["rows"] as? [String])
        #expect(now != shown)
        // A program that looks ahead solves every layout.
        dee.send("clear")
        dee.send("code")
        dee.type(["while (look() != GOAL) {", "  if (look() == IRON) {", "    hit();", "  } else {", "    walk();",
                  "  }", "}", "walk();"])
        dee.send(".")
        dee.send("submit")
        let solved = try #require(dee.waitForEvent("level.result") { $0["kind"] as? String == "submit" })
        #expect(solved["solved"] as? Bool == true)
        #expect(solved["seeds_passed"] as? Int == 3)
    }

    @Test func theTeachersLessonControlsPauseExtendAndEndTheClock() throws {
        let server = try TestServer(virtualClock: true, configure: LevelTestContent.fastTyping, content: LevelTestContent.fast)
        let eve = try TestClient.loggedInJSON(port: server.port, name: "Eve")
        eve.send("play fast")
        _ = eve.waitForEvent("level.opened")
        #expect(eve.waitForEvent("timer")?["seconds_left"] as? Int == 2)
        #expect(server.running.onLoop { $0.allRooms.first?.game.pause() } == true)
        try server.advance(by: 2.3)
        eve.send("time")
        // Still time left after more than the whole limit: the clock was paused.
        let paused = try #require(eve.waitForEvent("timer"))
        #expect((paused["seconds_left"] as? Int ?? 0) >= 1)
        #expect(server.running.onLoop { $0.allRooms.first?.game.resume() } == true)
        #expect(server.running.onLoop { $0.allRooms.first?.game.extend(by: 30) } == true)
        #expect((eve.waitForEvent("timer") { ($0["seconds_left"] as? Int ?? 0) > 30 }) != nil)
        #expect(server.running.onLoop { $0.allRooms.first?.game.skip() } == true)
        #expect(eve.waitForEvent("level.result")?["reason"] as? String == "time_up")
        #expect(server.running.onLoop { $0.allRooms.first?.game.pause() } == false)
    }
}
