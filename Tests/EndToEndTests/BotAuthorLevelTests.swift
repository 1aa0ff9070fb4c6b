import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The session 12 bot author's findings in level rooms and class challenges.
/// Each test failed on the code before its fix.
@Suite(.lab) struct BotAuthorLevelTests {
    /// `level.opened` sent again (a reconnect, a watcher joining) said
    /// `seconds_left:120` 24 s in, then `timer` 96; a watcher got no `timer`.
    @Test func levelOpenedSentAgainTellsTheTimeLeft() throws {
        let server = try TestServer(virtualClock: true, configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 60
        }, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        let first = try #require(ana.waitForEvent("level.opened"))
        #expect(first["seconds_left"] as? Int == 120)
        let room = try #require(first["room"] as? String)
        _ = try #require(ana.waitForEvent("timer"))
        ana.send("set watchers on")
        _ = try #require(ana.waitForEvent("info") { ($0["text"] as? String ?? "").lowercased().contains("watch") })
        try server.advance(by: 24)

        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("join \(room)")
        let watched = try #require(ben.waitForEvent("level.opened"), "\(ben.transcript)")
        #expect(watched["seconds_left"] as? Int == 96, "\(watched)")
        #expect(watched["time_limit"] as? Int == 120)
        let benTimer = try #require(ben.waitForEvent("timer"), "\(ben.transcript)")
        #expect(benTimer["seconds_left"] as? Int == 96, "\(benTimer)")

        ana.close()
        try LevelRoomFixesTests.waitUntilDropped(server, "Ana")
        let back = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let again = try #require(back.waitForEvent("level.opened"))
        #expect(again["seconds_left"] as? Int == 96, "\(again)")
        let timer = try #require(back.waitForEvent("timer"))
        #expect(timer["seconds_left"] as? Int == 96, "\(timer)")
    }

    /// A student who left a class challenge got the room's `round.end` at
    /// `challenge stop` (room `level-7`, outcome `challenge`) and no prompt.
    @Test func aStudentWhoLeftAChallengeGetsTheLeaderboardAndThePrompt() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        #expect(admin.text("challenge start t-02 2").contains("started with 2 students"))
        for client in [ana, ben] { _ = try #require(client.waitForEvent("level.opened")) }
        ana.send("leave")
        _ = try #require(ana.waitForEvent("room.left"))
        _ = try #require(ana.waitForEvent("prompt") { $0["kind"] as? String == "command" })

        admin.client.send("challenge stop")
        #expect(admin.client.waitFor("Challenge stopped.") != nil)
        _ = try #require(ana.waitForEvent("leaderboard") { $0["scope"] as? String == "challenge:t-02" })
        let prompt = ana.waitForEvent("prompt")
        #expect(prompt?["kind"] as? String == "command", "\(ana.transcript)")
        ana.send("who")
        _ = try #require(ana.waitForEvent("who"))
        let events = ana.transcript.compactMap(TestClient.json).compactMap { $0["ev"] as? String }
        #expect(!events.contains("round.end"), "\(ana.transcript)")
        // Ben, still in his room, gets the room's round.end as before.
        _ = try #require(ben.waitForEvent("leaderboard"))
        let end = try #require(ben.waitForEvent("round.end"))
        #expect(end["outcome"] as? String == "challenge")
    }
}
