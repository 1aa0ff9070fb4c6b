import Foundation
import Testing
import AulaTestSupport

/// A client that types `mode json` and its name in one packet, before the
/// banner arrives (the bench's clients, a script): its answers may be held
/// and sent with the welcome in one write (issue 20), but what it receives
/// is the same, whole and in order.
@Suite(.lab) struct PipelinedLoginTests {
    @Test func modeAndNameInOnePacketGetEveryAnswerInOrder() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        client.sendRaw(Array("mode json\nPipa\n".utf8))
        var lines: [String] = []
        while let line = client.readLine() {
            lines.append(line)
            if line.contains("\"ev\":\"prompt\"") && line.contains("\"kind\":\"command\"") { break }
        }
        let text = lines.joined(separator: "\n")
        let banner = try #require(text.range(of: "Welcome to Aula"))
        let namePrompt = try #require(text.range(of: "Name:"))
        let mode = try #require(text.range(of: "{\"ev\":\"mode\""))
        let jsonNamePrompt = try #require(text.range(of: "\"kind\":\"name\""))
        let welcome = try #require(text.range(of: "{\"ev\":\"welcome\""))
        let lobby = try #require(text.range(of: "\"kind\":\"command\""))
        #expect(banner.lowerBound < namePrompt.lowerBound)
        #expect(namePrompt.lowerBound < mode.lowerBound)
        #expect(mode.lowerBound < jsonNamePrompt.lowerBound)
        #expect(jsonNamePrompt.lowerBound < welcome.lowerBound)
        #expect(welcome.lowerBound < lobby.lowerBound)
        #expect(text.contains("\"name\":\"Pipa\""))
        // Each JSON line is whole (the held answer was not cut by the welcome).
        for line in lines where line.hasPrefix("{") {
            #expect(TestClient.json(line) != nil, "not one JSON object: \(line)")
        }
    }

    /// Typing on after the welcome works as ever: the hold ended with the lookup.
    @Test func theConnectionAnswersAtOnceAfterThePipelinedLogin() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        client.sendRaw(Array("mode json\nPipo\n".utf8))
        #expect(client.waitForEvent("welcome") != nil)
        client.send("who")
        #expect(client.waitForEvent("who") != nil)
    }
}
