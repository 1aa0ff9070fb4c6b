import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// Session 10, a play test of every teacher control in every game: a second
/// `quiz end` sent the class out of the room as if the quiz had never started;
/// a student's quiz could only be ended with one `skip` per question; a second
/// `pause` said "nothing to pause (no clock running)". Each failed on the old code.
@Suite(.lab, .slow, .serialized) struct ConsoleControlsReplayTests {
    static func server() throws -> TestServer {
        var content = LessonSupport.content.merging(QuizSupport.content) { $1 }
        content["Decks/quizzes/capitals.json"] = QuizHostTests.capitals
        return try TestServer(content: content, games: { server in
            HangmanGame.register(server, seed: 42)
            QuizRoom.register(server, reviewPause: 0.2, nextGuard: 0)  // `next` at once: the 2 s guard has its own tests (QuizFlow11Tests)
        })
    }

    /// The console wraps long lines: read them as one.
    static func flat(_ admin: AdminConsole, _ line: String) -> String {
        admin.run(line).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func aSecondQuizEndKeepsTheClassInTheRoom() throws {
        let server = try Self.server()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        let room = try #require(QuizHostTests.roomID(admin.text("quiz host capitals")))
        ana.send("mode json")
        ana.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") != nil)
        _ = admin.run("quiz start")
        #expect(ana.waitForEvent("quiz.question") != nil)
        #expect(Self.flat(admin, "quiz end").contains("\(room) ended after 1 question"))
        #expect(ana.waitForEvent("quiz.result") != nil)
        let again = Self.flat(admin, "quiz end \(room)")
        #expect(again.contains("\(room) has already ended; its students are in its lobby. quiz start \(room) plays it again"), "\(again)")
        #expect(!again.contains("closed before it started"), "\(again)")
        // Still in the room, which is still open: the deck can be played again.
        #expect(!ana.transcript.contains { $0.contains("\"ev\":\"room.left\"") || $0.contains("room.closed") }, "\(ana.transcript.suffix(4))")
        #expect(admin.text("rooms").contains(room))
        #expect(Self.flat(admin, "quiz start \(room)").contains("\(room) started"))
        #expect(ana.waitForEvent("quiz.question") != nil)
        // In Spanish too.
        _ = admin.run("quiz end")
        _ = admin.run("lang es")
        let otraVez = Self.flat(admin, "cuestionario terminar \(room)")
        #expect(otraVez.contains("\(room) ya ha terminado"), "\(otraVez)")
    }

    @Test func theConsoleEndsAndMovesOnAStudentsQuizButDoesNotStartIt() throws {
        let server = try Self.server()
        let admin = try server.admin()
        let (room, clients) = try QuizSupport.room(server, deck: "capitals", names: ["Cy", "Dee"])
        // Not started: its host starts it; the console says so and leaves the room open.
        let early = Self.flat(admin, "quiz end \(room)")
        #expect(early.contains("\(room) has not started: its host starts it. room close \(room) closes it."), "\(early)")
        #expect(admin.text("rooms").contains(room))
        let start = Self.flat(admin, "quiz start \(room)")
        #expect(start.contains("\(room) is a student's quiz: its host starts it."), "\(start)")
        clients[0].send("start")
        #expect(clients[1].waitForEvent("quiz.question") != nil)
        // Moved on, then ended, from the console: results to the room, the host keeps the room.
        #expect(Self.flat(admin, "quiz next \(room)").contains("\(room): moving on."))
        #expect(clients[1].waitForEvent("quiz.question") { ($0["index"] as? Int) == 2 } != nil)
        let ended = Self.flat(admin, "quiz end \(room)")
        #expect(ended.contains("\(room) ended after 2 questions"), "\(ended)")
        #expect(clients[1].waitForEvent("quiz.result") != nil)
        #expect(clients[0].waitForEvent("round.end") != nil)
        // The student's room was not taken over: no "You run … from now on".
        #expect(!ended.contains("You run"), "\(ended)")
        // A room that is no quiz is said to be none.
        let hangman = try TestClient.loggedInJSON(port: server.port, name: "Eva")
        hangman.send("create hangman")
        let other = try #require(hangman.waitForEvent("room.joined")?["room"] as? String)
        #expect(Self.flat(admin, "quiz end \(other)").contains("\(other) is not a quiz."))
    }

    /// `room close` mid-round read "Ana left room hangman-1. The room is closed." (as if
    /// a classmate had left), the console did not say what became of the round, and a student
    /// away at that moment came back to "You have your place again" and the lobby.
    @Test func aRoomTheTeacherClosesSaysWhoClosedItAndWhatWasLost() throws {
        let server = try TestServer(configure: { $0.reconnectGrace = 30 },
                                    content: LessonSupport.content.merging(QuizSupport.content) { $1 },
                                    games: { server in HangmanGame.register(server, seed: 42) })
        let admin = try server.admin()
        let (room, ana, ben) = try PlayTestQuizTests.hangmanRoom(server)
        ana.send("start")
        #expect(ben.waitForEvent("hangman.state") != nil)
        ana.send("mode text")
        #expect(ana.waitFor("text") != nil)
        ben.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ben")
        let closed = Self.flat(admin, "room close \(room)")
        // Session 12: the round is no longer lost — it ends as `skip` ends it (saved, points kept).
        #expect(closed.contains("Room \(room) closed; its players are back in the lobby. The round being played ended as skip ends it: saved, with the points so far."), "\(closed)")
        #expect(ana.waitFor("Your teacher closed the room.") != nil, "\(ana.transcript.suffix(3))")
        let back = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let told = try #require(back.waitForEvent("info") { ($0["text"] as? String ?? "").contains("closed while you were away") })
        let text = told["text"] as? String ?? ""
        #expect(text.hasPrefix("Room \(room) closed while you were away: you are in the lobby."), "\(text)")
        #expect(text.contains("Your teacher closed the room."), "\(text)")
        // An idle room closes with the old words.
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("create hangman")
        let idle = try #require(cy.waitForEvent("room.joined")?["room"] as? String)
        #expect(Self.flat(admin, "room close \(idle)").contains("Room \(idle) closed; its players are back in the lobby."))
    }

    @Test func aSecondPauseSaysTheRoomIsAlreadyPaused() throws {
        let server = try Self.server()
        let admin = try server.admin()
        let (room, ana, ben) = try PlayTestQuizTests.hangmanRoom(server)
        ana.send("start")
        #expect(ben.waitForEvent("hangman.state") != nil)
        #expect(Self.flat(admin, "pause \(room)").contains(room))
        #expect(ben.waitForEvent("paused") != nil)
        let twice = Self.flat(admin, "pause \(room)")
        #expect(twice.contains("\(room) is already paused: resume \(room) starts its clock again."), "\(twice)")
        #expect(!twice.contains("no clock running"), "\(twice)")
        #expect(Self.flat(admin, "resume \(room)").contains(room))
        #expect(ben.waitForEvent("resumed") != nil)
        // In Spanish.
        _ = admin.run("lang es")
        _ = admin.run("pausa \(room)")
        #expect(Self.flat(admin, "pausa \(room)").contains("\(room) ya está en pausa: reanudar \(room)"))
    }
}
