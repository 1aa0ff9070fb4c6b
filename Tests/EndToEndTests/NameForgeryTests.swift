import Foundation
import Testing
import AulaTestSupport

/// Issue 12, defect 11, end to end: names that render like an online student's,
/// chat text looked up as a catalog key, bidi overrides, padded chat lines and
/// broadcasts that a student could imitate — against the real server over TCP.
@Suite(.lab) struct NameForgeryTests {
    /// A JSON client at the Name: prompt.
    private func attacker(_ server: TestServer) throws -> TestClient {
        let client = try TestClient(port: server.port)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard client.waitForEvent("mode") != nil else { throw TestError("no mode event") }
        return client
    }

    @Test func lookAlikesOfAnOnlineStudentAreRefused() throws {
        let server = try TestServer()
        let victim = try TestClient.loggedIn(port: server.port, name: "Victim")
        let bob = try TestClient.loggedIn(port: server.port, name: "BOB")
        defer { withExtendedLifetime((victim, bob)) {} }
        let eve = try attacker(server)
        let attempts: [(String, Set<String>)] = [
            ("Victim\u{034F}", ["name_invalid"]),          // combining grapheme joiner
            ("Victim\u{FE0F}", ["name_invalid"]),          // variation selector
            ("Victim\u{180B}", ["name_invalid"]),          // Mongolian variation selector
            ("Vic\u{200B}tim", ["name_invalid"]),          // zero-width space
            ("Vіctim", ["name_invalid"]),                  // Cyrillic і: mixed scripts
            ("Ｖｉｃｔｉｍ", ["name_lookalike"]),              // fullwidth
            ("𝐕𝐢𝐜𝐭𝐢𝐦", ["name_lookalike"]),                // mathematical bold
            ("ВОВ", ["name_lookalike"]),                   // all Cyrillic capitals
            ("B0B", ["name_lookalike"]),                   // zero for O
            ("\u{3164}\u{3164}\u{3164}", ["name_invalid"]), // Hangul filler: a blank name
            ("Vi\u{0300}\u{0301}\u{0302}\u{0303}ctim", ["name_invalid"]),  // Zalgo
            ("Teacher Smith", ["name_invalid"]),           // reserved word
            ("Victim\u{202E}", ["name_invalid"]),          // bidi override: cleaned, so refused
        ]
        for (name, codes) in attempts {
            eve.send(name)
            let error = eve.waitForEvent("error")
            let code = error?["code"] as? String ?? "none"
            #expect(codes.contains(code), "\(name.unicodeScalars.map { String($0.value, radix: 16) }): \(code)")
            if code == "name_lookalike" {
                let message = error?["message"] as? String ?? ""
                #expect(message.contains("Victim") || message.contains("BOB"), "\(message)")
            }
            #expect(eve.waitForEvent("prompt")?["kind"] as? String == "name")
        }
        eve.send("victim")
        #expect(eve.nextErrorCode() == "name_taken")
        eve.send("Eve")
        #expect(eve.waitForEvent("welcome") != nil)
    }

    @Test func chatTextIsNeverLookedUpInTheCatalog() throws {
        let server = try TestServer()
        let listener = try TestClient.loggedIn(port: server.port, name: "Ana")
        let eve = try TestClient.loggedIn(port: server.port, name: "Eve")
        defer { withExtendedLifetime(eve) {} }
        eve.send("say §error.server_full")
        let line = listener.waitFor("says:")  // the name is coloured: "Eve" and "says" are apart
        #expect(line?.hasSuffix("§error.server_full") == true, "\(line ?? "nothing")")
        #expect(!(listener.transcript.contains { $0.contains("server is full") }))
    }

    @Test func bidiControlsNeverReachClassmates() throws {
        let server = try TestServer()
        let listener = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let eve = try TestClient.loggedIn(port: server.port, name: "Eve")
        defer { withExtendedLifetime(eve) {} }
        eve.sendRaw(Array("say hola \u{202E}odnum\u{202C} \u{2066}x\u{2069}\u{2028}y\u{200F}\r\n".utf8))
        let chat = listener.waitForEvent("chat")
        #expect(chat?["text"] as? String == "hola odnum xy")
    }

    @Test func aPaddedChatLinesContinuationIsIndentedWithColourOffAndInReaderMode() throws {
        let server = try TestServer()
        let plain = try TestClient.loggedIn(port: server.port, name: "Ana")
        plain.send("color off")
        #expect(plain.waitFor("Colour off") != nil)
        let reader = try TestClient.loggedIn(port: server.port, name: "Leo")
        reader.send("reader on")
        #expect(reader.waitFor("Reader mode on") != nil)
        let eve = try TestClient.loggedIn(port: server.port, name: "Eve")
        defer { withExtendedLifetime(eve) {} }
        // "Eve says: " + padding fills the 80 columns exactly, so without the
        // indent the next line would read as the teacher's.
        let padding = String(repeating: "x", count: 80 - "Eve says: ".count)
        eve.send("say \(padding) Teacher Smith: class is over, type quit now")
        for client in [plain, reader] {
            let first = client.waitFor("Eve says:")
            #expect(first?.count ?? 0 <= 80)
            let next = client.readLine()
            #expect(next?.hasPrefix("  Teacher Smith: class is over") == true, "\(next ?? "nothing")")
        }
    }

    @Test func broadcastsCarryAMarkerNoStudentCanType() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let plain = try TestClient.loggedIn(port: server.port, name: "Ana")
        plain.send("color off")
        #expect(plain.waitFor("Colour off") != nil)
        let reader = try TestClient.loggedIn(port: server.port, name: "Leo")
        reader.send("reader on")
        #expect(reader.waitFor("Reader mode on") != nil)
        let json = try TestClient.loggedInJSON(port: server.port, name: "Bea")
        #expect(admin.text("broadcast class is over").contains("Sent to 3 students"))
        let line = plain.waitFor("class is over")
        #expect(line?.hasPrefix(">>> ") == true, "\(line ?? "nothing")")
        // Reader mode: words, not ">>>" read aloud (session 12).
        let spoken = reader.waitFor("class is over")
        #expect(spoken?.hasPrefix("Message from your teacher, garcia: class is over") == true, "\(spoken ?? "nothing")")
        let event = json.waitForEvent("broadcast")
        #expect(event?["text"] as? String == "class is over")
        #expect(event?["from"] as? String == "garcia")
        // A student's chat never starts with the marker: it starts with the name.
        plain.send("say >>> Teacher garcia: class is over")
        let chat = reader.waitFor("Ana says:")
        #expect(chat?.hasPrefix("Ana says: >>>") == true)
    }
}
