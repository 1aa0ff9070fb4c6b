import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaLevelRoom
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// A teacher's lesson controls over TCP in every game (SPEC §12): `pause`
/// stops the clock (nothing times out; play is refused with `paused`), `resume`
/// gives back the time that was left, `extend` and `skip` act, `all` reaches
/// every room, Spanish names work, and the rooms get `paused`/`resumed`.
/// Clocks are short (5 s questions and turns, 3 s levels: the shortest allowed) so "nothing timed
/// out" is shown by moving time past them — virtual time (issue 18), no
/// sleeping; the time left is compared exactly, read from the room while
/// paused (a paused clock does not move).
@Suite(.lab, .slow, .serialized) struct LessonControlTests {
    @Test func aQuizQuestionPausesResumesExtendsAndSkips() throws {
        let server = try LessonSupport.server(virtualClock: true)
        let admin = try server.admin()
        let (room, clients) = try QuizSupport.room(server, deck: "short", names: ["Ana", "Ben"])
        let ana = clients[0], ben = clients[1]
        ana.send("start")
        for client in clients { #expect(client.waitForEvent("quiz.question") != nil) }

        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        #expect(ana.waitForEvent("paused")?["room"] as? String == room)
        #expect(ben.waitForEvent("paused")?["room"] as? String == room)
        let left = try #require(LessonSupport.secondsLeft(server, room))
        #expect(left > 0 && left <= 5)
        #expect(LessonSupport.refusedWhilePaused(ana, ["2"]))
        // Longer than the whole question: nothing closes while paused.
        #expect(try LessonSupport.clockHeld(server, room, at: left, for: 5.5))
        #expect(ben.waitForEvent("quiz.tally", timeout: 0.3) == nil)

        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))
        let resumed = try #require(ana.waitForEvent("resumed"))
        #expect(resumed["room"] as? String == room)
        #expect(resumed["seconds_left"] as? Int == Int(left.rounded(.up)))
        #expect(admin.text("extend \(room) 30").contains("\(room): 30 more seconds"))
        #expect((LessonSupport.secondsLeft(server, room) ?? 0) > 30)
        ana.send("2")
        // Her answer's receipt, not another info (the extension's), before the skip.
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("Answer to question 1") == true } != nil)

        // Skip: the tally (Ana's answer counted), then the next question.
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        let tally = try #require(ben.waitForEvent("quiz.tally"))
        #expect(tally["index"] as? Int == 1)
        #expect(tally["counts"] as? [Int] == [0, 1, 0])
        try server.advance(by: 0.2)  // the tally's review pause
        #expect(ben.waitForEvent("quiz.question")?["index"] as? Int == 2)
        // A pause during the tally holds the next question until resume.
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        #expect(ben.waitForEvent("quiz.tally")?["index"] as? Int == 2)
        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        try server.advance(by: 0.6)  // three review pauses: still held
        #expect(ben.waitForEvent("quiz.question", timeout: 0.3) == nil)
        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))
        try server.advance(by: 0.2)
        #expect(ben.waitForEvent("quiz.question")?["index"] as? Int == 3)
    }

    @Test func aHangmanTurnPausesResumesExtendsAndTheRoundIsSkipped() throws {
        let server = try LessonSupport.server(virtualClock: true)
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") { ($0["players"] as? [String])?.count == 2 } != nil)
        ana.send("set turn 5")
        ana.send("start")
        let state = try #require(ana.nextState())
        _ = ben.nextState()
        let turn = try #require(state["turn"] as? String)
        let player = turn == "Ana" ? ana : ben

        // Spanish command names.
        #expect(admin.text("pausa \(room)").contains(room))
        #expect(ana.waitForEvent("paused")?["room"] as? String == room)
        #expect(ben.waitForEvent("paused") != nil)
        let left = try #require(LessonSupport.secondsLeft(server, room))
        #expect(LessonSupport.refusedWhilePaused(player, ["g", "solve gato"]))
        // Whoever comes in while paused is told.
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("join \(room)")
        #expect(cy.waitForEvent("paused")?["room"] as? String == room)
        // Longer than the whole turn: no timeout while paused.
        #expect(try LessonSupport.clockHeld(server, room, at: left, for: 5.5))
        #expect(ana.waitForEvent("hangman.state", timeout: 0.3) == nil)

        #expect(admin.text("reanudar \(room)").contains(room))
        #expect(ben.waitForEvent("resumed")?["seconds_left"] as? Int == Int(left.rounded(.up)))
        #expect(admin.text("ampliar \(room) 20").contains("\(room): 20 more seconds"))
        #expect((LessonSupport.secondsLeft(server, room) ?? 0) > 20)
        // Every word of the deck has a g: a hit, 10 points kept through the skip.
        player.send("g")
        #expect(ana.nextState()?["turn"] as? String == turn)

        #expect(admin.text("saltar \(room)").contains("Moved on: \(room)"))
        let end = try #require(ben.waitForEvent("round.end"))
        #expect(end["outcome"] as? String == "skipped")
        #expect(HangmanFixture.words.contains(end["word"] as? String ?? ""))
        let round = end["round"] as? [[String: Any]] ?? []
        #expect(round.first { $0["name"] as? String == turn }?["points"] as? Int == 10)
        let outcomes = try server.store { db in try db.query("SELECT outcome FROM scores").map { try $0.string("outcome") } }
        #expect(outcomes == ["skipped", "skipped"])
        #expect(admin.text("skip \(room)").contains("nothing to skip"))
    }

    @Test func aLevelRoomPausesRefusesPlayResumesExtendsAndSkips() throws {
        let server = try LessonSupport.server(virtualClock: true)
        let admin = try server.admin()
        let eve = try TestClient.loggedInJSON(port: server.port, name: "Eve")
        eve.send("play tick")
        let room = try #require(eve.waitForEvent("level.opened")?["room"] as? String)
        #expect(admin.text("pause all").contains("Paused: \(room)"))
        #expect(eve.waitForEvent("paused")?["room"] as? String == room)
        let left = try #require(LessonSupport.secondsLeft(server, room))
        #expect(LessonSupport.refusedWhilePaused(eve, ["run", "submit", "code"]))
        #expect(try LessonSupport.clockHeld(server, room, at: left, for: 3.5))
        #expect(eve.waitForEvent("level.result", timeout: 0.3) == nil)

        #expect(admin.text("resume all").contains("Resumed: \(room)"))
        #expect(eve.waitForEvent("resumed")?["seconds_left"] as? Int == Int(left.rounded(.up)))
        #expect(admin.text("extend all 30").contains("\(room): 30 more seconds"))
        #expect(eve.waitForEvent("timer") { ($0["seconds_left"] as? Int ?? 0) > 30 } != nil)
        #expect(admin.text("skip all").contains("Moved on: \(room)"))
        #expect(eve.waitForEvent("level.result")?["reason"] as? String == "time_up")
    }

    @Test func allReachesEveryRoomInEveryGame() throws {
        let server = try LessonSupport.server()
        let admin = try server.admin()
        let (quiz, quizClients) = try QuizSupport.room(server, deck: "short", names: ["Ana", "Ben"])
        quizClients[0].send("start")
        #expect(quizClients[1].waitForEvent("quiz.question") != nil)
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("create hangman")
        let hangman = try #require(cy.waitForEvent("room.joined")?["room"] as? String)
        cy.send("set turn 5")
        cy.send("start")
        #expect(cy.nextState() != nil)
        let eve = try TestClient.loggedInJSON(port: server.port, name: "Eve")
        eve.send("play tick")
        let level = try #require(eve.waitForEvent("level.opened")?["room"] as? String)

        let paused = admin.text("pausa todas")
        for room in [quiz, hangman, level] { #expect(paused.contains(room)) }
        for client in [quizClients[1], cy, eve] { #expect(client.waitForEvent("paused") != nil) }
        let resumed = admin.text("resume all")
        for room in [quiz, hangman, level] { #expect(resumed.contains(room)) }
        for client in [quizClients[1], cy, eve] { #expect(client.waitForEvent("resumed")?["seconds_left"] is Int) }
        let extended = admin.text("ampliar todas 20")
        for room in [quiz, hangman, level] { #expect(extended.contains(room)) }
        for room in [quiz, hangman, level] { #expect((LessonSupport.secondsLeft(server, room) ?? 0) > 20) }
        let skipped = admin.text("skip all")
        for room in [quiz, hangman, level] { #expect(skipped.contains(room)) }
        #expect(quizClients[1].waitForEvent("quiz.tally") != nil)
        #expect(cy.waitForEvent("round.end")?["outcome"] as? String == "skipped")
        #expect(eve.waitForEvent("level.result")?["reason"] as? String == "time_up")

        // Each control is in the audit table, as typed.
        let audit = admin.text("audit 10")
        for line in ["pausa todas", "resume all", "ampliar todas 20", "skip all"] { #expect(audit.contains(line)) }
    }
}

/// Content and helpers for the lesson-control tests: a quiz deck of 5-second
/// questions, the hangman test deck, and a level with a 3-second clock.
enum LessonSupport {
    static let shortDeck = """
    {"id": "short", "title": "Short", "lang": "en", "description": "Quick.", "shuffle": false, "seconds": 5,
     "shuffle_answers": false,
     "questions": [
      {"kind": "single", "text": "2+2?", "answers": [{"text": "3", "correct": false}, {"text": "4", "correct": true},
                                                    {"text": "5", "correct": false}]},
      {"kind": "single", "text": "3+3?", "answers": [{"text": "6", "correct": true}, {"text": "7", "correct": false}]},
      {"kind": "single", "text": "1+1?", "answers": [{"text": "2", "correct": true}, {"text": "3", "correct": false}]}
     ]}
    """

    static let content: [String: String] = [
        "Decks/quizzes/short.json": shortDeck,
        "Decks/words/prueba-es.json": HangmanFixture.deck,
        "Levels/worlds.json": """
            {"worlds": [{"id": "w1", "title": "Tick", "xp_required": 0, "levels": ["tick"]}]}
            """,
        "Levels/w1/tick.json": LevelTestContent.level(id: "tick", board: "#....G#", timeLimit: 3, xpRequired: 0),
    ]

    /// Every game: hangman on a fixed seed, quiz tallies up for 0.2 s, levels.
    static func server(virtualClock: Bool = false) throws -> TestServer {
        try TestServer(virtualClock: virtualClock, configure: LevelTestContent.fastTyping, content: content, games: { server in
            HangmanGame.register(server, seed: 42)
            QuizRoom.register(server, reviewPause: 0.2)
            LevelRooms.register(server)
        })
    }

    /// Each line, sent in turn, is refused with `paused`.
    static func refusedWhilePaused(_ client: TestClient, _ lines: [String]) -> Bool {
        lines.allSatisfy { line in
            client.send(line)
            return client.nextErrorCode() == "paused"
        }
    }

    /// After longer than the whole clock (virtual time when the server has
    /// it, else real sleep), a paused room still has exactly the time it had
    /// (a paused clock does not move).
    static func clockHeld(_ server: TestServer, _ room: String, at left: Double, for seconds: Double) throws -> Bool {
        if server.clock != nil {
            try server.advance(by: seconds)
        } else {
            Thread.sleep(forTimeInterval: seconds)
        }
        return secondsLeft(server, room) == left
    }

    /// The seconds left on the clock a teacher controls in this room (read on the loop).
    static func secondsLeft(_ server: TestServer, _ room: String) -> Double? {
        server.running.onLoop { $0.findRoom(room)?.game.lessonSecondsLeft } ?? nil
    }
}
