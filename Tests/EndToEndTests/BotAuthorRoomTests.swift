import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom
@testable import AulaQuizRoom

/// The session 12 bot author's findings in hangman and quiz rooms. Each test
/// failed on the code before its fix.
@Suite(.lab) struct BotAuthorRoomTests {
    /// Back in a hangman room between rounds: only `welcome` and `room.joined`
    /// came, no `hangman.state` and nothing about who starts the next round.
    @Test func backInAHangmanRoomBetweenRoundsGetsTheRoomsState() throws {
        let server = try HangmanFixture.server { $0.reconnectGrace = 60 }
        defer { server.stop() }
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ana.send("start")
        _ = try #require(ana.nextState())
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        _ = try #require(ana.waitForEvent("round.end"))
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("join \(room)")
        _ = try #require(ben.waitForEvent("room.joined"))

        ben.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ben")
        let back = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        _ = try #require(back.waitForEvent("room.joined"))
        let state = try #require(back.nextState(), "\(back.transcript)")
        #expect(state["room"] as? String == room)
        let next = try #require(back.waitForEvent("info"), "\(back.transcript)")
        #expect((next["text"] as? String ?? "").contains("The host (Ana) can type start for another round."), "\(next)")

        // The host hears it in the second person.
        ana.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ana")
        let host = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        _ = try #require(host.nextState(), "\(host.transcript)")
        let yours = try #require(host.waitForEvent("info"))
        #expect((yours["text"] as? String ?? "").contains("Type start when you want another round."), "\(yours)")
    }

    /// Bare answers follow `answer X`: bare `-1` was `unknown_command` (`answer -1`:
    /// `answer_format`), bare `abc` on a scale `unknown_command`, and a 20-digit
    /// number `answer_format` where it is a number that is no answer.
    @Test func bareAnswersFollowTheRulesOfAnswer() throws {
        let server = try QuizSupport.server(virtualClock: true)
        defer { server.stop() }
        let (_, clients) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben"])
        let ana = clients[0], ben = clients[1]
        ana.send("start")
        for client in clients { _ = try #require(client.waitForEvent("quiz.question")) }
        for line in ["-1", "answer -1"] {
            ana.send(line)
            #expect(ana.nextErrorCode() == "answer_format", "\(line)")
        }
        for line in ["99999999999999999999", "answer 99999999999999999999"] {
            ana.send(line)
            #expect(ana.nextErrorCode() == "answer_out_of_range", "\(line)")
        }
        // A plain word that is a command stays a command.
        ana.send("who")
        #expect(ana.waitForEvent("who") != nil)
        for index in 1...2 {
            for client in clients { client.send(index == 1 ? "1" : "1 2") }
            _ = try #require(ben.waitForEvent("quiz.tally"))
            try server.advance(by: 0.3)
            let question = try #require(ben.waitForEvent("quiz.question"))
            #expect(question["index"] as? Int == index + 1)
            _ = try #require(ana.waitForEvent("quiz.question"))
        }
        // The scale question.
        for line in ["abc", "answer abc"] {
            ana.send(line)
            #expect(ana.nextErrorCode() == "answer_format", "\(line)")
        }
        for line in ["99999999999999999999", "answer 99999999999999999999"] {
            ana.send(line)
            #expect(ana.nextErrorCode() == "answer_out_of_range", "\(line)")
        }
        ana.send("7,5")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("Answer to question 3") } != nil, "\(ana.transcript.suffix(3))")
    }

    /// `skip` during a pause went straight on (the next question, the round's
    /// end) with no `resumed`; a skip ends the pause and now says so first.
    @Test func aSkipDuringAPauseSaysResumedFirst() throws {
        let server = try LessonSupport.server(virtualClock: true)
        defer { server.stop() }
        let admin = try server.admin()
        let (room, clients) = try QuizSupport.room(server, deck: "short", names: ["Ana", "Ben"])
        let ben = clients[1]
        clients[0].send("start")
        for client in clients { _ = try #require(client.waitForEvent("quiz.question")) }
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        _ = try #require(ben.waitForEvent("quiz.tally"))
        #expect(admin.text("pause \(room)").contains("Paused: \(room)"))
        _ = try #require(ben.waitForEvent("paused"))
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        let resumed = try #require(ben.waitForEvent("resumed"), "\(ben.transcript.suffix(4))")
        #expect(resumed["room"] as? String == room)
        #expect(ben.waitForEvent("quiz.question")?["index"] as? Int == 2, "\(ben.transcript.suffix(4))")

        // A paused hangman round: resumed, then the round's end.
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("create hangman")
        let hangman = try #require(cy.waitForEvent("room.joined")?["room"] as? String)
        cy.send("start")
        _ = try #require(cy.nextState())
        #expect(admin.text("pause \(hangman)").contains("Paused: \(hangman)"))
        _ = try #require(cy.waitForEvent("paused"))
        #expect(admin.text("skip \(hangman)").contains("Moved on: \(hangman)"))
        _ = try #require(cy.waitForEvent("resumed"), "\(cy.transcript.suffix(4))")
        #expect(cy.waitForEvent("round.end") != nil, "\(cy.transcript.suffix(4))")
    }
}
