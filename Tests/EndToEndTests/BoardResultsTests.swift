import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer

/// The board's second part over TCP (issue 19): personality results and team
/// sync on the stream, a page's own follow choice (`?follow=`), the room list
/// for its dropdown, and the progress grid on `/teacher`.
@Suite(.lab) struct BoardResultsTests {
    @Test func personalityResultsAndTeamSyncReachTheStream() throws {
        let (server, port) = try BoardTests.server()
        defer { server.stop() }
        let stream = try TestClient(port: port)
        stream.sendRaw(Array(BoardTests.request("/events").utf8))
        #expect(stream.readLine() == "HTTP/1.1 200 OK")
        let (_, c) = try QuizSupport.room(server, deck: "trip", names: ["Ana", "Ben"])
        for (client, name) in zip(c, ["Ana", "Ben"]) {
            client.send("team Red")
            #expect(client.waitForEvent("info") { ($0["text"] as? String)?.contains("\(name) is in team") == true } != nil)
        }
        c[0].send("start")
        // Both pick the sun answer every time: one type, fully in sync.
        for _ in 0..<3 {
            for client in c { _ = client.waitForEvent("quiz.question") }
            for client in c { client.send("1") }
        }
        let result = BoardTests.nextEvent(stream, "quiz.result", timeout: 15)
        let players = result?["players"] as? [String: Any]
        #expect((players?["Ana"] as? [String: Any])?["title"] as? String == "Sunny beach")
        #expect((players?["Ben"] as? [String: Any])?["type"] as? String == "sun")
        let red = (result?["teams"] as? [String: Any])?["Red"] as? [String: Any]
        #expect(red?["title"] as? String == "Sunny beach")
        #expect(red?["sync"] as? Double == 1.0)
        let end = BoardTests.nextEvent(stream, "round.end")
        #expect(end?["kind"] as? String == "quiz")
        #expect((end?["teams"] as? [[String: Any]])?.first?["team"] as? String == "Red")
        // A page loading now finds them in /state, to draw the results at once.
        let state = TestClient.json(try BoardTests.get(port, BoardTests.request("/state")).body)
        let recent = (state?["recent"] as? [[String: Any]])?.compactMap { $0["ev"] as? String } ?? []
        #expect(recent.contains("quiz.result") && recent.last == "round.end")
    }

    @Test func aPageFollowsWhatItChoseAndGetsTheRoomList() throws {
        let (server, port) = try BoardTests.server()
        defer { server.stop() }
        let (first, a) = try QuizSupport.room(server, deck: "facts", names: ["Ana"])
        let (second, b) = try QuizSupport.room(server, deck: "facts", names: ["Ben"])
        let admin = try server.admin()
        #expect(admin.text("board follow \(first)").contains(first))
        // This page pinned the second room: it sees its questions, not the first's.
        let pinned = try TestClient(port: port)
        pinned.sendRaw(Array(BoardTests.request("/events?follow=\(second)").utf8))
        #expect(pinned.readLine() == "HTTP/1.1 200 OK")
        // And the board's room list, for the dropdown, within a second or so.
        let rooms = BoardTests.nextEvent(pinned, "board.rooms")
        let ids = (rooms?["rooms"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.contains(first) && ids.contains(second))
        let console = try TestClient(port: port)
        console.sendRaw(Array(BoardTests.request("/events").utf8))
        #expect(console.readLine() == "HTTP/1.1 200 OK")
        a[0].send("start")
        _ = a[0].waitForEvent("quiz.question")
        #expect(BoardTests.nextEvent(console, "quiz.question")?["room"] as? String == first)
        b[0].send("start")
        _ = b[0].waitForEvent("quiz.question")
        #expect(BoardTests.nextEvent(pinned, "quiz.question")?["room"] as? String == second)
        // /state for that page: its choice, and only its room's recent events.
        let state = TestClient.json(try BoardTests.get(port, BoardTests.request("/state?follow=\(second)")).body)
        #expect(state?["pinned"] as? String == second)
        #expect((state?["follow"] as? [String: Any])?["room"] as? String == first)
        // (`board.follow` names the console's room, but it is board-wide news.)
        let rooms2 = (state?["recent"] as? [[String: Any]])?.filter { $0["ev"] as? String != "board.follow" }
            .compactMap { $0["room"] as? String } ?? []
        #expect(!rooms2.isEmpty && rooms2.allSatisfy { $0 == second })
        // `class`: the class and the teacher's news only, no room's events.
        let classOnly = TestClient.json(try BoardTests.get(port, BoardTests.request("/state?follow=class")).body)
        #expect(classOnly?["pinned"] as? String == "class")
        #expect((classOnly?["recent"] as? [[String: Any]])?.contains { $0["room"] != nil && $0["ev"] as? String != "board.follow" } == false)
        // The board stays read-only: a page's choice changed nothing for the console.
        #expect(admin.text("board").contains(first))
    }

    /// A corridor where a loop is the lesson (as in LevelCourseTests): par 2, at most 6 statements.
    static let content: [String: String] = {
        var files = LevelTestContent.standard()
        files["Levels/w1/t-loop.json"] = LevelCourseTests.loopLevel
        return files
    }()

    @Test func theTeacherPageShowsTheProgressGrid() throws {
        let server = try TestServer(configure: { config in
            config.boardPort = 0
            LevelTestContent.fastTyping(&config)
        }, content: Self.content)
        defer { server.stop() }
        let port = try #require(server.running.onLoop({ $0.boardPort }) ?? nil)
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        for client in [ana, ben] {
            client.send("play t-loop")
            _ = client.waitForEvent("level.opened")
        }
        // Ana: five submits over the limit — stuck. Ben: the loop, three stars.
        ana.send("code")
        ana.type([String(repeating: "walk(); ", count: 10)])
        ana.send(".")
        for _ in 0..<5 {
            ana.send("submit")
            #expect(ana.waitForEvent("error")?["code"] as? String == "too_many_statements")
        }
        ben.send("code")
        ben.type(["repeat (10) {", "    walk();", "}"])
        ben.send(".")
        ben.send("submit")
        #expect(ben.waitForEvent("level.result")?["stars"] as? Int == 3)
        let page = try BoardTests.get(port, BoardTests.request("/teacher"))
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.body.contains("<table class=\"progress\">"))
        #expect(page.body.contains("<th title=\"Ten tiles\">t-loop</th>"), "\(page.body)")
        let rows = page.body.components(separatedBy: "\n")
        let anaRow = rows.first { $0.hasPrefix("<tr><td>Ana</td><td class=") } ?? ""
        #expect(anaRow.contains("<td class=\"stuck\" data-level=\"t-loop\" data-attempts=\"5\">5 !</td>"), "\(anaRow)")
        let benRow = rows.first { $0.hasPrefix("<tr><td>Ben</td><td class=") } ?? ""
        #expect(benRow.contains("<td class=\"solved\" data-level=\"t-loop\" data-attempts=\"1\">✓★★★</td>"), "\(benRow)")
        // Untried levels show a dot; the roster follows; no script on the teacher's page.
        #expect(benRow.contains("class=\"untried\""))
        #expect(page.body.contains("<td>Ana</td><td>open</td>"))
        // Each student's last activity: both last submitted the level.
        let benRoster = rows.first { $0.hasPrefix("<tr><td>Ben</td><td>open</td>") } ?? ""
        #expect(benRoster.contains("<td class=\"activity\">submitted level t-loop · "), "\(benRoster)")
        #expect(!page.body.contains("<script"))
        let spanish = try BoardTests.get(port, BoardTests.request("/teacher?lang=es"))
        #expect(spanish.body.contains("Niveles — grupo open") && spanish.body.contains("se ha atascado"))
        #expect(try BoardTests.get(port, BoardTests.request("/teacher", method: "HEAD")).body.isEmpty)
    }
}
