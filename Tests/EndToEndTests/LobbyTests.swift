import Foundation
import Testing
import AulaTestSupport

@Suite(.lab) struct LobbyTests {
    @Test func whoAndSayBetweenThreeClients() throws {
        let server = try TestServer()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        let cai = try TestClient.loggedInJSON(port: server.port, name: "Cai")
        ana.send("who")
        #expect(ana.waitFor("Online now (3)") != nil)
        ben.send("say hello everyone")
        #expect(ana.waitFor("says: hello everyone")?.contains("Ben") == true)
        let chat = cai.waitForEvent("chat")
        #expect(chat?["from"] as? String == "Ben")
        #expect(chat?["text"] as? String == "hello everyone")
        cai.send("who")
        let who = cai.waitForEvent("who")
        let names = (who?["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Ana", "Ben", "Cai"])
    }

    @Test func settingsChangeHowTextLooks() throws {
        let server = try TestServer()
        let client = try TestClient.loggedIn(port: server.port, name: "Dana")
        client.send("who")
        let coloured = client.waitFor("Online now")
        #expect(coloured?.contains("\u{1B}[") == true)
        client.send("color off")
        client.waitFor("Colour off")
        client.send("who")
        let plain = client.waitFor("Online now")
        #expect(plain?.contains("\u{1B}") == false)
        client.send("color on")
        client.waitFor("Colour on")
        client.send("reader on")
        client.waitFor("Reader mode on")
        client.send("who")
        #expect(client.waitFor("Online now")?.contains("\u{1B}") == false)
        client.send("width 30")
        client.waitFor("30 columns")
        client.send("help")
        client.waitFor("Commands")
        for _ in 0..<10 {
            guard let line = client.readLine(timeout: 1) else { break }
            #expect(line.count <= 30, "line wider than 30: \(line)")
        }
        client.send("width 5")
        #expect(client.waitFor("Width must be a") != nil)
        client.send("lang es")
        client.waitFor("Idioma: español")
        client.send("quien")
        #expect(client.waitFor("En línea ahora (1)") != nil)
    }

    @Test func helpIsGeneratedFromTheCommandTable() throws {
        let server = try TestServer()
        let client = try TestClient.loggedIn(port: server.port, name: "Eva")
        client.send("color off")
        client.waitFor("Colour off")
        client.send("help")
        #expect(client.waitFor("join ROOM") != nil)
        client.send("help join")
        #expect(client.waitFor("Goes into a room") != nil)
        #expect(client.waitFor("unirse") != nil)
        client.send("ayuda salas")
        #expect(client.waitFor("Lists the rooms") != nil)
    }

    /// `help create` at 40 columns: each way of typing it starts a line of its own
    /// (its wrapped usage ran on, indented like the description: session 10).
    @Test func helpOfACommandWithAlternativesGivesEachItsLine() throws {
        let server = try TestServer()
        let client = try TestClient.loggedIn(port: server.port, name: "Eva")
        client.send("color off")
        client.waitFor("Colour off")
        client.send("width 40")
        client.waitFor("Width set to 40")
        client.send("help create")
        client.waitFor("create hangman")
        let rest = LoginTests.lines(client, for: 0.5)
        #expect(rest.contains("create quiz DECK") && rest.contains("create level LEVEL"), "\(rest)")
        let description = try #require(rest.firstIndex { $0.hasPrefix("  Makes a new room") }, "\(rest)")
        #expect(rest.firstIndex(of: "create level LEVEL").map { $0 < description } == true, "\(rest)")
        #expect(rest.allSatisfy { $0.count <= 40 }, "\(rest)")
        client.send("lang es")
        client.waitFor("español")
        client.send("ayuda crear")
        client.waitFor("crear ahorcado")
        let spanish = LoginTests.lines(client, for: 0.5)
        #expect(spanish.contains("crear cuestionario MAZO") && spanish.contains("crear nivel NIVEL"), "\(spanish)")
    }

    @Test func topShowsTheGroupLeaderboard() throws {
        let server = try TestServer()
        let client = try TestClient.loggedInJSON(port: server.port, name: "Fer")
        client.send("top")
        let board = client.waitForEvent("leaderboard")
        #expect(board?["scope"] as? String == "group:open")
        #expect((board?["rows"] as? [Any])?.isEmpty == true)
        client.send("top chess")
        #expect(client.waitForEvent("error")?["code"] as? String == "bad_argument")
        client.send("me")
        let me = client.waitForEvent("me")
        #expect(me?["name"] as? String == "Fer")
        #expect(me?["total"] as? Int == 0)
    }

    /// A play test: in a room, "Goodbye!" was followed by the room's own
    /// news (`room.left`, the race's lines) and the lobby prompt.
    @Test(arguments: ["create echo", "create hangman race"])
    func goodbyeIsTheLastThingAQuittingStudentReads(room: String) throws {
        let server = try TestServer(content: ["Decks/words/prueba-es.json": HangmanFixture.deck])
        let client = try TestClient.loggedInJSON(port: server.port, name: "Gus")
        let other = try TestClient.loggedInJSON(port: server.port, name: "Ida")
        client.send(room)
        let id = try #require(client.waitForEvent("room.joined")?["room"] as? String)
        other.send("join \(id)")
        _ = try #require(other.waitForEvent("room.joined"))
        client.send("quit")
        #expect(client.waitForClose())
        while client.readLine(timeout: 0.2) != nil {}  // what arrived before the close, into the transcript
        let events = client.transcript.compactMap { TestClient.json($0)?["ev"] as? String }
        #expect(events.last == "info", "\(client.transcript)")
        #expect(client.transcript.last.flatMap { TestClient.json($0)?["text"] as? String } == "Goodbye!")
        // The others still hear that Gus left.
        #expect(other.waitForEvent("room.left") { $0["player"] as? String == "Gus" } != nil)
    }

    @Test func quitSaysGoodbyeAndCloses() throws {
        let server = try TestServer()
        let client = try TestClient.loggedIn(port: server.port, name: "Gus")
        client.send("quit")
        #expect(client.waitFor("Goodbye") != nil)
        #expect(client.waitForClose())
        // The name is free again at once (no grace after quit).
        let again = try TestClient.loggedIn(port: server.port, name: "Gus")
        again.send("who")
        #expect(again.waitFor("Online now (1)") != nil)
    }
}
