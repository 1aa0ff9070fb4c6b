import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// `aula forget` beside a running server, on a student still playing (session 9,
/// a teacher's week: the classmates' hangman round was "not saved" — a foreign
/// key failed for the forgotten one and took everyone's points with it).
@Suite(.lab, .slow) struct ForgetWhilePlayingTests {
    @Test func theClassmatesRoundIsSavedWhenOnePlayerWasForgottenMidRound() throws {
        let server = try HangmanFixture.server()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        _ = try #require(ben.waitForEvent("room.joined"))
        ana.send("start")
        var state = try #require(ana.nextState())

        let forgot = try CommandLineTests.aula(["forget", "Ben", "--yes", "--db", server.databasePath])
        #expect(forgot.status == 0, "\(forgot.out) \(forgot.err)")
        #expect(forgot.out.contains("The server is running: if Ben is still connected, kick them from the console (kick open/Ben)."),
                "\(forgot.out)")

        var letters = HangmanFixture.letters[...]
        while let letter = letters.popFirst() {
            let turn = state["turn"] as? String
            (turn == "Ben" ? ben : ana).send(String(letter))
            guard letters.isEmpty == false else { break }
            state = try #require(ana.nextState())
        }
        let end = try #require(ana.waitForEvent("round.end"))
        #expect(end["outcome"] as? String == "solved")
        ana.send("top hangman")
        let top = try #require(ana.waitForEvent("leaderboard"))
        let rows = top["rows"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["name"] as? String } == ["Ana"], "\(rows)")
        #expect((rows.first?["points"] as? Int ?? 0) > 0, "\(rows)")
        let said = ana.transcript.joined(separator: "\n")
        #expect(!said.contains("could not be saved"), "\(said)")
    }

    /// A forgotten student still connected solves a level: told the result is not
    /// kept because their records were deleted (not "could not be saved right now"),
    /// and the console is told to kick them (a re-play: it showed nothing).
    @Test func aForgottenStudentStillPlayingIsToldTheirResultIsNotKept() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        let forgot = try CommandLineTests.aula(["forget", "Ana", "--yes", "--db", server.databasePath])
        #expect(forgot.status == 0, "\(forgot.out) \(forgot.err)")
        ana.send("code")
        ana.type(["walk();", "walk();", "walk();", "walk();"])
        ana.send(".")
        ana.send("submit")
        let told = try #require(ana.waitForEvent("error"))
        #expect(told["code"] as? String == "level_not_kept", "\(told)")
        #expect(admin.client.waitFor("was forgotten but is still playing") != nil)
    }
}
