import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom

/// Session 11's play test with real clients, through TCP (each failed on the
/// old code): the level language's help for a Spanish `repetir (10) {`; a
/// teacher's `skip` in a race said once; a race winner reading their win
/// before "wait for the others"; `salir` in a room printing the lobby's prompt
/// last; a quiz player back mid-question shown the answer they gave.
@Suite(.lab, .serialized) struct WordsFixes11Tests {
    /// Types a program into the editor and closes it.
    private func type(_ client: TestClient, _ lines: [String]) {
        client.send("clear")
        client.send("code")
        for line in lines { client.send(line) }
        client.send(".")
    }

    @Test func aSpanishLoopWordIsToldTheLanguagesWordNotThatItTakesNothing() throws {
        let server = try TestServer(configure: LevelTestContent.fastTyping, content: LevelTestContent.standard())
        defer { server.stop() }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("color off")
        ana.send("width 250")  // the whole message on one line
        ana.send("lang es")
        ana.send("play t-01")
        #expect(ana.waitFor("2:00") != nil, "\(ana.transcript)")
        type(ana, ["repetir (10) {", "  walk();", "}"])
        ana.send("run")
        let told = try #require(ana.waitFor("Línea 1, columna 1"), "\(ana.transcript)")
        #expect(told.contains("Línea 1, columna 1: el lenguaje de Ada se escribe con palabras en inglés: “repetir” es “repeat”. Escribe “repeat (10) {”."),
                "\(told)")
        #expect(!ana.transcript.contains { $0.contains("no lleva nada entre los paréntesis") })

        // In English, `jump(3);` is an unknown command, as `jump();` is.
        ana.send("lang en")
        type(ana, ["jump(3);"])
        ana.send("run")
        #expect(ana.waitFor("Line 1, column 1: Ada does not know the command “jump”.") != nil, "\(ana.transcript)")
        #expect(!ana.transcript.contains { $0.contains("takes nothing between its parentheses") })
    }

    @Test func aRaceWinnerReadsTheirWinFirstAndASkipIsSaidOnce() throws {
        let server = try HangmanFixture.server()
        defer { server.stop() }
        let admin = try server.admin()
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("create hangman race easy prueba-es")
        let room = try #require(ben.waitForEvent("room.joined")?["room"] as? String)
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        ana.send("color off")
        ana.send("join \(room)")
        #expect(ben.waitForEvent("room.joined") { ($0["players"] as? [String])?.count == 2 } != nil)
        ben.send("start")
        #expect(ana.waitFor("Race on: type a letter any time") != nil, "\(ana.transcript)")
        // Every word of the deck is made of these four letters.
        for letter in HangmanFixture.letters { ana.send(String(letter)) }
        #expect(ana.waitFor("You are done: wait for the others") != nil, "\(ana.transcript)")
        let completed = ana.transcript.firstIndex { $0.contains("You completed the word!") }
        let waiting = ana.transcript.firstIndex { $0.contains("You are done: wait for the others") }
        #expect(completed != nil && completed! < waiting!, "\(ana.transcript)")

        // The teacher ends the round: one line says so.
        #expect(admin.text("skip \(room)").contains("Moved on: \(room)"))
        #expect(ana.waitFor("Your teacher ended the round. The word was") != nil, "\(ana.transcript)")
        #expect(!ana.transcript.contains { $0.contains("moved the game on") }, "\(ana.transcript)")
    }

    @Test func salirInARoomSaysWhereYouAreBeforeTheLobbysPrompt() throws {
        let server = try TestServer(content: LessonSupport.content, games: { server in HangmanGame.register(server, seed: 42) })
        defer { server.stop() }
        let (room, ana, _) = try PlayTestQuizTests.hangmanRoom(server)
        ana.send("lang es")
        ana.send("salir")
        #expect(ana.waitForEvent("room.left") != nil)
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("Has salido de \(room)") == true } != nil)
        // The prompt comes after that line (it came between the two).
        let prompt = ana.waitForEvent("prompt")
        #expect(prompt?["kind"] as? String == "command", "\(ana.transcript.suffix(6))")
    }

    @Test func aQuizPlayerBackMidQuestionIsShownTheAnswerTheyGave() throws {
        // A still clock: the question stays open while Ben comes back.
        let server = try QuizSupport.server(virtualClock: true)
        defer { server.stop() }
        let (_, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben"])
        c[0].send("start")
        let asked = try #require(c[1].waitForEvent("quiz.question"))
        #expect(asked["your_answer"] == nil)
        c[1].send("2")
        #expect(c[1].waitForEvent("info") { ($0["text"] as? String)?.contains("saved") == true } != nil)
        // `question` shows it again, with the answer given.
        c[1].send("question")
        let again = try #require(c[1].waitForEvent("quiz.question"))
        let given = try #require(again["your_answer"] as? [String: Any], "\(again)")
        #expect(given["answers"] as? [Int] == [2])
        #expect(given["scale"] == nil)

        // Back after a dropped connection, in text: "Your answer: 2) B."
        c[1].close()
        #expect(c[0].waitForEvent("info") { ($0["text"] as? String)?.contains("lost the connection") == true } != nil)
        let back = try TestClient.loggedIn(port: server.port, name: "Ben")
        #expect(back.waitFor("Your answer: 2) B.") != nil, "\(back.transcript)")
    }
}
