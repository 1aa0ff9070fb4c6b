import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom
@testable import AulaHangmanRoom

/// Session 12's hostile student, seen from the teacher's side: a name ending
/// in a number that makes `kick NAME MINUTES` ambiguous, a reconnect loop
/// flooding the room, and solo rooms taking the projector from the teacher's quiz.
@Suite(.lab) struct HostileConsole12Tests {
    private func online(_ server: TestServer, _ name: String) -> Bool {
        server.running.onLoop { s in s.players.values.contains { $0.name == name && $0.isConnected } } ?? false
    }

    @Test func kickWithANameEndingInANumberShowsBothReadings() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let nora = try TestClient.loggedInJSON(port: server.port, name: "Nora")
        let nora10 = try TestClient.loggedInJSON(port: server.port, name: "Nora 10")
        let answer = admin.text("kick Nora 10")
        #expect(answer.contains("kick \"Nora\" 10") && answer.contains("kick \"Nora 10\""), "\(answer)")
        #expect(online(server, "Nora") && online(server, "Nora 10"))
        // In quotes the console reads it one way.
        #expect(admin.text("kick \"Nora\" 10").contains("Nora was removed"))
        #expect(!online(server, "Nora") && online(server, "Nora 10"))
        #expect(admin.text("kick \"Nora 10\"").contains("Nora 10 was removed"))
        withExtendedLifetime((nora, nora10)) {}
    }

    @Test func aReconnectLoopIsGatheredLikeJoinsAndLeaves() throws {
        let server = try HangmanFixture.server(virtualClock: true)
        defer { server.stop() }
        let (host, room) = try RoomNoticeFloodTests.hostedRoom(server)
        var flicker = try TestClient.loggedInJSON(port: server.port, name: "Flicker")
        flicker.send("join \(room)")
        #expect(flicker.waitForEvent("room.joined") != nil)
        host.send("start")  // Flicker plays: a drop keeps the seat
        #expect(flicker.nextState() != nil)
        for _ in 0..<40 {
            flicker.close()
            #expect(flicker.waitForClose())
            // Dropped: held for the grace (the server noticed before the same address comes back).
            let deadline = Date().addingTimeInterval(5)
            while online(server, "Flicker"), deadline.timeIntervalSinceNow > 0 { Thread.sleep(forTimeInterval: 0.002) }
            flicker = try TestClient.loggedInJSON(port: server.port, name: "Flicker")
        }
        host.send("who")
        var notices: [String] = []
        while let line = host.readLine(timeout: 5), !line.contains("Online now") {
            if line.contains("lost the connection") || line.contains("is back") || line.contains("are back") { notices.append(line) }
        }
        // 80 drops and returns: a handful of lines, not 80.
        #expect(notices.count <= 2 * Int(RoomNoticeBudget.burst), "\(notices.count): \(notices.suffix(4))")
        try server.advance(by: RoomNoticeBudget.gatherSeconds + 0.5)
        #expect(RoomNoticeFloodTests.waitForPlain(host, "Flicker is back.") != nil)
    }

    @Test func theTeachersQuizKeepsAnAutoBoardFromSoloRooms() throws {
        var content = QuizSupport.content
        content["Decks/words/prueba-es.json"] = HangmanFixture.deck
        content["Decks/quizzes/capitals.json"] = QuizHostTests.capitals  // 30 s a question: nothing times out
        let server = try TestServer(virtualClock: true, configure: { $0.boardPort = 0 }, content: content, games: { server in
            QuizRoom.register(server, reviewPause: 0.2, nextGuard: 0)
            HangmanGame.register(server, seed: 42)
        })
        defer { server.stop() }
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let target = { server.running.onLoop { s in s.board?.autoTarget } ?? nil }
        // A solo hangman room plays: an idle auto board follows it.
        let carla = try TestClient.loggedInClass(port: server.port, name: "Carla", code: code)
        carla.send("create hangman easy prueba-es")
        let solo = try #require(carla.waitForEvent("room.joined")?["room"] as? String)
        carla.send("start")
        _ = try #require(carla.nextState())
        #expect(target() == solo)
        // The teacher hosts a quiz; the solo room closes: auto goes to the quiz, not to nothing.
        let hosted = admin.text("quiz host capitals")
        let quiz = try #require(hosted.range(of: #"quiz-[0-9]+"#, options: .regularExpression).map { String(hosted[$0]) })
        carla.send("leave")
        _ = try #require(carla.waitForEvent("room.left"))
        #expect(target() == quiz)
        // The quiz runs; quiet for a while, a new solo room still does not take the board.
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        ana.send("join \(quiz)")
        _ = try #require(ana.waitForEvent("room.joined"))
        #expect(admin.text("quiz start").contains(quiz))
        _ = try #require(ana.waitForEvent("quiz.question"))
        #expect(target() == quiz)
        try server.advance(by: Board.autoQuietSeconds + 0.5)
        for _ in 0..<3 {
            carla.send("create hangman easy prueba-es")
            _ = try #require(carla.waitForEvent("room.joined"))
            carla.send("start")
            _ = try #require(carla.nextState())
            #expect(target() == quiz)
            carla.send("leave")
            _ = try #require(carla.waitForEvent("room.left"))
            #expect(target() == quiz)
        }
    }
}
