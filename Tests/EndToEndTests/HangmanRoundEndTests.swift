import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom
import AulaStore

/// The end of a hangman round, one implementation for turns and race
/// (HangmanRoundEnd.swift): who is listed as playing afterwards, a race that
/// cannot start over a race still being saved, and a refused save that the
/// teacher's log shows in both modes.
@Suite(.lab, .serialized) struct HangmanRoundEndTests {
    /// The `rooms` row of `room` as a student in the lobby sees it.
    static func roomRow(_ viewer: TestClient, _ room: String) -> [String: Any]? {
        viewer.send("rooms")
        let rows = viewer.waitForEvent("rooms")?["rooms"] as? [[String: Any]]
        return rows?.first { $0["room"] as? String == room }
    }

    @Test func aPlayerBenchedForMissedTurnsIsListedAsPlayingOnceTheRoundEnds() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ana.send("set turn 5")
        ben.send("join \(room)")
        _ = try #require(ben.waitForEvent("room.joined"))
        ana.send("start")
        var state = try #require(ana.nextState())
        // Ana misses on her turns (no word of the deck has x, z, k); Ben lets
        // his run out, three times in a row: he is benched.
        var misses = ["x", "z", "k"][...]
        var timeouts = 0
        while timeouts < 3 {
            if state["turn"] as? String == "Ana" {
                guard let letter = misses.popFirst() else { throw TestError("Ana ran out of misses") }
                ana.send(letter)
            } else {
                try server.advance(by: 5.5)
                timeouts += 1
            }
            state = try #require(ana.nextState())
        }
        #expect(state["turn"] as? String == "Ana")
        // Every state says who is benched (session 10: a bot could not tell; the lives showed 7/7).
        #expect(state["benched"] as? [String] == ["Ben"], "\(state)")
        // Ben is told in his own words that he plays again next round (session 9).
        let told = try #require(ben.waitForEvent("info") { ($0["text"] as? String)?.hasPrefix("You missed") == true })
        #expect(told["text"] as? String == "You missed three turns in a row, so you watch the rest of this round. You play again from the next round.")
        let benched = try #require(Self.roomRow(cy, room))
        #expect(benched["players"] as? Int == 1, "\(benched)")
        #expect(benched["spectators"] as? Int == 1, "\(benched)")
        // Ana finds the word; the round ends and Ben plays the next one.
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        let end = try #require(ana.waitForEvent("round.end"))
        #expect(end["outcome"] as? String == "solved")
        let after = try #require(Self.roomRow(cy, room))
        #expect(after["players"] as? Int == 2, "\(after)")
        #expect(after["spectators"] as? Int == 0, "\(after)")
        ana.send("start")
        let next = try #require(ana.nextState())
        let lives = try #require(next["lives"] as? [String: Int])
        #expect(Set(lives.keys) == ["Ana", "Ben"])
        #expect(next["benched"] == nil, "\(next)")
    }

    @Test func aRaceDoesNotStartWhileTheLastOneIsStillBeingSaved() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try NotSavedTests.raceRound(server)
        let other = try Database(path: server.databasePath, busyTimeout: 0)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        // The race is over, its save held by the lock: no new race yet.
        #expect(ana.waitForEvent("hangman.race", where: { ($0["players"] as? [[String: Any]])?.first?["done"] as? Bool == true }) != nil)
        ana.send("start")
        #expect(ana.nextErrorCode() == "round_in_progress")
        try other.execute("ROLLBACK")
        #expect(ana.waitForEvent("round.end") != nil)
        ana.send("start")
        #expect(ana.waitForEvent("hangman.race") != nil)
    }

    /// A sweep: Sofía completed the race's word and left; the final standings
    /// left her out while the round's points right below had her first.
    @Test func aRacesFinalStandingsKeepWhoCompletedAndLeft() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman race easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        _ = try #require(ben.waitForEvent("room.joined"))
        ana.send("start")
        _ = try #require(ben.waitForEvent("hangman.race"))
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        #expect(ben.waitForEvent("info") { ($0["text"] as? String)?.contains("Ana") == true } != nil)
        ana.send("leave")
        _ = try #require(ana.waitForEvent("room.left"))
        for letter in HangmanFixture.letters { ben.send(String(letter)) }
        _ = try #require(ben.waitForEvent("round.end"))
        let races = ben.transcript.compactMap(TestClient.json).filter { $0["ev"] as? String == "hangman.race" }
        let last = try #require(races.last)
        let names = (last["players"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(names) == ["Ana", "Ben"], "\(last)")
    }

    @Test func aRefusedSaveIsLoggedAsAnErrorInBothModes() throws {
        for mode in ["", "race "] {
            let capture = LogCapture()
            let server = try TestServer(virtualClock: true, logOutput: capture,
                                        content: ["Decks/words/prueba-es.json": HangmanFixture.deck],
                                        games: { HangmanGame.register($0, seed: 42) })
            let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
            ana.send("create hangman \(mode)easy prueba-es")
            _ = try #require(ana.waitForEvent("room.joined"))
            ana.send("start")
            _ = try #require(ana.nextState())
            server.running.server.store.injectedFailure = StoreError(code: 10, message: "disk I/O error (test)")
            for letter in HangmanFixture.letters { ana.send(String(letter)) }
            let (info, end) = NotSavedTests.infoThenEnd(ana)
            server.running.server.store.injectedFailure = nil
            #expect(end != nil, "mode \(mode)")
            #expect(info == "The scores of this round could not be saved. Your teacher has been told.")
            _ = server.running.onLoop { _ in true }
            #expect(capture.lines.contains { $0.contains(" error hangman.round_not_saved room=") }, "mode \(mode): \(capture.lines)")
        }
    }
}
