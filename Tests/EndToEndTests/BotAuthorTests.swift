import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// A student wrote a Python bot from docs/protocol.md alone (session 12 play
/// test). Each test here failed on the code before its fix.
@Suite(.lab) struct BotAuthorTests {
    /// `mode json` as the very first line, ended CR LF (Python's default for
    /// sockets in many examples): no telnet offer, so the first JSON line is
    /// UTF-8 JSON, not `IAC DO NAWS IAC DO TTYPE` glued to `{"ev":"mode"…}`.
    @Test func aFirstLineModeJSONEndedCRLFDrawsNoTelnetOffer() throws {
        let server = try TestServer()
        defer { server.stop() }
        let bot = try TestClient(port: server.port)
        bot.sendRaw(Array("mode json\r\n".utf8))
        let mode = try #require(bot.waitForEvent("mode"), "\(bot.transcript)")
        #expect(mode["mode"] as? String == "json")
        bot.sendRaw(Array("Ana\r\n".utf8))
        #expect(bot.waitForEvent("welcome") != nil)
        #expect(!bot.rawBytes(timeout: 0.2).contains(255))
        #expect(!bot.transcript.contains { $0.unicodeScalars.contains("\u{FFFD}") }, "\(bot.transcript)")
        for line in bot.transcript where line.hasPrefix("{") || line.contains("\"ev\"") {
            #expect(TestClient.json(line) != nil, "not JSON: \(line)")
        }
        // Split across packets and in capitals, too.
        let split = try TestClient(port: server.port)
        split.sendRaw(Array("MODE ".utf8))
        _ = split.rawBytes(timeout: 0.1)
        split.sendRaw(Array("json\r\n".utf8))
        #expect(split.waitForEvent("mode") != nil)
        #expect(!split.rawBytes(timeout: 0.2).contains(255))
        // A person's telnet still gets the offer.
        let person = try TestClient(port: server.port)
        person.sendRaw(Array("Ben\r\n".utf8))
        #expect(person.rawBytes(timeout: 0.3).contains(255))
    }

    /// `{"cmd":"who"}` was answered "…looks like a line of a program: open a
    /// level first"; commands stay plain words in JSON mode, and now it says so.
    @Test func aJSONObjectTypedAsACommandIsToldCommandsArePlainWords() throws {
        let server = try TestServer()
        defer { server.stop() }
        let bot = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        bot.send("{\"cmd\":\"who\"}")
        let error = try #require(bot.waitForEvent("error"))
        #expect(error["code"] as? String == "unknown_command")
        #expect(error["message"] as? String == "Commands are plain words even in JSON mode: type who", "\(error)")
        bot.send("{ \"x\": 1 }")
        let other = try #require(bot.waitForEvent("error"))
        #expect(other["message"] as? String == "Commands are plain words even in JSON mode: type help to see them.")
        bot.send("lang es")
        bot.send("{\"command\":\"join hangman-1\"}")
        let spanish = try #require(bot.waitForEvent("error"))
        #expect(spanish["message"] as? String == "Los comandos son palabras sencillas también en el modo JSON: escribe join hangman-1")
        // A line of a program still gets the program's answer.
        bot.send("{ walk(); }")
        let program = try #require(bot.waitForEvent("error"))
        #expect((program["message"] as? String ?? "").contains("programa"), "\(program)")
    }

    /// `mode text` in JSON mode answered only the text "Text mode on.": the
    /// events table lists `{"ev":"mode","mode":"text"}`, so it comes first.
    @Test func modeTextFromJSONSaysSoInJSONFirst() throws {
        let server = try TestServer()
        defer { server.stop() }
        let bot = try TestClient(port: server.port)
        bot.send("mode json")
        _ = try #require(bot.waitForEvent("mode"))
        bot.send("mode text")
        let mode = try #require(bot.waitForEvent("mode"), "\(bot.transcript)")
        #expect(mode["mode"] as? String == "text")
        #expect(bot.readLine() == "Text mode on.")
        bot.send("Ana")
        _ = try #require(bot.waitFor("Ana"))
        bot.send("mode json")
        _ = try #require(bot.waitForEvent("mode"))
        bot.send("mode text")
        let again = try #require(bot.waitForEvent("mode"), "\(bot.transcript)")
        #expect(again["mode"] as? String == "text")
        #expect(bot.readLine() == "Text mode on.")
    }
}
