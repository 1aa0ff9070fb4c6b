import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// A race round over TCP with four players (SPEC §12): everyone guesses at
/// once, the room sees progress but not letters, each sees their own state,
/// the round ends when all are done, saved and on the leaderboard.
@Suite(.lab, .slow, .serialized) struct HangmanRaceEndToEndTests {
    @Test func fourPlayersRaceTheSameWord() throws {
        let server = try HangmanFixture.server()
        let names = ["Ana", "Ben", "Cy", "Dee"]
        let c = try names.map { try TestClient.loggedInJSON(port: server.port, name: $0) }
        c[0].send("create hangman race easy prueba-es")
        let room = try #require(c[0].waitForEvent("room.joined")?["room"] as? String)
        for client in c.dropFirst() {
            client.send("join \(room)")
            #expect(client.waitForEvent("room.joined") != nil)
        }
        c[0].send("start")
        for client in c {
            let state = try #require(client.nextState())
            #expect(state["turn"] is NSNull)
            #expect(state["turn_seconds_left"] as? Int == 120)
            let race = try #require(client.waitForEvent("hangman.race"))
            #expect((race["players"] as? [[String: Any]])?.count == 4)
        }
        // All at once: Ana and Ben type "g" together; Cy misses; Dee does nothing yet.
        c[0].send("g")
        c[1].send("g")
        c[2].send("z")
        let anaState = try #require(c[0].nextState())
        #expect((anaState["mask"] as? String)?.contains("g") == true)
        let cyState = try #require(c[2].nextState())
        #expect(cyState["misses"] as? [String] == ["z"])
        #expect((cyState["lives"] as? [String: Int])?["Cy"] == 7)   // easy: 8 lives
        // Dee sees progress lines but never anyone's letters.
        let seen = c[3].waitForEvent("hangman.race") { ev in
            ((ev["players"] as? [[String: Any]]) ?? []).contains { $0["name"] as? String == "Cy" && $0["lives"] as? Int == 7 }
        }
        #expect(seen != nil)
        #expect(!c[3].transcript.contains { $0.contains("\"hangman.guess\"") })
        // Everyone solves: one of the deck's words is right for all.
        for client in c {
            for word in HangmanFixture.words { client.send("solve \(word)") }
        }
        let end = try #require(c[3].waitForEvent("round.end", timeout: 8))
        #expect(end["outcome"] as? String == "solved")
        let rows = end["round"] as? [[String: Any]] ?? []
        #expect(rows.count == 4)
        #expect(rows.map { $0["rank"] as? Int ?? 0 }.first == 1)
        let points = rows.map { $0["points"] as? Int ?? 0 }
        #expect(points == points.sorted(by: >))
        #expect(points[0] >= 50)                        // the first to complete got the bonus
        let saved = try server.running.server.store.sync { db in try db.roundCount() }
        #expect(saved == 1)
    }
}
