import Foundation
import Testing
import AulaTestSupport

@Suite(.lab) struct LoginTests {
    @Test func studentSeesBannerNamePromptAndWelcome() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        #expect(client.waitFor("Welcome to Aula") != nil)
        #expect(client.waitFor("Name:") != nil)
        client.send("  Ana María  ")
        let welcome = client.waitFor("Welcome")
        #expect(welcome?.contains("Ana María") == true)
    }

    @Test func invalidNameGetsTheReasonAndThePromptAgain() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        client.waitFor("Name:")
        client.send("A")
        #expect(client.waitFor("too short") != nil)
        #expect(client.waitFor("Name:") != nil)
        client.send("Ana!")
        #expect(client.waitFor("only have letters") != nil)
        #expect(client.waitFor("Name:") != nil)
        // An escape sequence typed as a name is refused, never cleaned into a name.
        client.sendRaw(Array("Bob\u{1B}[2J\r\n".utf8))
        #expect(client.waitFor("no control keys") != nil)
        #expect(client.waitFor("Name:") != nil)
        client.send("Ana")
        #expect(client.waitFor("Welcome, ") != nil)
    }

    @Test func duplicateNameIsRefusedCaseInsensitively() throws {
        let server = try TestServer()
        let first = try TestClient.loggedIn(port: server.port, name: "Luis")
        defer { withExtendedLifetime(first) {} }
        let second = try TestClient(port: server.port)
        second.waitFor("Name:")
        second.send("LUIS")
        #expect(second.waitFor("already online") != nil)
        #expect(second.waitFor("Name:") != nil)
        second.send("Luisa")
        #expect(second.waitFor("Welcome, ") != nil)
    }

    @Test func jsonModeAtTheNamePrompt() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        client.waitFor("Name:")
        client.send("mode json")
        let mode = client.waitForEvent("mode")
        #expect(mode?["mode"] as? String == "json")
        let prompt = client.waitForEvent("prompt")
        #expect(prompt?["kind"] as? String == "name")
        client.send("x")
        let error = client.waitForEvent("error")
        #expect(error?["code"] as? String == "name_invalid")
        #expect((error?["message"] as? String)?.isEmpty == false)
        client.send("Robot")
        let welcome = client.waitForEvent("welcome")
        #expect(welcome?["name"] as? String == "Robot")
        #expect(welcome?["group"] as? String == "open")
        client.send("jion")
        let unknown = client.waitForEvent("error")
        #expect(unknown?["code"] as? String == "unknown_command")
        #expect((unknown?["message"] as? String)?.contains("Did you mean \"join\"") == true)
    }

    @Test func everyLineEndsWithCRLF() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        let bytes = client.rawBytes(timeout: 0.5)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Name:\r\n"))
        // No bare LF anywhere: every LF is preceded by CR.
        for (i, b) in bytes.enumerated() where b == 10 {
            #expect(i > 0 && bytes[i - 1] == 13)
        }
    }

    @Test func spanishBeforeLogin() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        client.waitFor("Name:")
        client.send("lang es")
        #expect(client.waitFor("Idioma: español") != nil)
        #expect(client.waitFor("Nombre:") != nil)
        client.send("Lucía")
        #expect(client.waitFor("¡Hola, ") != nil)
    }

    /// A student who needs a screen reader types `reader on` first thing: it is
    /// a setting at `Name:`, as in the lobby, not a name (it used to become one).
    @Test func readerColorAndWidthAtTheNamePromptAreSettingsNotNames() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        client.waitFor("Name:")
        client.send("reader on")
        #expect(client.waitFor("Reader mode on") != nil)
        #expect(client.waitFor("Name:") != nil)
        client.send("width 40")
        #expect(client.waitFor("Width set to 40 columns.") != nil)
        #expect(client.waitFor("Name:") != nil)
        client.send("Lea")
        let welcome = try #require(client.waitFor("Welcome"))
        #expect(welcome.contains("Lea"))
        #expect(!welcome.contains("\u{1B}"), "reader mode has no colour: \(welcome)")
        client.send("help")
        let help = Self.lines(client, for: 0.5)
        #expect(!help.isEmpty)
        #expect(help.allSatisfy { $0.count <= 40 }, "help wraps at the width typed at Name:: \(help.filter { $0.count > 40 })")
        client.send("who")
        let who = Self.lines(client, for: 0.5).joined(separator: "\n")
        #expect(who.contains("Lea") && !who.lowercased().contains("reader on"), "\(who)")

        // `lector sí` in Spanish, and `color off`; a word that is not on/off leaves the line a name.
        let other = try TestClient(port: server.port)
        other.waitFor("Name:")
        other.send("lector sí")
        #expect(other.waitFor("Reader mode on") != nil)
        other.send("color off")
        #expect(other.waitFor("Colour off.") != nil)
        other.send("reader please")
        #expect(other.waitFor("Welcome") != nil, "`reader please` is not a setting: it is a name")
    }

    /// Every line that arrives within `seconds`.
    static func lines(_ client: TestClient, for seconds: Double) -> [String] {
        var out: [String] = []
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0, let line = client.readLine(timeout: deadline.timeIntervalSinceNow) {
            out.append(line)
        }
        return out
    }
}
