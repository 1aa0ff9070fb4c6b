import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// Issue 15 over TCP: a ranged question shown as its scale (text and JSON),
/// graded feedback after each question with ties ranked by time, and
/// shuffled answers scored by what each student saw.
@Suite(.lab, .slow, .serialized) struct QuizFairnessEndToEndTests {
    static let scale = """
    {"id": "scale", "title": "Scale", "lang": "en", "description": "How much?", "seconds": 30,
     "types": [{"key": "a", "title": "A", "definition": "A."}, {"key": "b", "title": "B", "definition": "B."}],
     "questions": [{"kind": "ranged", "text": "How much do you like maps? 1 = not at all, 10 = a lot", "answers": [
        {"text": "Not much", "type": "a"}, {"text": "Some", "type": "b"},
        {"text": "Quite a lot", "type": "a"}, {"text": "A lot", "type": "b"}]}]}
    """
    /// Graded, answers shuffled by default (no shuffle_answers), one question with one right answer.
    static let mixed = """
    {"id": "mixed", "title": "Mixed", "lang": "en", "description": "Shuffled.", "seconds": 30,
     "questions": [{"kind": "single", "text": "Capital of Peru?", "answers": [
        {"text": "Cusco", "correct": false}, {"text": "Lima", "correct": true},
        {"text": "Arequipa", "correct": false}, {"text": "Trujillo", "correct": false},
        {"text": "Puno", "correct": false}, {"text": "Ica", "correct": false}]}]}
    """

    static func server() throws -> TestServer {
        var content = QuizSupport.content
        content["Decks/quizzes/scale.json"] = scale
        content["Decks/quizzes/mixed.json"] = mixed
        return try QuizSupport.server(content: content)
    }

    @Test func aRangedQuestionIsAScaleWithBandsAndATypedFourIsInTheSecondBand() throws {
        let server = try Self.server()
        let (room, c) = try QuizSupport.room(server, deck: "scale", names: ["Ana", "Ben"])
        let text = try TestClient.loggedIn(port: server.port, name: "Cleo")
        text.send("join \(room)")
        #expect(text.waitFor("joined") != nil)
        c[0].send("start")
        let q = try #require(c[0].waitForEvent("quiz.question"))
        #expect(q.object("scale")?.int("min") == 1 && q.object("scale")?.int("max") == 10)
        let bands = (q.list("bands") ?? []).map { [$0.int("from") ?? 0, $0.int("to") ?? 0] }
        #expect(bands == [[1, 2], [3, 5], [6, 8], [9, 10]])
        // Text: each band with its range, never "1) Not much".
        var lines: [String] = []
        while let line = text.readLine(timeout: 2) {
            lines.append(line)
            if line.contains("Type a number from 1 to 10") { break }
        }
        #expect(lines.contains { $0.contains("1–2") && $0.contains("Not much") })
        #expect(lines.contains { $0.contains("3–5") && $0.contains("Some") })
        #expect(!lines.contains { $0.contains("1) Not much") || $0.contains("4) A lot") })
        // "4" means 4 on the scale: the "Some" band (3–5), not "A lot".
        c[0].send("4")
        c[1].send("10")
        text.send("1")
        let tally = c[0].waitForEvent("quiz.tally")
        #expect(tally?["counts"] as? [Int] == [1, 1, 0, 1])
    }

    @Test func gradedFeedbackAfterEachQuestionRanksTiesByTime() throws {
        let server = try Self.server()
        let (_, c) = try QuizSupport.room(server, deck: "facts", names: ["Eva", "Fay", "Gus"])
        c[0].send("set scoring accuracy")
        _ = c[0].waitForEvent("info")
        c[0].send("start")
        // q1: 2 is right. Fay answers first, Eva next, Gus wrong.
        for client in c { _ = client.waitForEvent("quiz.question") }
        c[1].send("2")
        _ = c[1].waitForEvent("info")
        Thread.sleep(forTimeInterval: 0.05)
        c[0].send("2")
        _ = c[0].waitForEvent("info")
        c[2].send("1")
        let fay = c[1].waitForEvent("quiz.feedback")
        let eva = c[0].waitForEvent("quiz.feedback")
        let gus = c[2].waitForEvent("quiz.feedback")
        #expect(fay?["correct"] as? Bool == true && fay?.int("points") == 10 && fay?.int("rank") == 1)
        #expect(eva?["correct"] as? Bool == true && eva?.int("points") == 10 && eva?.int("rank") == 2)
        #expect(gus?["correct"] as? Bool == false && gus?.int("points") == 0 && gus?.int("rank") == 3)
        #expect(fay?.int("index") == 1)
        // q2 (1 and 3 right): all wrong; the end ranks Fay, Eva, Gus with distinct ranks.
        for client in c { _ = client.waitForEvent("quiz.question") }
        for client in c { client.send("2") }
        let end = c[0].waitForEvent("round.end")
        let round = (end?.list("round") ?? []).map { "\($0["name"] as? String ?? "")#\($0.int("rank") ?? 0)#\($0.int("points") ?? 0)" }
        #expect(round == ["Fay#1#10", "Eva#2#10", "Gus#3#0"])
        let board = (end?.list("leaderboard") ?? []).map { $0.int("rank") ?? 0 }
        #expect(board == [1, 2, 3])
    }

    @Test func textFeedbackSaysPointsAndPlaceAndShuffledAnswersScoreWhatWasSeen() throws {
        let server = try Self.server()
        let host = try TestClient.loggedInJSON(port: server.port, name: "Hal")
        host.send("create quiz mixed")
        let room = try #require(host.waitForEvent("room.joined")?["room"] as? String)
        let ivy = try TestClient.loggedIn(port: server.port, name: "Ivy")
        ivy.send("join \(room)")
        #expect(ivy.waitFor("joined") != nil)
        host.send("start")
        let q = try #require(host.waitForEvent("quiz.question"))
        let shown = q["answers"] as? [String] ?? []
        #expect(Set(shown) == ["Cusco", "Lima", "Arequipa", "Trujillo", "Puno", "Ica"])
        let lima = try #require(shown.firstIndex(of: "Lima")) + 1
        // Ivy (text) sees the same order: her line for Lima has the same number.
        let limaLine = ivy.waitFor(") Lima")?.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(limaLine?.trimmingCharacters(in: .whitespaces) == "\(lima)) Lima", "\(ivy.transcript.suffix(8))")
        ivy.send(String(lima))
        let wrong = lima == 1 ? 2 : 1
        host.send(String(wrong))
        let line = ivy.waitFor("Correct!")
        #expect(line?.contains("you are 1st of 2") == true)
        let hal = host.waitForEvent("quiz.feedback")
        #expect(hal?["correct"] as? Bool == false)
        #expect(host.waitForEvent("quiz.result")?.object("players")?.object("Ivy")?.int("correct") == 1)
    }
}
