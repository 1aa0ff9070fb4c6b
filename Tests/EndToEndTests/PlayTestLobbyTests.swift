import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// Defects the session-8 play testers found in the lobby, over TCP: "did you
/// mean" offered `?` for any letter and `exit` (quit!) for `next`; room
/// commands typed in the lobby got no hint; `rooms` sorted hangman-10 before
/// hangman-9; a race that everyone finished ended on "0 seconds left".
@Suite(.lab, .slow, .serialized) struct PlayTestLobbyTests {
    /// The `message` of the error a line gets.
    static func refusal(_ client: TestClient, _ line: String) -> String {
        client.send(line)
        let error = client.waitForEvent("error")
        #expect(error?["code"] as? String == "unknown_command", "\(line)")
        return error?["message"] as? String ?? "<no error for \(line)>"
    }

    @Test func suggestionsNeverOfferAOneLetterAliasOrQuitting() throws {
        let server = try PlayTestQuizTests.server()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        for line in ["e", "a", "x"] {
            let message = Self.refusal(ana, line)
            #expect(message == "Unknown command \"\(line)\". Type help.", "\(message)")
        }
        for line in ["quitt", "exti", "salri"] {
            let message = Self.refusal(ana, line)
            #expect(!message.contains("Did you mean"), "\(message)")
        }
        // A real typo still gets its guess.
        #expect(Self.refusal(ana, "jion") == "Unknown command \"jion\". Did you mean \"join\"? Type help.")
    }

    @Test func roomCommandsTypedInTheLobbySaySo() throws {
        let server = try PlayTestQuizTests.server()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        for line in ["next", "code", "start", "submit", "team Rockets", "guess a", "solve gato", "hint", "run"] {
            let word = String(line.split(separator: " ")[0])
            let message = Self.refusal(ana, line)
            #expect(message == "“\(word)” works inside a room: join or create one first (rooms lists them).", "\(message)")
        }
        let eva = try TestClient.loggedInJSON(port: server.port, name: "Eva")
        eva.send("lang es")
        #expect(Self.refusal(eva, "siguiente") == "«siguiente» funciona dentro de una sala: entra en una o crea una antes (salas las muestra).")
        // Inside a room its own commands work; another game's are unknown there.
        ana.send("create hangman")
        #expect(ana.waitForEvent("room.joined") != nil)
        #expect(!Self.refusal(ana, "submit").contains("works inside a room"))
    }

    @Test func roomsAreSortedByKindThenNumber() throws {
        let server = try PlayTestQuizTests.server()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        // Rooms close when empty: eight opened and left bring the counter to 8.
        for _ in 0..<8 {
            ana.send("create hangman")
            #expect(ana.waitForEvent("room.joined") != nil)
            ana.send("leave")
            #expect(ana.waitForEvent("room.left") != nil)
        }
        var ids: [String] = []
        for (name, kind) in [("Ana", "hangman"), ("Ben", "quiz short"), ("Cy", "hangman"), ("Dee", "hangman")] {
            let client = name == "Ana" ? ana : try TestClient.loggedInJSON(port: server.port, name: name)
            client.send("create \(kind)")
            ids.append(try #require(client.waitForEvent("room.joined")?["room"] as? String))
        }
        #expect(ids == ["hangman-9", "quiz-10", "hangman-11", "hangman-12"])
        ana.send("rooms")
        let listed = try #require(ana.waitForEvent("rooms")?["rooms"] as? [[String: Any]])
        let expected = ["hangman-9", "hangman-11", "hangman-12", "quiz-10"]
        #expect(listed.compactMap { $0["room"] as? String } == expected)
        // The console's list too.
        let console = admin.run("rooms").compactMap { line in
            line.range(of: #"^  [a-z]+-[0-9]+"#, options: .regularExpression).map { String(line[$0]).trimmingCharacters(in: .whitespaces) }
        }
        #expect(console == expected)
    }

    @Test func aRaceEveryoneFinishedDoesNotEndOnZeroSecondsLeft() throws {
        let server = try PlayTestQuizTests.server()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("create hangman race easy prueba-es")
        #expect(ana.waitFor("A race") != nil)
        ana.send("start")
        #expect(ana.waitFor("seconds left:") != nil)
        // Every word of the test deck is spelt with g, a, t, o.
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        #expect(ana.waitFor("completed the word") != nil)
        let header = try #require(ana.waitFor("Race —"))
        #expect(!header.contains("0 seconds left"), "\(header)")
        #expect(header.contains("Race — final standings:"), "\(header)")
    }
}
