import Foundation
import Testing
import AulaTestSupport
import AulaBench
import AulaStore

/// SPEC §8: a crash (kill -9) loses at most the rounds still being played; the
/// file always opens afterwards with integrity_check = ok and holds every
/// round whose leaderboard was printed.
@Suite(.lab) struct CrashSafetyTests {
    @Test(.slow) func killDashNineMidRoundsKeepsEveryReportedRound() throws {
        let content = FileManager.default.temporaryDirectory.appendingPathComponent("aula-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: content) }
        try FileManager.default.createDirectory(at: content.appendingPathComponent("Decks/words"), withIntermediateDirectories: true)
        let deck = """
        {"id":"tiny","title":"Tiny","lang":"en","words":[
          {"word":"cat","hint":"It purrs"},{"word":"dog","hint":"It barks"},
          {"word":"cow","hint":"It gives milk"},{"word":"owl","hint":"It hoots at night"}]}
        """
        try deck.write(to: content.appendingPathComponent("Decks/words/tiny.json"), atomically: true, encoding: .utf8)
        let server = try ServerProcess(contentDirectory: content.path)
        defer { server.removeFiles() }

        // Five students, each alone in a room, play round after round.
        var clients: [TestClient] = []
        for i in 0..<5 {
            let client = try TestClient.loggedInJSON(port: server.port, name: "Solo\(i)")
            client.send("create hangman easy tiny")
            _ = client.waitForEvent("room.joined")
            client.send("start")
            clients.append(client)
        }
        var reported = 0
        let alphabet = Array("etaoinsrhdlcuwgmyfpbvkjxqz")
        var next = [Int](repeating: 0, count: clients.count)
        let playUntil = Date().addingTimeInterval(3)
        while Date() < playUntil {
            for (i, client) in clients.enumerated() {
                guard let line = client.readLine(timeout: 0.05), let event = TestClient.json(line) else { continue }
                switch event["ev"] as? String {
                case "hangman.state" where event["turn"] as? String == "Solo\(i)":
                    client.send(String(alphabet[next[i] % alphabet.count]))
                    next[i] += 1
                case "round.end":
                    reported += 1
                    next[i] = 0
                    client.send("start")
                default:
                    break
                }
            }
        }
        server.killHard()
        #expect(reported > 0, "no round finished before the kill")

        let db = try Database(path: server.databasePath)
        defer { db.close() }
        #expect(try db.integrityCheck() == "ok")
        let saved = try db.scalar("SELECT COUNT(*) FROM rounds WHERE game = 'hangman'").int ?? -1
        #expect(saved >= reported, "saved \(saved) rounds, but \(reported) were reported finished")
    }
}
