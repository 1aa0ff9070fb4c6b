import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 11: `join` / `leave` in a loop got round the chat budget (540
/// lines on the host's screen in 4 s). On a paused clock, so "a second" is
/// exactly what the test says.
@Suite(.lab) struct RoomNoticeFloodTests {
    /// Notice lines a text client reads until its `who` answer (the marker).
    static func noticeLines(_ probe: TestClient) -> [String] {
        probe.send("who")
        var lines: [String] = []
        while let line = probe.readLine(timeout: 5), !line.contains("Online now") {
            if line.contains("joined room") || line.contains("left room") || line.contains("Players:") { lines.append(line) }
        }
        return lines
    }

    /// The next line that, without its colours, contains `text`.
    static func waitForPlain(_ probe: TestClient, _ text: String) -> String? {
        while let line = probe.readLine(timeout: 5) {
            let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            if plain.contains(text) { return plain }
        }
        return nil
    }

    static func hostedRoom(_ server: TestServer) throws -> (TestClient, String) {
        let host = try TestClient.loggedIn(port: server.port, name: "Ana")
        host.send("create hangman easy")
        let line = try #require(host.waitFor("joined room"))
        let words = line.split(separator: " ")
        let index = try #require(words.firstIndex(of: "room"))
        return (host, String(words[index + 1].dropLast()))
    }

    @Test func fiveClientsJoiningAndLeavingInALoopGiveTheHostAFewLines() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        defer { server.stop() }
        let (probe, room) = try Self.hostedRoom(server)
        let spammers = try (0..<5).map { try TestClient.loggedInJSON(port: server.port, name: "Spam\($0)") }
        for spammer in spammers {
            for _ in 0..<8 {
                spammer.send("join \(room)")
                #expect(spammer.waitForEvent("room.joined") != nil)
                spammer.send("leave")
                #expect(spammer.waitForEvent("room.left") != nil)
            }
        }
        // 80 joins and leaves: the first few are told one by one, then nothing
        // until the gathered names are told together.
        let seen = Self.noticeLines(probe)
        #expect(seen.count <= 2 * Int(RoomNoticeBudget.burst), "\(seen)")
        try server.advance(by: RoomNoticeBudget.gatherSeconds + 0.5)
        #expect(Self.waitForPlain(probe, "Spam0, Spam1 and 3 others joined room \(room).") != nil)
        #expect(Self.waitForPlain(probe, "Spam0, Spam1 and 3 others left room \(room).") != nil)
        #expect(Self.waitForPlain(probe, "Players: Ana") != nil)
        // Nothing more is owed: the next second is quiet.
        try server.advance(by: 2)
        #expect(Self.noticeLines(probe).isEmpty)
    }

    /// A whole class arriving together is still seen: the first one by one,
    /// the rest named together a second later. JSON clients get `room.presence`.
    @Test func aClassJoiningAtOnceStillSeesWhoCameIn() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        defer { server.stop() }
        let (probe, room) = try Self.hostedRoom(server)
        let watcher = try TestClient.loggedInJSON(port: server.port, name: "Zoe")
        watcher.send("join \(room)")
        #expect(watcher.waitForEvent("room.joined") != nil)
        let burst = Int(RoomNoticeBudget.burst)
        // Zoe's own join took one notice; the next burst - 1 are told one by one.
        let names = (1...(burst + 3)).map { "S\($0)" }
        var students: [TestClient] = []
        for name in names {
            let student = try TestClient.loggedInJSON(port: server.port, name: name)
            student.send("join \(room)")
            #expect(student.waitForEvent("room.joined") { $0["player"] as? String == name } != nil)
            students.append(student)
        }
        let seen = Self.noticeLines(probe).filter { $0.contains("joined room") }
        #expect(seen.count == burst)
        try server.advance(by: RoomNoticeBudget.gatherSeconds + 0.5)
        let gathered = names.suffix(4)
        #expect(Self.waitForPlain(probe, "\(gathered.first!), \(gathered.dropFirst().first!) and 2 others joined room \(room).") != nil)
        let presence = watcher.waitForEvent("room.presence")
        #expect(presence?["joined"] as? [String] == Array(gathered))
        #expect((presence?["players"] as? [String])?.contains("Ana") == true)
        withExtendedLifetime(students) {}
    }
}
