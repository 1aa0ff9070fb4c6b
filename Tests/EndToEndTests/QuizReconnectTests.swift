import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Quiz rooms and people who drop out or need more time.
@Suite(.lab) struct QuizReconnectTests {
    @Test func aDroppedPlayerKeepsTheirTeamAndGetsTheQuestionBack() throws {
        let server = try QuizSupport.server()
        let (_, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben"])
        c[1].send("team Owls")
        #expect(c[1].waitForEvent("info") { ($0["text"] as? String)?.contains("Ben is in team Owls") == true } != nil)
        c[0].send("start")
        #expect(c[1].waitForEvent("quiz.question") != nil)
        c[1].close()
        #expect(c[0].waitForEvent("info") { ($0["text"] as? String)?.contains("lost the connection") == true } != nil)

        let back = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let question = back.waitForEvent("quiz.question")
        #expect(question?.int("index") == 1)
        #expect((question?.int("seconds") ?? 99) <= 5)
        back.send("teams")
        let teams = back.waitForEvent("quiz.teams")?.list("teams") ?? []
        #expect(teams.contains { $0["team"] as? String == "Owls" && ($0["members"] as? [String])?.contains("Ben") == true })
        back.send("2")
        c[0].send("1")
        #expect(back.waitForEvent("quiz.tally")?["counts"] as? [Int] == [1, 1, 0, 0])
    }

    @Test func aStudentWithExtraTimeSeesTheirOwnCountdown() throws {
        let server = try QuizSupport.server()
        let (_, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben"])
        // What the admin console will do: Ben gets twice the time.
        _ = server.running.onLoop { server in
            server.players.values.first { $0.name == "Ben" }?.timeMultiplier = 2
        }
        c[0].send("start")
        #expect(c[0].waitForEvent("quiz.question")?.int("seconds") == 5)
        // Told to Ben alone, at the start.
        #expect(c[1].waitForEvent("info") { ($0["text"] as? String)?.contains("Ben gets extra time (x2)") == true } != nil)
        #expect(c[1].waitForEvent("quiz.question")?.int("seconds") == 10)
        c[1].send("1")
        c[0].send("1")
        #expect(c[0].waitForEvent("quiz.tally") != nil)
        #expect(!c[0].transcript.contains { $0.contains("extra time") })
    }
}
