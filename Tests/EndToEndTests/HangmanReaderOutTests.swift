import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 12 (reader mode, hangman): running out of lives was said four
/// times ("loses a life: no lives left", "has no lives left and watches",
/// "has no lives", "the figure is complete"), and a player out of lives heard
/// "Ben, last chance…", a line meant for Ben only.
@Suite(.lab) struct HangmanReaderOutTests {
    @Test func outOfLivesIsOneLineAndTheLastChanceIsSaidOnlyToItsPlayer() throws {
        let server = try HangmanFixture.server()
        defer { server.stop() }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("reader on")
        #expect(ana.waitFor("Reader mode on") != nil)
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman hard prueba-es")
        let joined = try #require(ana.waitFor("hangman-"))
        let room = try #require(joined.split(separator: " ").first { $0.hasPrefix("hangman-") }.map {
            String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".,:;!"))
        })
        ben.send("join \(room)")
        #expect(ben.waitForEvent("room.joined") != nil)
        ana.send("start")
        var wrong = Array("bcdefhijklmnpqrsuvwxyz").makeIterator()
        var ended = false
        for _ in 0..<30 where !ended {
            guard let event = ben.waitForEvent("hangman.state", where: { _ in true }) else { break }
            if event["over"] as? Bool == true { break }
            guard let turn = event["turn"] as? String, let letter = wrong.next() else { break }
            (turn == "Ben" ? ben : ana).send(String(letter))
            // The round ends when both are out: Ben's JSON says so.
            ended = ben.transcript.contains { $0.contains("\"ev\":\"round.end\"") || $0.contains("round_over") }
        }
        _ = ana.waitFor("The word was", timeout: 3)
        let heard = ana.transcript.joined(separator: "\n")
        #expect(heard.contains("loses their last life and watches the rest of the round"), "\(heard)")
        #expect(!heard.contains("has no lives left and watches"), "\(heard)")
        #expect(!heard.contains("loses a life: no lives left"), "\(heard)")
        #expect(!heard.contains("figure"), "\(heard)")
        // Whoever got the last chance, the other never heard it.
        if heard.contains("Ben, last chance") { Issue.record("Ana heard Ben's last chance: \(heard)") }
    }
}
