import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12's play test of a quiz the teacher runs from the console: what the
/// students read. Over TCP, with `QuizHostTests`' deck.
@Suite(.lab, .slow, .serialized) struct HostedQuizWordsTests {
    /// A class, Ana in the lobby, `quiz host capitals`: the console, the room and Ana (joined).
    static func hosted() throws -> (TestServer, AdminConsole, String, String, TestClient) {
        let server = try QuizHostTests.server()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        let room = try #require(QuizHostTests.roomID(admin.text("quiz host capitals")))
        ana.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") != nil)
        return (server, admin, code, room, ana)
    }

    /// A student's `start`, `next` or `teams auto` reads "Only your teacher can do
    /// that.", never the teacher's login name ("Only the host (garcia)…").
    @Test func studentsReadYourTeacherNotTheLoginName() throws {
        let (server, _, _, _, ana) = try Self.hosted()
        defer { withExtendedLifetime(server) {} }  // the server stops when let go
        for line in ["start", "teams auto 2"] {
            ana.send(line)
            let error = try #require(ana.waitForEvent("error"), "\(line): \(ana.transcript.suffix(8))")
            #expect(error["code"] as? String == "not_host")
            #expect(error["message"] as? String == "Only your teacher can do that.", "\(line): \(error)")
        }
        ana.send("lang es")
        _ = ana.waitForEvent("info")
        ana.send("start")
        #expect(ana.waitForEvent("error")?["message"] as? String == "Solo tu docente puede hacer eso.")
        #expect(!ana.transcript.contains { $0.contains("garcia") }, "\(ana.transcript)")
    }

    /// A student who logs in after `quiz host` is told how to join it, like those
    /// who were in the lobby; once it has started, no longer.
    @Test func aLateStudentIsToldHowToJoin() throws {
        let (server, admin, code, room, _) = try Self.hosted()
        let ben = try TestClient.loggedInClass(port: server.port, name: "Ben", code: code)
        let told = try #require(ben.waitForEvent("info") { ($0["text"] as? String)?.contains("join \(room)") == true })
        #expect(told["text"] as? String == "Your teacher opened \(room) (Capitals): type join \(room).")
        #expect(admin.text("quiz start").contains(room))
        let cy = try TestClient.loggedInClass(port: server.port, name: "Cy", code: code)
        cy.send("me")
        _ = cy.waitForEvent("me")
        #expect(!cy.transcript.contains { $0.contains("join \(room)") }, "\(cy.transcript)")
    }

    /// Kicked mid-quiz, let back in (`unkick`) and joining again: one line says he
    /// is back and plays on (he is a player), not "watches until the next round"
    /// followed by "is back in the quiz".
    @Test func aKickedStudentRejoiningIsBackAsAPlayerSaidOnce() throws {
        let (server, admin, code, room, ana) = try Self.hosted()
        var luis = try TestClient.loggedInClass(port: server.port, name: "Luis", code: code)
        luis.send("join \(room)")
        #expect(luis.waitForEvent("room.joined") != nil)
        #expect(admin.text("quiz start").contains(room))
        #expect(luis.waitForEvent("quiz.question") != nil)
        _ = admin.run("kick Luis")
        #expect(luis.waitForClose())
        _ = admin.run("unkick Luis")
        luis = try TestClient.loggedInClass(port: server.port, name: "Luis", code: code)
        luis.send("join \(room)")
        let joined = try #require(luis.waitForEvent("room.joined"))
        #expect(joined["spectator"] as? Bool == false, "\(joined)")
        #expect((joined["players"] as? [String])?.contains("Luis") == true, "\(joined)")
        #expect(luis.waitForEvent("quiz.question") != nil)
        // The room (and the console following it) reads it once, as the truth.
        let back = admin.text("rooms")  // the console follows the room: its echo comes first
        #expect(back.contains("Luis is back in room \(room) and plays on."), "\(back)")
        #expect(!back.contains("watches until the next round") && !back.contains("is back in the quiz"), "\(back)")
        #expect(ana.waitForEvent("room.joined") { $0["player"] as? String == "Luis" }?["spectator"] as? Bool == false)
        ana.send("me")
        _ = ana.waitForEvent("me")
        #expect(!ana.transcript.contains { $0.contains("is back in the quiz") }, "\(ana.transcript.suffix(5))")
        #expect(!luis.transcript.contains { $0.contains("watches until the next round") || $0.contains("is back in the quiz") })
    }
}
