import Foundation
import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// What a failed `submit` says, by how many layouts the level has (session 9:
/// a one-layout level read "This layout is where your program failed; it is now
/// the board you see:" above the board already shown, then "solved 0 of 1 layouts").
@Suite(.lab) struct LevelFailureWordingTests {
    @Test(arguments: [false, true]) func aOneLayoutLevelSaysItWasNotSolvedAndShowsWhereTheRunStopped(spanish: Bool) throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        if spanish { ana.send("lang es") }
        ana.send("play t-01")
        #expect(ana.waitFor("2:00") != nil)
        ana.send("code")
        ana.send("walk();")
        ana.send(".")
        ana.send("submit")
        let verdict = try #require(ana.waitFor(spanish ? "Todavía no" : "Not yet"))
        #expect(verdict.contains(spanish ? "tu programa no resolvió el nivel" : "your program did not solve the level"))
        // The board comes after the verdict (session 10).
        #expect(ana.waitFor(spanish ? "Dónde se detuvo la ejecución:" : "Where the run stopped:") != nil)
        let said = ana.transcript.joined(separator: "\n")
        #expect(!said.contains(spanish ? "En esta disposición falló" : "This layout is where your program failed"))
        #expect(!said.contains(spanish ? "de 1 disposiciones" : "of 1 layouts"))
    }

    /// `play` a locked level from one's own level room: refused, and still in the
    /// room (a re-play: the room was left first, then the move refused).
    @Test func aLockedLevelFromOnesOwnLevelRoomKeepsTheRoom() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        let room = try #require(ana.waitForEvent("level.opened")?["room"] as? String)
        let before = ana.transcript.count
        ana.send("play t-02")
        #expect(ana.nextErrorCode() == "level_locked")
        ana.send("board")
        #expect(ana.waitForEvent("level.board")?["room"] as? String == room)
        let said = ana.transcript[before...].compactMap { TestClient.json($0)?["ev"] as? String }
        #expect(!said.contains("room.left"), "\(said)")
        // An open level still moves her on.
        ana.send("play t-rand")
        #expect(ana.waitForEvent("room.left")?["room"] as? String == room)
        #expect(ana.waitForEvent("level.opened")?["level"] as? String == "t-rand")
    }

    @Test func aLevelOfSeveralLayoutsStillPointsAtTheOneThatFailed() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("play t-rand")
        #expect(ana.waitFor("2:00") != nil)
        ana.send("code")
        ana.send("walk();")
        ana.send(".")
        ana.send("submit")
        let verdict = try #require(ana.waitFor("Not yet"))
        #expect(verdict.contains("of 3 layouts"))
        #expect(ana.waitFor("This layout is where your program failed") != nil)  // after the verdict (session 10)
    }
}
