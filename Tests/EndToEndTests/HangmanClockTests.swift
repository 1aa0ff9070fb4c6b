import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 15 over TCP: the turn clock students can see (`turn_seconds_left`,
/// the 10-second warning, the timeout), the BEL at the start of a turn in
/// text mode only, and the end of a round where everyone was benched.
@Suite(.lab, .slow, .serialized) struct HangmanClockTests {
    /// In virtual time (issue 18): the 11-second turn takes no 11 seconds.
    @Test func aTurnWarnsAtTenSecondsThenTimesOutWithoutCost() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman medium prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(room)")
        #expect(ana.waitForEvent("room.joined") { ($0["players"] as? [String]) == ["Ana", "Ben"] } != nil)
        ana.send("set turn 11")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("11 seconds") == true } != nil)
        ana.send("start")
        let state = try #require(ana.nextState())
        _ = ben.nextState()
        #expect(state["turn_seconds_left"] as? Int == 11)
        let turn = try #require(state["turn"] as? String)
        let (holder, other) = turn == "Ana" ? (ana, ben) : (ben, ana)
        // At 10 s left: the player gets `timer`, the room an info naming them.
        try server.advance(by: 1)
        let timer = try #require(holder.waitForEvent("timer", timeout: 4))
        #expect(timer["seconds_left"] as? Int == 10)
        #expect(timer["room"] as? String == room)
        #expect(other.waitForEvent("info", timeout: 2) { ($0["text"] as? String) == "10 seconds, \(turn)!" } != nil)
        // Then the turn runs out: it passes, no life lost, and the clock starts again.
        try server.advance(by: 10)
        let passed = try #require(other.waitForEvent("hangman.state", timeout: 14))
        #expect(passed["turn"] as? String != turn)
        #expect((passed["lives"] as? [String: Int])?[turn] == 5)
        #expect(passed["turn_seconds_left"] as? Int == 11)
        // `state` shows the clock running down.
        other.send("state")
        let asked = try #require(other.nextState())
        #expect((asked["turn_seconds_left"] as? Int).map { $0 >= 1 && $0 <= 11 } == true)
    }

    @Test func theBellRingsOnlyInTextModeAndCanBeTurnedOff() throws {
        let server = try HangmanFixture.server()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("create hangman easy prueba-es")
        #expect(ana.waitFor("start") != nil)
        ana.send("start")
        #expect(ana.waitFor("Your turn") != nil)
        #expect(ana.rawBytes(timeout: 0.3).contains(0x07))
        // Solve it, turn the bell off, play again: no BEL.
        ana.send("solve gato")
        ana.send("solve toga")
        ana.send("solve gota")
        #expect(ana.waitFor("Room total") != nil)
        ana.send("bell off")
        #expect(ana.waitFor("Bell off") != nil)
        ana.send("start")
        #expect(ana.waitFor("Your turn") != nil)
        #expect(!ana.rawBytes(timeout: 0.3).contains(0x07))
        ana.send("campana on")
        #expect(ana.waitFor("Bell on") != nil)

        // JSON: never a BEL.
        let cy = try TestClient.loggedInJSON(port: server.port, name: "Cy")
        cy.send("create hangman easy prueba-es")
        _ = cy.waitForEvent("room.joined")
        cy.send("start")
        _ = cy.nextState()
        let raw = cy.rawBytes(timeout: 0.3)
        #expect(!raw.contains(0x07))
        #expect(!cy.transcript.contains { $0.contains("\u{07}") })
    }

    @Test func everyoneBenchedForTimeoutsEndsWithItsOwnReason() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman medium prueba-es")
        _ = ana.waitForEvent("room.joined")
        ana.send("set turn 5")
        _ = ana.waitForEvent("info")
        ana.send("start")
        _ = try #require(ana.nextState())
        // Three 5-second turns run out: benched. Not one second more, so the
        // round's save wait (3 s) is still running when the store answers.
        try server.advance(by: 15)
        let end = try #require(ana.waitForEvent("round.end", timeout: 20))
        #expect(end["outcome"] as? String == "everyone_benched")
        #expect((end["round"] as? [[String: Any]])?.first?["rank"] as? Int == 1)
    }
}

/// Text mode over TCP: after a miss only the one who missed sees their own
/// gallows; the others see the gallows of the player whose turn it is.
@Suite(.lab, .slow, .serialized) struct HangmanOwnGallowsTests {
    /// Lines up to (and including) the next turn line of a state.
    func untilTurnLine(_ c: TestClient) -> [String] {
        var lines: [String] = []
        while let line = c.readLine(timeout: 3) {
            lines.append(line)
            if line.contains("Your turn") || line.contains("Waiting for") { break }
        }
        return lines
    }

    @Test func onlyTheOneWhoMissedSeesTheirGallows() throws {
        let server = try HangmanFixture.server()
        let names = ["Ana", "Ben", "Cy"]
        let c = try names.map { try TestClient.loggedIn(port: server.port, name: $0) }
        c[0].send("create hangman medium prueba-es")
        #expect(c[0].waitFor("start") != nil)
        for client in c.dropFirst() {
            client.send("join hangman-1")
            #expect(client.waitFor("joined") != nil)
        }
        c[0].send("start")
        for client in c { #expect(client.waitFor("New round") != nil) }
        let first = c.map(untilTurnLine)
        let turn = try #require(first.firstIndex { $0.contains { $0.contains("Your turn") } })
        c[turn].send("z")
        let after = c.map(untilTurnLine)
        let gallows = after.map { lines in lines.contains { $0.contains("==========") } }
        for i in c.indices {
            // Only the one who missed; the next player has no misses, so no gallows for the rest.
            #expect(gallows[i] == (i == turn), "\(names[i]): \(after[i])")
        }
    }
}
