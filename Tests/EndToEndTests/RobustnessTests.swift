import Foundation
import Testing
import AulaTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite(.lab) struct RobustnessTests {
    @Test func garbageBytesAndAnOverlongLineLeaveTheConnectionWorking() throws {
        let server = try TestServer()
        let client = try TestClient.loggedInJSON(port: server.port, name: "Hugo")
        var random = SystemRandomNumberGenerator()
        let garbage = (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != 10 && $0 != 13 && $0 != 255 }
        client.sendRaw(garbage + [13, 10])
        client.sendRaw(Array(repeating: UInt8(ascii: "a"), count: 3000) + [10])
        let tooLong = client.waitForEvent("error") { $0["code"] as? String == "line_too_long" }
        #expect(tooLong != nil)
        client.send("who")
        #expect(client.waitForEvent("who") != nil)
    }

    @Test func telnetNegotiationIsParsedAndRawClientsNeverSeeIAC() throws {
        let server = try TestServer()
        let raw = try TestClient(port: server.port)
        let rawBytes = raw.rawBytes(timeout: 0.3)
        #expect(!rawBytes.contains(255))
        let telnet = try TestClient(port: server.port)
        telnet.waitFor("Name:")
        // IAC WILL NAWS, then SB NAWS 100x30, then a name.
        telnet.sendRaw([255, 251, 31])
        telnet.sendRaw([255, 250, 31, 0, 100, 0, 30, 255, 240])
        telnet.send("Tina")
        #expect(telnet.waitFor("Welcome") != nil)
        telnet.send("who")
        #expect(telnet.waitFor("Online now") != nil)
    }

    /// Session 10 (a bot written from docs/protocol.md): a connection whose first
    /// line ended in LF is raw for good. An `IAC DO ECHO` inside a later line drew
    /// the telnet offer glued to the next JSON line, and a Latin-1 `ÿ` (0xFF) at a
    /// line's end swallowed its LF, joining it to the next line. Failed on the old code.
    @Test func aRawConnectionNeverTurnsTelnetAndA0xFFIsJustAByte() throws {
        let server = try TestServer()
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Iac")
        bot.sendRaw(Array("say a".utf8) + [255, 253, 1] + Array("b\n".utf8))
        let chat = try #require(bot.waitForEvent("chat"))
        #expect((chat["text"] as? String)?.hasPrefix("a") == true, "\(chat)")
        bot.sendRaw(Array("say latin1 ".utf8) + [255] + Array("\nwho\n".utf8))
        #expect(bot.waitForEvent("who") != nil, "\(bot.transcript.suffix(3))")
        let second = bot.transcript.filter { $0.contains("latin1") }
        #expect(second.count == 1 && !second[0].contains("who"), "\(second)")
        bot.send("who")
        #expect(bot.waitForEvent("who") != nil)
        // No byte of telnet ever came: every line is JSON from its first byte.
        let json = bot.transcript.drop { !$0.hasPrefix("{") }
        #expect(json.count > 4 && json.allSatisfy { $0.hasPrefix("{") }, "\(json.filter { !$0.hasPrefix("{") })")
    }

    @Test func aFloodIsThrottledAndTheConnectionStays() throws {
        let server = try TestServer()
        let client = try TestClient.loggedInJSON(port: server.port, name: "Iker")
        var burst: [UInt8] = []
        for _ in 0..<100 { burst += Array("say spam\r\n".utf8) }
        client.sendRaw(burst)
        #expect(client.waitForEvent("error", timeout: 5) { $0["code"] as? String == "throttled" } != nil)
        Thread.sleep(forTimeInterval: 1.1)
        client.send("who")
        #expect(client.waitForEvent("who") != nil)
    }

    @Test func aClientThatNeverReadsIsCutOffWithoutStallingOthers() throws {
        let server = try TestServer(configure: {
            $0.limits.maxOutputBytes = 32 * 1024
            $0.limits.linesPerSecond = 100_000
        })
        // A tiny receive buffer so the server's output queue fills quickly.
        let sleeper = try TestClient(port: server.port, receiveBuffer: 2048)
        sleeper.waitFor("Name:")
        sleeper.send("Sleepy")
        sleeper.waitFor("Welcome")
        let other = try TestClient.loggedIn(port: server.port, name: "Awake")
        // Ask for far more help pages than any socket buffer holds, never reading.
        var burst: [UInt8] = []
        for _ in 0..<5000 { burst += Array("help\r\n".utf8) }
        sleeper.sendRaw(burst)
        for i in 0..<5 {
            other.send("say still here \(i)")
            #expect(other.waitFor("still here \(i)", timeout: 3) != nil)
        }
        // The sleeper was cut off: it keeps its place for the grace, but is not online.
        other.send("who")
        #expect(other.waitFor("Online now (1)", timeout: 5) != nil)
    }

    @Test func reconnectWithinTheGraceGetsThePlaceBack() throws {
        let server = try TestServer()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create echo")
        let joined = ana.waitForEvent("room.joined")
        let room = joined?["room"] as? String ?? "?"
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("join \(room)")
        #expect(ben.waitForEvent("room.joined") != nil)
        ana.close()
        let lost = ben.waitForEvent("info") { ($0["text"] as? String)?.contains("lost the connection") == true }
        #expect(lost != nil)
        let back = try TestClient(port: server.port)
        back.waitFor("Name:")
        back.send("mode json")
        back.send("Ana")
        let welcome = back.waitForEvent("welcome")
        #expect(welcome?["name"] as? String == "Ana")
        let rejoined = back.waitForEvent("room.joined")
        #expect(rejoined?["room"] as? String == room)
        #expect((rejoined?["players"] as? [String]) == ["Ana", "Ben"])
        #expect(ben.waitForEvent("info") { ($0["text"] as? String)?.contains("Ana is back") == true } != nil)
    }

    @Test func afterTheGraceThePlaceIsGone() throws {
        let server = try TestServer(configure: { $0.reconnectGrace = 0.3 })
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create echo")
        let room = ana.waitForEvent("room.joined")?["room"] as? String ?? "?"
        ana.close()
        Thread.sleep(forTimeInterval: 0.8)
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("join \(room)")
        #expect(ben.waitForEvent("error")?["code"] as? String == "no_such_room")
    }
}
