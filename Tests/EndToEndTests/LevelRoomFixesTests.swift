import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The level-room defects of the session-8 play test, over TCP: joins refused
/// before the player hears of them, a flooding paste answered once, and the
/// code editor named after a reconnect.
@Suite(.lab) struct LevelRoomFixesTests {
    @Test func aJoinThePlayerDidNotAllowIsRefusedBeforeAnyoneHearsOfIt() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let rita = try TestClient.loggedInJSON(port: server.port, name: "Rita")
        ana.send("play t-01")
        let opened = try #require(ana.waitForEvent("level.opened"))
        let room = try #require(opened["room"] as? String)
        for _ in 0..<5 {
            rita.send("join \(room)")
            #expect(rita.nextErrorCode() == "watchers_off")
        }
        // Rita is still in the lobby and heard nothing of the room.
        rita.send("who")
        let who = try #require(rita.waitForEvent("who"))
        let ritaRow = (who["players"] as? [[String: Any]])?.first { $0["name"] as? String == "Rita" }
        #expect(ritaRow?["room"] is NSNull, "\(who)")
        #expect(!rita.transcript.contains { $0.contains("\"room.joined\"") || $0.contains("\"level.opened\"") })
        // Ana's screen shows nothing of it.
        ana.send("time")
        _ = try #require(ana.waitForEvent("timer"))
        #expect(!ana.transcript.contains { $0.contains("Rita") }, "\(ana.transcript)")

        // Once Ana allows watchers, Rita's join works as before.
        ana.send("set watchers on")
        _ = ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("may now join") }
        rita.send("join \(room)")
        #expect(rita.waitForEvent("room.joined") != nil)
        #expect(rita.waitForEvent("level.opened") != nil)
        #expect(ana.waitForEvent("room.joined") { $0["player"] as? String == "Rita" } != nil)
    }

    @Test func aFloodingPasteSaysTheProgramIsFullAndTheWarningOnce() throws {
        let server = try TestServer(content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        ana.send("code")
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" } != nil)
        // t-01 holds 40 lines (10 with statements): 100 walks in one write, then the dot.
        ana.sendRaw(Array((String(repeating: "walk();\r\n", count: 100) + ".\r\n").utf8))
        #expect(ana.waitForEvent("info") { ($0["text"] as? String ?? "").hasPrefix("Editor closed") } != nil)
        let events = ana.transcript.compactMap(TestClient.json)
        let full = events.filter { $0["ev"] as? String == "error" && $0["code"] as? String == "program_too_long" }
        let careful = events.filter { ($0["text"] as? String ?? "").hasPrefix("Careful:") }
        #expect(events.filter { $0["ev"] as? String == "level.code_line" }.count == 40)
        #expect(full.count == 1, "\(full.count) program-full lines")
        #expect(careful.count == 1, "\(careful.count) warnings")

        // A command starts a new burst: the editor says each again, once.
        Thread.sleep(forTimeInterval: 1.1)  // the paste counted towards this second's lines (LevelPasteTests)
        ana.send("code")
        ana.sendRaw(Array((String(repeating: "walk();\r\n", count: 3) + ".\r\n").utf8))
        #expect(ana.waitForEvent("info") { ($0["text"] as? String ?? "").hasPrefix("Editor closed") } != nil)
        let again = ana.transcript.compactMap(TestClient.json)
        #expect(again.filter { $0["code"] as? String == "program_too_long" }.count == 2)
    }

    /// Ana opens t-01's editor, `typing` goes in, her connection drops, and she
    /// logs in again: the returning connection.
    static func anaBackIntoTheEditor(_ typing: (TestClient) throws -> Void) throws -> (TestServer, TestClient) {
        let server = try TestServer(configure: { config in
            LevelTestContent.fastTyping(&config)
            config.reconnectGrace = 30
        }, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        ana.send("code")
        _ = try #require(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" })
        try typing(ana)
        ana.close()
        try Self.waitUntilDropped(server, "Ana")
        return (server, try TestClient.loggedInJSON(port: server.port, name: "Ana"))
    }

    @Test func aReturningStudentIsToldTheEditorIsStillOpen() throws {
        let (server, ana) = try Self.anaBackIntoTheEditor { ana in
            ana.type(["walk();", "walk();"])
        }
        defer { withExtendedLifetime(server) {} }
        #expect(ana.waitForEvent("level.board") != nil)
        let told = try #require(ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("code editor") })
        let text = told["text"] as? String ?? ""
        #expect(text.contains("line 3") && text.contains("(.)"), "\(text)")
        ana.send(".")
        #expect(ana.waitForEvent("info") { ($0["text"] as? String ?? "").hasPrefix("Editor closed: 2 lines") } != nil)
    }

    /// Session 10 (a bot from docs/protocol.md): a JSON student coming back got the
    /// board but not `level.opened`, so a bot had no goals or limits unless it kept them.
    @Test func aReturningJSONStudentGetsTheLevelAgain() throws {
        let (server, ana) = try Self.anaBackIntoTheEditor { ana in ana.type(["walk();"]) }
        defer { withExtendedLifetime(server) {} }
        let opened = try #require(ana.waitForEvent("level.opened"))
        #expect(opened["level"] as? String == "t-01")
        #expect(ana.waitForEvent("level.board") != nil)
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" && $0["line"] as? Int == 2 } != nil)
    }

    /// Session 10: in a level room `lang xx` answered "Usage: lang en|es", leaving the
    /// program's spellings out; `trace`'s note of steps left out lost `run`'s `skipped`.
    @Test func aLevelsLangUsageNamesTheSpellingsAndTraceKeepsSkipped() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        ana.send("lang xx")
        let usage = try #require(ana.waitForEvent("error"))
        #expect((usage["message"] as? String)?.contains("c|java") == true, "\(usage)")
        ana.send("code")
        ana.type(["repeat (6000) {", "  turnLeft();", "}"])
        ana.send(".")
        ana.send("run")
        let note = try #require(ana.waitForEvent("info") { $0["skipped"] != nil }, "\(ana.transcript.suffix(12))")
        #expect((note["skipped"] as? Int ?? 0) > 0)
        ana.send("trace")
        let traced = try #require(ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("not shown") })
        #expect((traced["skipped"] as? Int ?? 0) > 0, "\(traced)")
    }

    /// Session 10 (a bot from protocol.md): in the editor, `mode json` and a line over
    /// the limit got no `code_line` prompt after them, so a bot waiting for it hung.
    @Test func theEditorAsksForTheNextLineAfterAModeAndATooLongLine() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        ana.send("code")
        _ = try #require(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" })
        ana.send("walk();")
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" && $0["line"] as? Int == 2 } != nil)
        ana.send("mode json")
        #expect(ana.waitForEvent("mode") != nil)
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" && $0["line"] as? Int == 2 } != nil)
        ana.send(String(repeating: "w", count: 3000))
        #expect(ana.waitForEvent("error") { $0["code"] as? String == "line_too_long" } != nil)
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "code_line" && $0["line"] as? Int == 2 } != nil)
        // Closed: no code_line prompt after a too-long line any more.
        ana.send(".")
        #expect(ana.waitForEvent("prompt") { $0["kind"] as? String == "command" } != nil)
        ana.send(String(repeating: "w", count: 3000))
        #expect(ana.waitForEvent("error") { $0["code"] as? String == "line_too_long" } != nil)
        ana.send("who")
        #expect(ana.waitForEvent("who") != nil)
        #expect(!ana.transcript.suffix(3).contains { $0.contains("code_line") }, "\(ana.transcript.suffix(3))")
    }

    /// A sweep: a full editor said "at line 41" of a 40-line editor.
    @Test func aReturningStudentWithAFullEditorIsToldItIsFull() throws {
        let (server, ana) = try Self.anaBackIntoTheEditor { ana in
            ana.sendRaw(Array(String(repeating: "walk();\r\n", count: 45).utf8))  // t-01's editor holds 40
            #expect(ana.waitForEvent("error") { $0["code"] as? String == "program_too_long" } != nil)
        }
        defer { withExtendedLifetime(server) {} }
        let told = try #require(ana.waitForEvent("info") { ($0["text"] as? String ?? "").contains("code editor") })
        let text = told["text"] as? String ?? ""
        #expect(text.contains("your program is full (40 lines)") && !text.contains("line 41"), "\(text)")
    }

    /// Waits (at most 5 s) until the server has noticed that `name`'s connection dropped.
    static func waitUntilDropped(_ server: TestServer, _ name: String) throws {
        for _ in 0..<100 {
            let dropped = server.running.onLoop { server in
                server.players.values.contains { $0.name == name && !$0.isConnected }
            }
            if dropped == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestError("\(name) still connected")
    }
}
