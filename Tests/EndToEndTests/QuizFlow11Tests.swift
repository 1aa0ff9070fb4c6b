import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Session 11's quiz play test (5 students and a teacher): the class is told
/// when a question waits for extra time, a double `next` no longer throws a
/// question away, the console and the host see answers come in, a watcher is
/// not told to answer. Virtual clock: time moves only when the test says.
@Suite(.lab, .slow, .serialized) struct QuizFlow11Tests {
    static func server() throws -> TestServer {
        var content = QuizSupport.content
        content["Decks/quizzes/capitals.json"] = QuizHostTests.capitals
        return try QuizSupport.server(content: content, virtualClock: true)
    }

    /// A class, its students logged in (JSON), a teacher-hosted quiz they all joined.
    static func hosted(_ server: TestServer, deck: String, names: [String],
                       before: (AdminConsole) -> Void = { _ in }) throws -> (AdminConsole, String, [TestClient]) {
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let students = try names.map { try TestClient.loggedInClass(port: server.port, name: $0, code: code) }
        before(admin)
        let room = try #require(QuizHostTests.roomID(admin.text("quiz host \(deck)")))
        for s in students {
            s.send("join \(room)")
            guard s.waitForEvent("room.joined") != nil else { throw TestError("could not join \(room)") }
        }
        return (admin, room, students)
    }

    static func said(_ event: [String: Any]?) -> String { event?["message"] as? String ?? event?["text"] as? String ?? "" }

    // MARK: 1. Waiting for a classmate with extra time

    @Test func theClassIsToldWhenTheQuestionWaitsForExtraTime() throws {
        let server = try Self.server()
        let (admin, room, c) = try Self.hosted(server, deck: "slow", names: ["Ana", "Ned", "Bo"]) { admin in
            #expect(admin.text("accommodate Ned time 2").contains("Ned"))
        }
        #expect(admin.text("quiz start 0").contains("\(room) started"))
        #expect(c[0].waitForEvent("quiz.question")?.int("seconds") == 11)
        #expect(c[1].waitForEvent("quiz.question")?.int("seconds") == 22)
        #expect(c[2].waitForEvent("quiz.question") != nil)
        c[0].send("1")
        #expect(c[0].waitForEvent("info") != nil, "Ana's answer is taken")

        // The class's 11 s are up: Ana (answered) and Bo (out of time) are told; Ned still answers.
        try server.advance(by: 11.1)
        for s in [c[0], c[2]] {
            let waiting = s.waitForEvent("quiz.waiting")
            #expect(waiting?["room"] as? String == room)
            #expect(waiting?.int("index") == 1)
            #expect(waiting?.int("waiting") == 1)
            #expect(waiting?.int("seconds_left") == 11)
            #expect(waiting?["names"] == nil, "no names for students")
        }
        #expect(c[1].waitForEvent("quiz.waiting", timeout: 0.3) == nil, "Ned is still answering")
        #expect(admin.client.waitFor("the class's time is up; it waits for Ned (extra time)") != nil)
        #expect(c[0].waitForEvent("quiz.tally", timeout: 0.3) == nil, "still open")

        // Ned answers: the question closes as before.
        c[1].send("2")
        for s in c { #expect(s.waitForEvent("quiz.tally")?.int("index") == 1) }
    }

    @Test func theWaitingLineIsInTheReadersLanguage() throws {
        let server = try Self.server()
        let (admin, room, c) = try Self.hosted(server, deck: "slow", names: ["Ana", "Ned"]) { admin in
            _ = admin.text("accommodate Ned time untimed")
        }
        c[0].send("mode text")
        c[0].send("color off")
        c[0].send("lang es")
        #expect(c[0].waitFor("Idioma: español.") != nil)
        #expect(admin.text("quiz start 0").contains("\(room) started"))
        #expect(c[0].waitFor("Pregunta 1") != nil)
        try server.advance(by: 11.1)
        #expect(c[0].waitFor("Se acabó el tiempo de la clase: esta pregunta espera a una persona de la clase") != nil,
                "\(c[0].transcript.suffix(5))")
        #expect(c[1].waitForEvent("quiz.waiting", timeout: 0.3) == nil)
    }

    @Test func nothingIsSaidWhenNobodyHasExtraTime() throws {
        let server = try Self.server()
        let (admin, room, c) = try Self.hosted(server, deck: "slow", names: ["Ana", "Bo"])
        #expect(admin.text("quiz start 0").contains("\(room) started"))
        c[0].send("1")
        try server.advance(by: 11.1)
        #expect(c[0].waitForEvent("quiz.tally")?.int("index") == 1)
        #expect(!c[0].transcript.contains { $0.contains("quiz.waiting") })
    }

    // MARK: 2. `next` just after a question opened

    @Test func theConsolesNextIsRefusedJustAfterAQuestionOpens() throws {
        let server = try Self.server()
        let (admin, room, c) = try Self.hosted(server, deck: "capitals", names: ["Ana", "Ben"])
        #expect(admin.text("quiz start 0").contains("\(room) started"))
        for s in c { #expect(s.waitForEvent("quiz.question")?.int("index") == 1) }
        let refused = admin.text("quiz next").replacingOccurrences(of: "\n  ", with: " ")
        #expect(refused.contains("Question 1 in \(room) has just opened: to close it, type quiz next again in a moment."),
                "\(refused)")
        #expect(c[0].waitForEvent("quiz.tally", timeout: 0.3) == nil, "question 1 stays open")

        try server.advance(by: 2.1)
        #expect(admin.text("quiz next").contains("\(room): moving on"))
        for s in c { #expect(s.waitForEvent("quiz.tally")?.int("index") == 1) }
        // A second press during the tally brings question 2 at once (as before)...
        #expect(admin.text("quiz next").contains("\(room): moving on"))
        for s in c { #expect(s.waitForEvent("quiz.question")?.int("index") == 2) }
        // ...and a third does not throw question 2 away.
        #expect(admin.text("quiz next").contains("Question 2 in \(room) has just opened"))
        #expect(c[0].waitForEvent("quiz.tally", timeout: 0.3) == nil)
    }

    @Test func theHostsNextIsRefusedJustAfterAQuestionOpensInEnglishAndSpanish() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let (room, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben"])
        c[0].send("start")
        #expect(c[1].waitForEvent("quiz.question")?.int("index") == 1)
        c[0].send("next")
        let refused = c[0].waitForEvent("error")
        #expect(refused?["code"] as? String == "question_just_opened")
        #expect(Self.said(refused) == "Question 1 has just opened: to close it, type next again in a moment.")
        c[0].send("lang es")
        _ = c[0].waitForEvent("info")
        c[0].send("siguiente")
        #expect(Self.said(c[0].waitForEvent("error"))
                == "La pregunta 1 se acaba de abrir: para cerrarla, escribe siguiente otra vez en un momento.")
        #expect(c[1].waitForEvent("quiz.tally", timeout: 0.3) == nil, "\(room): question 1 stays open")

        try server.advance(by: 2.1)
        c[0].send("next")
        #expect(c[1].waitForEvent("quiz.tally")?.int("index") == 1)
    }

    // MARK: 3. Answers coming in

    @Test func theConsoleSeesAnswersComeInThrottled() throws {
        let server = try Self.server()
        let (admin, room, c) = try Self.hosted(server, deck: "capitals", names: ["Ana", "Ben", "Cy"])
        #expect(admin.text("quiz start 0").contains("\(room) started"))
        for s in c { #expect(s.waitForEvent("quiz.question") != nil) }
        c[0].send("2")
        #expect(admin.client.waitFor("Question 1: 1 of 3 answered so far.") != nil)
        c[1].send("1")
        #expect(c[1].waitForEvent("info") != nil)
        #expect(admin.client.waitFor("2 of 3 answered so far", timeout: 0.3) == nil, "at most one line every 5 s")
        try server.advance(by: 5)
        #expect(admin.client.waitFor("Question 1: 2 of 3 answered so far.") != nil)
        // Students get nothing more than their own answer's line.
        for s in c { #expect(s.waitForEvent("quiz.progress", timeout: 0.2) == nil) }
        // The last answer closes it: the tally says the count, no extra line.
        c[2].send("2")
        #expect(admin.client.waitFor("3 of 3 answered.") != nil)
        #expect(!admin.client.transcript.contains { $0.contains("3 of 3 answered so far") })
    }

    @Test func aStudentHostSeesAnswersComeIn() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let (room, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben", "Cy"])
        c[0].send("start")
        #expect(c[1].waitForEvent("quiz.question") != nil)
        c[1].send("1")
        let progress = c[0].waitForEvent("quiz.progress")
        #expect(progress?["room"] as? String == room)
        #expect(progress?.int("index") == 1)
        #expect(progress?.int("answered") == 1)
        #expect(progress?.int("players") == 3)
        #expect(c[1].waitForEvent("quiz.progress", timeout: 0.3) == nil, "not for the other students")
        #expect(c[2].waitForEvent("quiz.progress", timeout: 0.2) == nil)
    }

    // MARK: 4. A watcher is not told to answer

    @Test func aLateJoinerWatchesWithoutBeingToldToAnswer() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let (room, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana"])
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        ben.send("color off")
        ben.send("join \(room)")
        #expect(ben.waitFor("Ben joined room \(room)") != nil, "\(ben.transcript.suffix(8))")
        c[0].send("start")
        #expect(ben.waitFor("Answer with one number from 1 to 4.") != nil, "a player is told how to answer")

        let lia = try TestClient.loggedIn(port: server.port, name: "Lia")
        lia.send("join \(room)")
        #expect(lia.waitFor("Pick one") != nil)
        #expect(lia.waitFor("seconds left") != nil)
        try server.advance(by: 5.1)
        try server.advance(by: 0.3)
        #expect(lia.waitFor("Pick some") != nil)
        #expect(lia.waitFor("You have 5 seconds") != nil)
        #expect(ben.waitFor("Choose one or more: type the numbers from 1 to 4") != nil, "\(ben.transcript.suffix(12))")
        #expect(!lia.transcript.contains { $0.contains("Answer with") || $0.contains("Choose one or more") }, "\(lia.transcript)")
    }

    // MARK: 7. The scale's decimal example lies inside one range

    @Test func theScaleHintsExampleIsInsideARangeInEnglishAndSpanish() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let (room, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana"])
        let ben = try TestClient.loggedIn(port: server.port, name: "Ben")
        let eva = try TestClient.loggedIn(port: server.port, name: "Eva")
        for (s, lang) in [(ben, "en"), (eva, "es")] {
            s.send("color off")
            s.send("lang \(lang)")
            s.send("join \(room)")
        }
        #expect(ben.waitFor("Ben joined room \(room)") != nil)
        #expect(eva.waitFor("Eva ha entrado en la sala \(room)") != nil)
        c[0].send("start")
        // Questions 1 and 2 close on time; 3 is the scale (4 answers: 1–2, 3–5, 6–8, 9–10).
        for next in 2...3 {
            #expect(c[0].waitForEvent("quiz.question")?.int("index") == next - 1)
            try server.advance(by: 5.1)
            try server.advance(by: 0.3)
            #expect(ben.waitFor("Question \(next) of 3") != nil)
        }
        #expect(ben.waitFor("How cold?") != nil)
        #expect(ben.waitFor("1.5 are fine)") != nil, "\(ben.transcript.suffix(4))")
        #expect(eva.waitFor("como 1,5)") != nil, "\(eva.transcript.suffix(4))")
        #expect(!ben.transcript.contains { $0.contains("5.5") })
    }
}

/// Session 11: `width 40` comes back with a reconnect; a command's word is not a name.
@Suite(.lab, .slow, .serialized) struct LoginSlips11Tests {
    @Test func aTypedWidthComesBackAfterAReconnect() throws {
        let server = try TestServer()
        let ned = try TestClient.loggedIn(port: server.port, name: "Ned")
        ned.send("color off")
        ned.send("width 40")
        #expect(ned.waitFor("40") != nil)
        ned.close()
        // Ned's place is held for the grace once the server saw the drop: logging in again takes it back.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, server.running.onLoop({ $0.players.values.first { $0.name == "Ned" }?.isConnected }) == true {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let back = try TestClient(port: server.port)
        #expect(back.waitFor("Name:") != nil)
        back.send("Ned")
        #expect(back.waitFor("Welcome back, Ned") != nil)
        back.send("help")
        var lines: [String] = []
        while let line = back.readLine(timeout: 1) { lines.append(line) }
        #expect(lines.count > 5, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines.filter { $0.count > 40 })")
    }

    @Test func aCommandIsNotANameInEnglishAndSpanish() throws {
        let server = try TestServer()
        let c = try TestClient(port: server.port)
        #expect(c.waitFor("Name:") != nil)
        for word in ["leave", "Help", "who", "next"] {
            c.send(word)
            // Before login the answer wraps at 40 columns (session 12).
            #expect(c.waitFor("\"\(word)\" is a command, not a name") != nil, "\(word)")
            #expect(c.waitFor("Name:") != nil)
        }
        c.send("Ana")
        #expect(c.waitFor("Ana") != nil, "\(c.transcript.suffix(8))")
        #expect(c.waitFor("You are in the lobby") != nil, "logged in")

        let es = try TestClient(port: server.port)
        #expect(es.waitFor("Name:") != nil)
        es.send("lang es")
        #expect(es.waitFor("Nombre:") != nil)
        es.send("ayuda")
        #expect(es.waitFor("«ayuda» es un comando, no un nombre:") != nil)
        es.send("abandonar")
        #expect(es.waitFor("«abandonar» es un comando") != nil)
        // Two words are a name.
        es.send("Leo Salir")
        #expect(es.waitFor("Leo Salir") != nil, "\(es.transcript.suffix(8))")
        #expect(es.waitFor("Estás en la entrada") != nil, "logged in")
    }
}
