import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom

/// Session 12's hostile student, over TCP: names shown to the class (team
/// names, names posing as the teacher, look-alikes, a command as a name) and
/// chat carrying invisible characters.
@Suite(.lab) struct HostileNames12Tests {
    static func server() throws -> TestServer {
        var content = QuizSupport.content
        content["Decks/blocklist.txt"] = "fucker\n"
        return try QuizSupport.server(content: content)
    }

    /// A JSON client at `Name:`.
    static func atName(_ server: TestServer) throws -> TestClient {
        let client = try TestClient(port: server.port)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard client.waitForEvent("mode") != nil else { throw TestError("no mode event") }
        return client
    }

    /// Types a name; the error code, or "welcome".
    static func tryName(_ client: TestClient, _ name: String) -> String? {
        client.send(name)
        while let line = client.readLine(timeout: 5) {
            guard let object = TestClient.json(line), let ev = object["ev"] as? String else { continue }
            if ev == "welcome" { return "welcome" }
            if ev == "error" { return object["code"] as? String }
        }
        return nil
    }

    @Test func teamNamesFollowTheNameRulesWithOneRefusal() throws {
        let server = try Self.server()
        let (_, clients) = try QuizSupport.room(server, deck: "facts", names: ["Ana", "Ben"])
        let ana = clients[0], ben = clients[1]
        let refused = ["Fucker", "Teacher", ">>> Teacher", "=HYPERLINK(\"x\")", "\u{3164}\u{3164}",
                       "Z" + String(repeating: "\u{0301}", count: 15), "Profe", "garcia"]
        _ = try server.admin()  // the teacher `garcia` is logged in at the console
        for name in refused {
            ana.send("team \(name)")
            let error = ana.waitForEvent("error")
            #expect(error?["code"] as? String == "team_name_invalid", "team \(name): \(String(describing: error))")
            #expect((error?["message"] as? String)?.contains("team names follow the rules for names") == true)
        }
        // Ben saw none of them.
        ana.send("team Rockets")
        #expect(ana.waitForEvent("error", timeout: 1) == nil)
        ben.send("team A")  // a one-letter team is still a team
        #expect(ben.waitForEvent("error", timeout: 1) == nil)
        let seen = ben.transcript.joined(separator: "\n")
        for name in ["Fucker", "HYPERLINK", "\u{3164}", ">>> Teacher"] { #expect(!seen.contains(name), "\(name)") }
    }

    @Test func namesPosingAsTheTeacherAreRefused() throws {
        let server = try Self.server()
        _ = try server.admin()  // garcia
        for name in ["Profe", "Prof", "Professor", "Maestra", "Maestro", "Tutor", "Moderator", "System", "Sistema",
                     "garcia", "GARCIA", "Moderadora", "ProfessorX"] {
            let client = try Self.atName(server)
            #expect(Self.tryName(client, name) == "name_invalid", "\(name)")
        }
        // Names that only look like those words stay names.
        for name in ["Profeta", "Tutorial Ana", "Garciela"] {
            let client = try Self.atName(server)
            #expect(Self.tryName(client, name) == "welcome", "\(name)")
        }
    }

    @Test func lookAlikesOfAnOnlineNameAreCaught() throws {
        let server = try Self.server()
        let ada = try TestClient.loggedInJSON(port: server.port, name: "ADA KAI")
        let lucia = try TestClient.loggedInJSON(port: server.port, name: "Lucia")
        for name in ["ᎪᎠᎪ ᏦᎪᏆ", "ADA KAl", "ada kal", "Ɩucia", "ʟᴜᴄɪᴀ", "Luc1a", "Ŀucia", "LUCIA"] {
            let client = try Self.atName(server)
            let code = Self.tryName(client, name)
            #expect(code == "name_lookalike" || code == "name_taken", "\(name): \(String(describing: code))")
        }
        // And the other way round: `ADA KAl` online, `ADA KAI` arrives.
        let kal = try TestClient.loggedInJSON(port: server.port, name: "Kal El")
        let client = try Self.atName(server)
        #expect(Self.tryName(client, "KaI El") == "name_lookalike")
        // Different names stay different: a dotted i is no l.
        let ali = try Self.atName(server)
        #expect(Self.tryName(ali, "Ali") == "welcome")
        let all = try Self.atName(server)
        #expect(Self.tryName(all, "All") == "welcome")
        withExtendedLifetime((ada, lucia, kal, ali, all)) {}
    }

    @Test func aCommandAndItsArgumentAreNotAName() throws {
        let server = try Self.server()
        for name in ["play w1-01", "join quiz-2", "create quiz-3", "del 3", "submit"] {
            let client = try Self.atName(server)
            #expect(Self.tryName(client, name) == "name_is_command", "\(name)")
        }
        for name in ["Del Valle", "Di María", "Ana Leave", "Story Smith"] {
            let client = try Self.atName(server)
            #expect(Self.tryName(client, name) == "welcome", "\(name)")
        }
    }

    @Test func chatLosesInvisibleCharactersAndPilesOfAccentsButKeepsEmoji() throws {
        let server = try Self.server()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        let hidden = ["\u{3164}", "\u{FFA0}", "\u{115F}", "\u{2800}", "\u{E0041}\u{E0042}", "\u{034F}", "\u{200D}",
                      "\u{1D173}", "\u{FFFC}"]
        ana.send("say a" + hidden.joined() + "b" + "\u{FE0F}\u{FE0F}")
        let chat = ben.waitForEvent("chat")
        #expect(chat?["text"] as? String == "ab", "\(String(describing: chat))")
        ana.send("say Z" + String(repeating: "\u{0301}", count: 60))
        let zalgo = ben.waitForEvent("chat")?["text"] as? String
        #expect(zalgo == "Z" + String(repeating: "\u{0301}", count: 3), "\(String(describing: zalgo?.unicodeScalars.count))")
        // What emoji need stays: a family, a heart with its selector, a thumbs-up with its skin tone.
        let emoji = "👩\u{200D}💻 ❤\u{FE0F} 👍\u{1F3FD} Việt"
        ana.send("say " + emoji)
        #expect(ben.waitForEvent("chat")?["text"] as? String == emoji)
        // A line that is only invisible characters says nothing.
        ana.send("say \u{3164}\u{3164}")
        #expect(ana.nextErrorCode() == "missing_argument")
    }
}
