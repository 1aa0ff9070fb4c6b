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
