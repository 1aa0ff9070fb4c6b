import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The projector switches at once (play test, session 12), over TCP: `board
/// follow quiz-6` while quiz-6 was paused left the page on hangman-5, `board
/// follow challenge` during `pause all` kept a quiz's leaderboard, and a page
/// loaded on a paused quiz counted its clock on. Now each `board.follow` is
/// followed by the new target's state, and `/state` ends with it, its pause
/// and the seconds the held clock keeps.
@Suite(.lab) struct BoardFollowNowTests {
    /// One 30-second question, then another.
    static let long = """
    {"id": "long", "title": "Long", "lang": "en", "description": "Think.", "shuffle": false, "seconds": 30,
     "shuffle_answers": false,
     "questions": [
      {"kind": "single", "text": "Capital of Peru?", "answers": [{"text": "Lima", "correct": true}, {"text": "Cusco", "correct": false}]},
      {"kind": "single", "text": "Capital of Chile?", "answers": [{"text": "Santiago", "correct": true}, {"text": "Arica", "correct": false}]}
     ]}
    """

    static func server() throws -> TestServer {
        var content = QuizSupport.content.merging(LevelTestContent.standard()) { a, _ in a }
        content["Decks/quizzes/long.json"] = long
        content["Decks/words/prueba-es.json"] = HangmanFixture.deck
        return try TestServer(virtualClock: true, configure: { config in
            config.boardPort = 0
            LevelTestContent.fastTyping(&config)
        }, content: content)
    }

    /// The stream's events up to and including the first named `last`.
    static func events(_ stream: TestClient, until last: String) -> [[String: Any]] {
        var seen: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(10)
        while deadline.timeIntervalSinceNow > 0, let line = stream.readLine(timeout: deadline.timeIntervalSinceNow) {
            guard line.hasPrefix("data: "), let object = TestClient.json(String(line.dropFirst(6))) else { continue }
            seen.append(object)
            if object["ev"] as? String == last { break }
        }
        return seen
    }

    @Test func followingAPausedQuizShowsItsQuestionPausedWithTheTimeItKeeps() throws {
        let server = try Self.server()
        defer { server.stop() }
        let port = try BoardThisClassTests.boardPort(server)
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ana.send("create hangman easy prueba-es")
        let hangman = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        ben.send("join \(hangman)")
        _ = try #require(ben.waitForEvent("room.joined"))
        ana.send("start")
        _ = try #require(ana.nextState())
        #expect(admin.text("board follow \(hangman)").contains(hangman))
        let (quiz, players) = try QuizSupport.room(server, deck: "long", names: ["Cy", "Dee"])
        players[0].send("start")
        for player in players { _ = try #require(player.waitForEvent("quiz.question")) }
        try server.advance(by: 5)
        #expect(admin.text("pause \(quiz)").contains(quiz))
        _ = try #require(players[0].waitForEvent("paused"))
        try server.advance(by: 20)

        // The console follows the paused quiz: the open page gets its question and pause now.
        let stream = try BoardThisClassTests.stream(port)
        #expect(admin.text("board follow \(quiz)").contains(quiz))
        let sent = Self.events(stream, until: "paused")
        let names = sent.compactMap { $0["ev"] as? String }
        #expect(names == ["board.follow", "quiz.question", "paused"], "\(sent)")
        let question = sent.first { $0["ev"] as? String == "quiz.question" }
        #expect(question?["room"] as? String == quiz && question?["text"] as? String == "Capital of Peru?")
        #expect(question?["seconds"] as? Int == 25, "\(String(describing: question))")
        #expect(sent.last?["room"] as? String == quiz && sent.last?["seconds_left"] as? Int == 25, "\(sent)")

        // A page loaded now: `paused` says so with the seconds kept, and `recent` ends with the same.
        try server.advance(by: 30)
        let state = try BoardThisClassTests.state(port)
        let paused = state["paused"] as? [String: Any]
        #expect(paused?["room"] as? String == quiz && paused?["seconds_left"] as? Int == 25, "\(String(describing: state["paused"]))")
        let recent = BoardThisClassTests.recent(state)
        #expect(recent.last?["ev"] as? String == "paused" && recent.last?["seconds_left"] as? Int == 25)
        let shown = recent.last { $0["ev"] as? String == "quiz.question" }
        #expect(shown?["seconds"] as? Int == 25, "\(String(describing: shown))")
        #expect((state["ages"] as? [Any])?.count == recent.count)
        // The room goes on with what the board showed.
        #expect(admin.text("resume \(quiz)").contains(quiz))
        #expect(players[0].waitForEvent("resumed")?["seconds_left"] as? Int == 25)
        #expect(BoardTests.nextEvent(stream, "resumed")?["seconds_left"] as? Int == 25)
        #expect(try BoardThisClassTests.state(port)["paused"] is NSNull)

        // Back to the hangman round: its state, not paused.
        #expect(admin.text("board follow \(hangman)").contains(hangman))
        let back = Self.events(stream, until: "hangman.state").compactMap { $0["ev"] as? String }
        #expect(back.suffix(2) == ["board.follow", "hangman.state"], "\(back)")
    }

    @Test func followingTheChallengeDuringPauseAllShowsItsPanelPaused() throws {
        let server = try Self.server()
        defer { server.stop() }
        let port = try BoardThisClassTests.boardPort(server)
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("board follow class").contains("class"))
        #expect(admin.text("challenge start t-02 3").contains("started with 1 student"))
        _ = try #require(ana.waitForEvent("level.opened"))
        try server.advance(by: 10)
        #expect(admin.text("pause all").contains("Paused"))
        try server.advance(by: 60)
        let stream = try BoardThisClassTests.stream(port)
        #expect(admin.text("board follow challenge").contains("challenge"))
        let sent = Self.events(stream, until: "board.challenge")
        #expect(sent.compactMap { $0["ev"] as? String } == ["board.follow", "board.challenge"], "\(sent)")
        let panel = sent.last
        #expect(panel?["paused"] as? Bool == true, "\(String(describing: panel))")
        #expect(panel?["seconds_left"] as? Int == 170, "\(String(describing: panel))")
        // `auto` from there keeps the challenge on screen (sent again, whole).
        #expect(admin.text("board follow auto").contains("auto"))
        let auto = Self.events(stream, until: "board.challenge")
        let follow = auto.first { $0["ev"] as? String == "board.follow" }
        #expect(follow?["mode"] as? String == "auto" && follow?["kind"] as? String == "level", "\(auto)")
        #expect(auto.last?["paused"] as? Bool == true)
    }
}
