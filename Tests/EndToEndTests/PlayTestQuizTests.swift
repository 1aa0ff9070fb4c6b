import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// Defects the session-8 play testers found in quiz and hangman rooms, over
/// TCP: a student host's `next` must not undo a teacher's `pause`; hangman's
/// `extend` names whose turn got the time; teams take the room's language;
/// the console's quiz replies speak to a teacher. Each failed on the old code.
@Suite(.lab, .slow, .serialized) struct PlayTestQuizTests {
    /// A Spanish graded deck, 30 s a question (nothing times out here).
    static let spanishDeck = """
    {"id": "geo-es", "title": "Geografía", "lang": "es", "description": "¿Dónde está?", "shuffle": false,
     "shuffle_answers": false, "seconds": 30,
     "questions": [
      {"kind": "single", "text": "¿Capital de Francia?", "answers": [{"text": "Lyon", "correct": false},
                                 {"text": "París", "correct": true}]}
     ]}
    """

    static func server(virtualClock: Bool = false) throws -> TestServer {
        var content = LessonSupport.content
        content["Decks/quizzes/geo-es.json"] = spanishDeck
        return try TestServer(virtualClock: virtualClock, configure: LevelTestContent.fastTyping, content: content, games: { server in
            HangmanGame.register(server, seed: 42)
            QuizRoom.register(server, reviewPause: 0.2)
        })
    }

    /// The `quiz-N` a console line names.
    static func roomID(_ text: String) -> String? {
        text.range(of: #"quiz-[0-9]+"#, options: .regularExpression).map { String(text[$0]) }
    }

    @Test func aStudentHostsNextCannotUndoATeachersPause() throws {
        let server = try Self.server(virtualClock: true)
        let admin = try server.admin()
        let (room, clients) = try QuizSupport.room(server, deck: "short", names: ["Ana", "Ben"])
        let ana = clients[0], ben = clients[1]
        ana.send("teams auto 2")
        ana.send("start")
        for client in clients { #expect(client.waitForEvent("quiz.question")?["index"] as? Int == 1) }
        ben.send("1")

        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        #expect(ana.waitForEvent("paused")?["room"] as? String == room)
        // Every spelling of the host's "move on" is refused with the paused line.
        for line in ["next", "skip", "siguiente", "saltar"] {
            ana.send(line)
            let error = try #require(ana.waitForEvent("error"))
            #expect(error["code"] as? String == "paused", "\(line)")
            #expect((error["message"] as? String)?.contains("Your teacher paused the game") == true, "\(line)")
        }
        // `start` does not move it either.
        ana.send("start")
        #expect(ana.nextErrorCode() != nil)
        #expect(ben.waitForEvent("quiz.tally", timeout: 0.3) == nil)
        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))

        // Running again: the host's next closes the question as before.
        ana.send("next")
        #expect(ben.waitForEvent("quiz.tally")?["index"] as? Int == 1)
        // Paused during the tally: the next question waits, and so does the host.
        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        ana.send("next")
        #expect(ana.nextErrorCode() == "paused")
        try server.advance(by: 0.6)
        #expect(ben.waitForEvent("quiz.question", timeout: 0.3) == nil)
        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))
        try server.advance(by: 0.3)
        #expect(ben.waitForEvent("quiz.question")?["index"] as? Int == 2)
    }

    /// A paused question everyone else has answered stays open when a player
    /// leaves; it closes once the teacher resumes (it had closed at once and the
    /// next question opened with its clock running).
    @Test func aPlayerLeavingAPausedQuestionLeavesThePauseInPlace() throws {
        let server = try Self.server(virtualClock: true)
        let admin = try server.admin()
        let (room, clients) = try QuizSupport.room(server, deck: "short", names: ["Ana", "Ben", "Cy"])
        let ana = clients[0], ben = clients[1], cy = clients[2]
        ana.send("teams auto 2")
        ana.send("start")
        for client in clients { #expect(client.waitForEvent("quiz.question")?["index"] as? Int == 1) }
        ana.send("1")
        ben.send("1")
        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        #expect(ana.waitForEvent("paused")?["room"] as? String == room)
        cy.send("leave")
        #expect(cy.waitForEvent("room.left") != nil)
        try server.advance(by: 1)
        #expect(ana.waitForEvent("quiz.tally", timeout: 0.3) == nil)
        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))
        #expect(ana.waitForEvent("quiz.tally")?["index"] as? Int == 1)
    }

    @Test func aHangmanHostCannotStartOrSetDuringATeachersPause() throws {
        let server = try Self.server(virtualClock: true)
        let admin = try server.admin()
        let (room, ana, ben) = try Self.hangmanRoom(server)
        ana.send("start")
        #expect(ana.nextState() != nil)
        _ = ben.nextState()
        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        #expect(ana.waitForEvent("paused") != nil)
        for line in ["start", "set turn 30"] {
            ana.send(line)
            #expect(ana.nextErrorCode() == "round_in_progress", "\(line)")
        }
        #expect(admin.text("resume \(room)").contains("Resumed: \(room)"))
    }

    @Test func hangmanExtendNamesWhoseTurnGotTheTime() throws {
        let server = try Self.server(virtualClock: true)
        let admin = try server.admin()
        let (room, ana, ben) = try Self.hangmanRoom(server)
        ana.send("start")
        let state = try #require(ana.nextState())
        let turn = try #require(state["turn"] as? String)
        // The virtual clock stands still: the turn's whole time, and 30 more (session 11).
        let left = try #require(state["turn_seconds_left"] as? Int) + 30
        let (mine, other) = turn == "Ana" ? (ana, ben) : (ben, ana)
        // Cy, who reads Spanish, comes in during the round and watches.
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("lang es")
        cy.send("join \(room)")
        #expect(cy.waitForEvent("room.joined") != nil)

        #expect(admin.text("extend \(room) 30").contains("\(room): 30 more seconds"))
        let text = { (event: [String: Any]) in event["text"] as? String ?? "" }
        let told = { (client: TestClient) in
            client.waitForEvent("info") { text($0).contains("teacher gave") || text($0).contains("docente ha dado") }?["text"] as? String
        }
        #expect(told(mine) == "Your teacher gave you 30 more seconds: \(left) seconds left.")
        #expect(told(other) == "Your teacher gave \(turn) 30 more seconds: \(left) seconds left on the turn.")
        #expect(told(cy) == "Tu docente ha dado 30 segundos más a \(turn): quedan \(left) segundos de turno.")
    }

    @Test func teamsTakeTheRoomsLanguage() throws {
        let server = try Self.server()
        let admin = try server.admin()
        // A teacher-hosted Spanish deck, run from an English console.
        let hosted = admin.text("quiz host geo-es")
        let room = try #require(Self.roomID(hosted), "\(hosted)")
        let students = try ["Ana", "Ben"].map { try TestClient.loggedInJSON(port: server.port, name: $0) }
        for s in students {
            s.send("join \(room)")
            #expect(s.waitForEvent("room.joined") != nil)
        }
        #expect(admin.text("quiz start 2").contains("2 teams"))
        let teams = try #require(students[0].waitForEvent("quiz.teams")?["teams"] as? [[String: Any]])
        #expect(teams.compactMap { $0["team"] as? String } == ["Cometas", "Búhos"])
        // A second start says the quiz is running, not "change this before the next quiz" (session 9).
        let again = admin.text("quiz start")
        #expect(again.contains("The quiz has already started.") && !again.contains("next quiz"), "\(again)")

        // A Spanish student host: their own language, whatever the deck's.
        let (mine, clients) = try QuizSupport.room(server, deck: "short", names: ["Cy", "Dee"])
        clients[0].send("lang es")
        clients[0].send("equipos auto 2")
        let dealt = try #require(clients[1].waitForEvent("quiz.teams") { $0["room"] as? String == mine })
        #expect((dealt["teams"] as? [[String: Any]])?.compactMap { $0["team"] as? String } == ["Cometas", "Búhos"])
        clients[0].send("empezar")
        #expect(clients[0].waitForEvent("quiz.question") != nil)
        clients[0].send("empezar")
        let twice = try #require(clients[0].waitForEvent("error"))
        #expect(twice["code"] as? String == "quiz_started")
        #expect(twice["message"] as? String == "El cuestionario ya ha empezado.")
    }

    /// A quiz hosted after `class close` is the `open` group's: the class, still
    /// online in its own group, cannot join it, and the console says so (session 9).
    @Test func aQuizHostedWithNoClassOpenSaysTheClassCannotJoinIt() throws {
        let server = try Self.server()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let marta = try TestClient.loggedInClass(port: server.port, name: "Marta", code: code)
        _ = marta
        _ = admin.run("class close")
        // The console wraps long lines: read them as one.
        let hosted = admin.run("quiz host short").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(hosted.contains("1 student still online in 3B cannot join it"), "\(hosted)")
        // With the class open, nothing of the kind.
        _ = admin.run("quiz end")
        _ = admin.run("class open 3B")
        let forClass = admin.text("quiz host short")
        #expect(!forClass.contains("cannot join"), "\(forClass)")
    }

    @Test func theConsolesQuizRepliesSpeakToATeacher() throws {
        let server = try Self.server()
        let admin = try server.admin()
        let first = try #require(Self.roomID(admin.text("quiz host short")))
        // An empty teacher quiz: nobody yet, not an empty list.
        let rooms = admin.text("rooms")
        #expect(!rooms.contains("players: ;"), "\(rooms)")
        #expect(rooms.contains("players: nobody yet"), "\(rooms)")
        // Not started: the teacher is told to type quiz start, not "the host types start".
        let next = admin.text("quiz next")
        #expect(next.contains("quiz start"), "\(next)")
        #expect(!next.contains("The host types start"), "\(next)")
        // Ending a quiz nobody started closes its room (session 9: it could not be ended).
        let ended = admin.text("quiz end")
        #expect(ended.contains("\(first) closed before it started; 0 students are back in the lobby."), "\(ended)")
        #expect(!admin.text("rooms").contains(first))
        // Two hosted quizzes: the example names the command that was typed.
        let another = try #require(Self.roomID(admin.text("quiz host short")))
        let second = try #require(Self.roomID(admin.text("quiz host short")))
        // The console wraps long lines: read them as one.
        let flat = { (line: String) in admin.run(line).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        let start = flat("quiz start")
        #expect(start.contains("quiz start \(another)") || start.contains("quiz start \(second)"), "\(start)")
        #expect(!start.contains("quiz next"), "\(start)")
        let end = flat("quiz end")
        #expect(end.contains("quiz end \(another)") || end.contains("quiz end \(second)"), "\(end)")
        #expect(flat("quiz next").contains("quiz next \(another)"))
    }

    /// Ana hosts a hangman room on the test deck with Ben in it.
    static func hangmanRoom(_ server: TestServer) throws -> (String, TestClient, TestClient) {
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") { ($0["players"] as? [String])?.count == 2 } != nil)
        return (room, ana, ben)
    }
}
