import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 10, a bot written from docs/protocol.md: lines sent together ran out
/// of order whenever one of them waited for the database. `play w1-01` then the
/// program in one write ran `code` and every program line in the lobby first
/// ("works inside a room"), and `me who top` was answered who, me, top. Now a
/// student's next lines wait for the answer the database owes, then run in the
/// order typed. Both failed on the old code.
@Suite(.lab) struct LinesInOrderTests {
    static func server() throws -> TestServer {
        try TestServer(configure: {
            $0.contentDirectory = ClassPeriodTests.shippedContent
            LevelTestContent.fastTyping(&$0)
        })
    }

    /// The names of the JSON events received, in order.
    static func events(_ client: TestClient) -> [String] {
        client.transcript.compactMap { line in
            guard let data = line.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return object["ev"] as? String
        }
    }

    @Test func aLevelAndItsProgramPastedTogetherRunInOrder() throws {
        let server = try Self.server()
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Bot")
        bot.sendRaw(Array("play w1-01\ncode\nwalk();\nwalk();\nwalk();\nwalk();\n.\nsubmit\n".utf8))
        let result = try #require(bot.waitForEvent("level.result"))
        #expect(result["solved"] as? Bool == true, "\(bot.transcript.suffix(6))")
        // Not one line ran in the lobby.
        #expect(!bot.transcript.contains { $0.contains("\"unknown_command\"") || $0.contains("open a level first") },
                "\(bot.transcript)")
    }

    /// Session 11, a hostile play test: a `submit` that solves saves before it
    /// answers, and `submit` then `leave` (or `who`) in one write answered `who`
    /// first, and after `leave` the verdict was never shown.
    @Test func linesAfterASolvingSubmitWaitForItsVerdict() throws {
        let server = try Self.server()
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Bot")
        bot.sendRaw(Array("play w1-01\ncode\nwalk();\nwalk();\nwalk();\nwalk();\n.\nsubmit\nwho\nleave\n".utf8))
        let left = try #require(bot.waitForEvent("room.left"))
        #expect(left["player"] as? String == "Bot")
        let events = Self.events(bot)
        let result = try #require(events.firstIndex(of: "level.result"), "\(events)")
        let who = try #require(events.firstIndex(of: "who"), "\(events)")
        #expect(result < who, "\(events)")
        #expect(bot.transcript.contains { $0.contains("\"level.result\"") && $0.contains("\"solved\":true") })

        // The same in text: the student reads the verdict before leaving.
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.sendRaw(Array("play w1-01\ncode\nwalk();\nwalk();\nwalk();\nwalk();\n.\nsubmit\nleave\n".utf8))
        let solved = try #require(ana.waitFor("Solved"))
        #expect(!solved.isEmpty)
        #expect(ana.waitFor("You left room") != nil)
    }

    @Test func answersComeInTheOrderTheLinesWereSent() throws {
        let server = try Self.server()
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Bot")
        let before = Self.events(bot).count
        bot.sendRaw(Array("me\nwho\ntop\nrooms\nlevels\nnotes\n".utf8))
        #expect(bot.waitForEvent("level.notes") != nil)
        let answers = Self.events(bot).dropFirst(before).filter { $0 != "prompt" }
        #expect(Array(answers) == ["me", "who", "leaderboard", "rooms", "level.map", "level.notes"], "\(answers)")
    }
}
