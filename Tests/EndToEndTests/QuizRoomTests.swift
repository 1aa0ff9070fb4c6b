import Foundation
import Testing
import AulaTestSupport
import AulaStore
@testable import AulaServer

/// Quiz rooms over real TCP: teams, questions, tallies, results, leaderboards, saving.
@Suite(.lab) struct QuizRoomTests {
    @Test func fourPlayersInTwoTeamsPlayAWholePersonalityDeck() throws {
        let server = try QuizSupport.server()
        let names = ["Ana", "Ben", "Cai", "Dee"]
        let (room, c) = try QuizSupport.room(server, deck: "trip", names: names)
        let teamOf = ["Ana": "Red", "Ben": "Red", "Cai": "Blue", "Dee": "Blue"]
        for (i, name) in names.enumerated() {
            c[i].send(i < 2 ? "team \(teamOf[name]!)" : "equipo \(teamOf[name]!)")
            #expect(c[i].waitForEvent("info") { ($0["text"] as? String)?.contains("\(name) is in team") == true } != nil)
        }
        c[1].send("start")
        #expect(c[1].waitForEvent("error")?["code"] as? String == "not_host")
        c[0].send("start")

        // What each player types on each question (Dee changes her mind on the first).
        let typed: [[String: String]] = [
            ["Ana": "1", "Ben": "4", "Cai": "2", "Dee": "3"],
            ["Ana": "1", "Ben": "1", "Cai": "3 4", "Dee": "3"],
            ["Ana": "1", "Ben": "2", "Cai": "10", "Dee": "7"],
        ]
        let kinds = ["single", "multiple", "ranged"]
        var chosen: [[String: [Int]]] = []   // 0-based answers, as the test reads the rules
        for (q, answers) in typed.enumerated() {
            for client in c {
                let question = client.waitForEvent("quiz.question")
                #expect(question?["room"] as? String == room)
                #expect(question?.int("index") == q + 1)
                #expect(question?.int("total") == 3)
                #expect(question?["kind"] as? String == kinds[q])
                #expect((question?["answers"] as? [String])?.count == 4)
                #expect(question?.int("seconds") == 5)
            }
            if q == 0 {
                c[0].send("9")
                #expect(c[0].waitForEvent("error")?["code"] as? String == "answer_out_of_range")
                c[3].send("1")
                #expect(c[3].waitForEvent("info") { ($0["text"] as? String)?.contains("saved") == true } != nil)
                // She changes her mind before the others answer (the last one closes the question).
                c[3].send(answers["Dee"]!)
                #expect(c[3].waitForEvent("info") { ($0["text"] as? String)?.contains("changed") == true } != nil)
            }
            var picks: [String: [Int]] = [:]
            for (i, name) in names.enumerated() {
                let text = answers[name]!
                if !(q == 0 && name == "Dee") { c[i].send(i == 1 ? "answer \(text)" : text) }
                let values = text.split(separator: " ").compactMap { Double($0) }
                // Ranged: round((v-1)/9 * (count-1)) over 4 answers.
                picks[name] = kinds[q] == "ranged" ? [QuizSupport.round((values[0] - 1) / 9 * 3)] : values.map { Int($0) - 1 }
            }
            chosen.append(picks)
            var counts = [0, 0, 0, 0]
            for p in picks.values { for a in p { counts[a] += 1 } }
            for client in c {
                let tally = client.waitForEvent("quiz.tally")
                #expect(tally?.int("index") == q + 1)
                #expect(tally?["counts"] as? [Int] == counts, "question \(q + 1)")
            }
        }

        // The expected results, from the rules of SPEC §5.
        let order = ["sun", "sea", "snow"]
        func types(_ name: String) -> [String] {
            chosen.enumerated().flatMap { q, picks in picks[name]!.map { QuizSupport.tripTypes[q][$0] } }
        }
        func synced(_ team: String, _ q: Int) -> Bool {
            let kinds = Set(names.filter { teamOf[$0] == team }.flatMap { chosen[q][$0]!.map { QuizSupport.tripTypes[q][$0] } })
            return kinds.count == 1
        }
        var points: [String: Int] = [:]
        for name in names {
            points[name] = 10 * 3 + 5 * (0..<3).filter { synced(teamOf[name]!, $0) }.count
        }
        let result = c[2].waitForEvent("quiz.result")
        let players = result?.object("players")
        for name in names {
            #expect(players?.object(name)?["type"] as? String == QuizSupport.mostFrequent(types(name), order: order), "\(name)")
        }
        let teams = result?.object("teams")
        for team in ["Red", "Blue"] {
            let members = names.filter { teamOf[$0] == team }
            let expectedType = QuizSupport.mostFrequent(members.flatMap(types), order: order)
            #expect(teams?.object(team)?["type"] as? String == expectedType)
            let sync = Double((0..<3).filter { synced(team, $0) }.count) / 3
            #expect(abs((teams?.object(team)?["sync"] as? Double ?? -1) - sync) < 1e-9, "\(team) sync")
        }
        let end = c[2].waitForEvent("round.end")
        #expect(end?["kind"] as? String == "quiz")
        let round = Dictionary(uniqueKeysWithValues: (end?.list("round") ?? []).map { ($0["name"] as? String ?? "", $0.int("points") ?? -1) })
        #expect(round == points)
        let board = (end?.list("leaderboard") ?? []).map { $0.int("points") ?? -1 }
        #expect(board == points.values.sorted(by: >))
        let teamRows = Dictionary(uniqueKeysWithValues: (end?.list("teams") ?? []).map { ($0["team"] as? String ?? "", $0.int("points") ?? -1) })
        for team in ["Red", "Blue"] {
            let members = names.filter { teamOf[$0] == team }
            let mean = Double(members.map { points[$0]! }.reduce(0, +)) / Double(members.count)
            #expect(teamRows[team] == QuizSupport.round(mean))
        }

        // Saved before it was printed: the round, every answer, and `top quiz` reads it.
        let saved = try server.running.server.store.sync { db in
            (try db.roundCount(), try db.quizAnswers(roundID: 1).count)
        }
        #expect(saved.0 == 1)
        #expect(saved.1 == 12)
        c[0].send("top quiz")
        let top = c[0].waitForEvent("leaderboard")?.list("rows") ?? []
        #expect(top.map { $0.int("points") ?? -1 } == points.values.sorted(by: >))
    }

    @Test func gradedDeckScoresBySpeedThenByAccuracyWithRunningTotals() throws {
        let server = try QuizSupport.server()
        let names = ["Eva", "Fay", "Gus", "Hal"]
        let (_, c) = try QuizSupport.room(server, deck: "facts", names: names)
        c[1].send("teams auto 2")
        #expect(c[1].waitForEvent("error")?["code"] as? String == "not_host")
        c[1].send("set scoring accuracy")
        #expect(c[1].waitForEvent("error")?["code"] as? String == "not_host")
        c[0].send("teams auto 2")
        let dealt = c[0].waitForEvent("quiz.teams")?.list("teams") ?? []
        var teamOf: [String: String] = [:]
        for team in dealt { for m in team["members"] as? [String] ?? [] { teamOf[m] = team["team"] as? String } }
        #expect(teamOf.count == 4)
        #expect(Set(teamOf.values).count == 2)

        let typed: [[String: String]] = [["Eva": "2", "Fay": "2", "Gus": "1", "Hal": "2"],
                                         ["Eva": "1 3", "Fay": "1", "Gus": "3 1", "Hal": "1 2 3"]]
        func isRight(_ q: Int, _ text: String) -> Bool {
            Set(text.split(separator: " ").compactMap { Int($0) }) == QuizSupport.factsCorrect[q]
        }
        let correct = Dictionary(uniqueKeysWithValues: names.map { n in (n, (0..<2).filter { isRight($0, typed[$0][n]!) }.count) })

        func play() -> (result: [String: Any]?, end: [String: Any]?) {
            c[0].send("start")
            for answers in typed {
                for client in c { _ = client.waitForEvent("quiz.question") }
                for (i, name) in names.enumerated() { c[i].send(answers[name]!) }
                for client in c { _ = client.waitForEvent("quiz.tally") }
            }
            return (c[3].waitForEvent("quiz.result"), c[3].waitForEvent("round.end"))
        }

        // Round 1, speed: round(5 + 5 × time left / seconds) per correct answer, from the saved times.
        let first = play()
        let answers = try server.running.server.store.sync { db in try db.quizAnswers(roundID: 1) }
        #expect(answers.count == 8)
        let ids = try server.running.server.store.sync { db in
            try names.map { ($0, try db.student(groupID: server.running.server.openGroupRef.id, name: $0)?.id ?? -1) }
        }
        var speedPoints: [String: Int] = [:]
        for (name, id) in ids {
            var total = 0
            for a in answers where a.studentID == id {
                let right = isRight(a.questionIndex, a.answer)
                let expected = right ? QuizSupport.round(10 - 5 * min(a.elapsed, 5) / 5) : 0
                #expect(a.points == expected)
                total += expected
            }
            speedPoints[name] = total
        }
        for name in names {
            let p = first.result?.object("players")?.object(name)
            #expect(p?.int("correct") == correct[name])
            #expect(p?.int("points") == speedPoints[name])
            #expect(speedPoints[name]! >= 5 * correct[name]! && speedPoints[name]! <= 10 * correct[name]!)
        }

        // Round 2, accuracy: 10 per correct answer; the room's totals add up.
        c[0].send("fijar puntuación precisión")
        #expect(c[0].waitForEvent("info") { ($0["text"] as? String)?.contains("accuracy") == true } != nil)
        let second = play()
        let accuracy = Dictionary(uniqueKeysWithValues: names.map { ($0, 10 * correct[$0]!) })
        let round = Dictionary(uniqueKeysWithValues: (second.end?.list("round") ?? []).map { ($0["name"] as? String ?? "", $0.int("points") ?? -1) })
        #expect(round == accuracy)
        let totals = Dictionary(uniqueKeysWithValues: (second.end?.list("leaderboard") ?? []).map { ($0["name"] as? String ?? "", $0.int("points") ?? -1) })
        #expect(totals == Dictionary(uniqueKeysWithValues: names.map { ($0, accuracy[$0]! + speedPoints[$0]!) }))
        let teams = Dictionary(uniqueKeysWithValues: (second.end?.list("teams") ?? []).map { ($0["team"] as? String ?? "", $0.int("points") ?? -1) })
        for team in Set(teamOf.values) {
            let members = names.filter { teamOf[$0] == team }
            let mean = Double(members.map { accuracy[$0]! }.reduce(0, +)) / Double(members.count)
            #expect(teams[team] == QuizSupport.round(mean))
        }
    }

    /// In virtual time (issue 18): the 11-second question takes no 11 seconds.
    @Test func aQuestionNobodyAnswersClosesOnTimeAndLateComersWatch() throws {
        let server = try QuizSupport.server(virtualClock: true)
        let (room, c) = try QuizSupport.room(server, deck: "slow", names: ["Ivy", "Joe"])
        c[0].send("start")
        let opened = try #require(server.clock?.now)
        for client in c { #expect(client.waitForEvent("quiz.question")?.int("seconds") == 11) }
        // Someone joining now watches: they see the question but cannot answer.
        let late = try TestClient.loggedInJSON(port: server.port, name: "Kim")
        late.send("join \(room)")
        #expect(late.waitForEvent("room.joined")?["spectator"] as? Bool == true)
        #expect(late.waitForEvent("quiz.question") != nil)
        late.send("1")
        #expect(late.waitForEvent("error")?["code"] as? String == "not_playing")

        try server.advance(by: 1)
        let timer = c[1].waitForEvent("timer", timeout: 4)
        #expect(timer?.int("seconds_left") == 10)
        #expect(timer?["room"] as? String == room)
        // Not before its time: at 10.5 s the question is still open.
        try server.advance(by: 9.5)
        #expect(c[0].waitForEvent("quiz.tally", timeout: 0.3) == nil)
        try server.advance(by: 0.6)
        let tally = c[0].waitForEvent("quiz.tally", timeout: 14)
        #expect(tally?["counts"] as? [Int] == [0, 0])
        #expect(try #require(server.clock?.now) - opened >= 10.5)
        try server.advance(by: 0.2)  // the tally's review pause
        let result = c[0].waitForEvent("quiz.result")
        #expect(result?.object("players")?.object("Ivy")?["type"] is NSNull)
        let end = c[0].waitForEvent("round.end")
        #expect((end?.list("round") ?? []).map { $0.int("points") ?? -1 } == [0, 0])
        // The watcher plays in the next quiz.
        c[0].send("start")
        #expect(late.waitForEvent("quiz.question")?.int("seconds") == 11)
        late.send("2")
        #expect(late.waitForEvent("info") { ($0["text"] as? String)?.contains("saved") == true } != nil)
    }

    @Test func aBadDeckFileIsLeftOutAndTheServerStillStarts() throws {
        let server = try QuizSupport.server(content: ["Decks/quizzes/trip.json": QuizSupport.trip,
                                                      "Decks/quizzes/bad.json": "{\"id\": \"bad\", \"questions\": ["])
        let a = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        a.send("create quiz bad")
        let refused = a.waitForEvent("error")
        #expect(refused?["code"] as? String == "unknown_deck")
        #expect((refused?["message"] as? String)?.contains("trip") == true)
        a.send("create quiz")
        #expect(a.waitForEvent("error")?["code"] as? String == "missing_argument")
        a.send("crear cuestionario TRIP")
        #expect(a.waitForEvent("room.joined")?["kind"] as? String == "quiz")
    }

    @Test func textPlayersSeeNumberedAnswersBarsAndWordsInReaderModeAndSpanish() throws {
        let server = try QuizSupport.server()
        let lia = try TestClient.loggedIn(port: server.port, name: "Lia")
        lia.send("create quiz trip")
        #expect(lia.waitFor("Quiz room quiz-") != nil)
        lia.send("start")
        #expect(lia.waitFor("Question 1 of 3") != nil)
        #expect(lia.waitFor(") D") != nil)
        #expect(lia.waitFor("5 seconds") != nil)
        lia.send("4")
        #expect(lia.waitFor("Answers to question 1:") != nil)
        let bar = lia.waitFor("#")
        #expect(bar?.contains("D") == true)
        #expect(lia.waitFor("Question 2 of 3") != nil)
        lia.send("reader on")
        #expect(lia.waitFor("Reader mode on") != nil)
        lia.send("2")
        #expect(lia.waitFor("Answer 2, B: 1 vote.") != nil)
        #expect(lia.waitFor("Answer 3, C: 0 votes.") != nil)
        #expect(lia.waitFor("question 3 of 3") != nil)
        lia.send("lang es")
        #expect(lia.waitFor("Idioma: español") != nil)
        lia.send("1")
        #expect(lia.waitFor("Respuestas a la pregunta 3:") != nil)
        #expect(lia.waitFor("Resultados") != nil)
        #expect(lia.waitFor("Clasificación de jugadores") != nil)
    }
}
