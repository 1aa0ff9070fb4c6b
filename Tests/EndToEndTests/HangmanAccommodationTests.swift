import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12's play test: `accommodate Hugo time 2` left Hugo 30 s turns and
/// untimed Luis ran out of time in hangman, while the guide promises longer
/// clocks "in every game". Virtual clock, over TCP; one player, so every turn is theirs.
@Suite(.lab, .serialized) struct HangmanAccommodationTests {
    /// Ana alone in a hangman room with 15 s turns.
    static func aloneInARoom(_ server: TestServer) throws -> (TestClient, String) {
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman medium prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ana.send("set turn 15")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("15 seconds") == true } != nil)
        return (ana, room)
    }

    /// `time 2`: the turn lasts 30 s, warned at 10 s left (20 s in), not at 5 s.
    @Test func aLongerTimeStretchesEveryTurn() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let admin = try server.admin()
        let (ana, _) = try Self.aloneInARoom(server)
        #expect(admin.text("accommodate Ana time 2").contains("Applied now"))
        ana.send("start")
        let state = try #require(ana.nextState())
        #expect(state["turn_seconds_left"] as? Int == 30, "\(state)")
        try server.advance(by: 16)
        ana.send("state")
        let later = try #require(ana.nextState())
        #expect(later["turn_seconds_left"] as? Int == 14, "\(later)")
        #expect(!ana.transcript.contains { $0.contains("ran out of time") }, "\(ana.transcript.suffix(4))")
        try server.advance(by: 4)
        let timer = try #require(ana.waitForEvent("timer", timeout: 4))
        #expect(timer["seconds_left"] as? Int == 10)
    }

    /// `untimed`: no clock shown, no warning, no timeout for as long as a turn of the
    /// room's ×4 (at least 5 minutes); past that cap the turn passes.
    @Test func untimedTurnsShowNoClockAndWaitForTheStudent() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let admin = try server.admin()
        let (ana, _) = try Self.aloneInARoom(server)
        _ = admin.run("accommodate Ana untimed")
        ana.send("start")
        let state = try #require(ana.nextState())
        #expect(state["turn_seconds_left"] is NSNull, "\(state)")
        try server.advance(by: 200)
        ana.send("state")
        let later = try #require(ana.nextState())
        #expect(later["turn_seconds_left"] is NSNull, "\(later)")
        #expect(!ana.transcript.contains { $0.contains("ran out of time") || $0.contains("\"timer\"") },
                "\(ana.transcript.suffix(4))")
        try server.advance(by: 101)
        #expect(ana.waitForEvent("info", timeout: 4) { ($0["text"] as? String)?.contains("ran out of time") == true } != nil)
    }

    /// Given mid-turn: more time applies to the open turn at once (time used kept) and
    /// she is told; less time waits for her next turn, and the console says so rather
    /// than "Applied now".
    @Test func midTurnMoreTimeAppliesNowAndLessWaits() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        let admin = try server.admin()
        let (ana, room) = try Self.aloneInARoom(server)
        ana.send("start")
        _ = try #require(ana.nextState())
        try server.advance(by: 10)
        #expect(admin.text("accommodate Ana time 2").contains("Applied now"))
        #expect(ana.waitForEvent("info") { ($0["text"] as? String) == "Your teacher gave you more time on your turns." } != nil)
        let stretched = try #require(ana.nextState())
        #expect(stretched["turn_seconds_left"] as? Int == 20, "\(stretched)")
        let less = admin.text("accommodate Ana time 1.5")
        #expect(!less.contains("Applied now"), "\(less)")
        #expect(less.replacingOccurrences(of: "\n  ", with: " ").contains("Ana is on a turn in \(room): this turn keeps its clock"), "\(less)")
        ana.send("state")
        #expect(ana.nextState()?["turn_seconds_left"] as? Int == 20)
    }
}
