import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaHangmanRoom

/// The projector shows this class, now (play test, session 10), over TCP: the
/// challenge panel holds this challenge's students by name with their state;
/// a closed room, a closed class, an old broadcast and a forgotten student
/// leave the board.
@Suite(.lab) struct BoardThisClassTests {
    static func boardPort(_ server: TestServer) throws -> Int {
        guard let port = server.running.onLoop({ $0.boardPort }) ?? nil else { throw TestError("no board port") }
        return port
    }

    static func stream(_ port: Int, _ query: String = "") throws -> TestClient {
        let stream = try TestClient(port: port)
        stream.sendRaw(Array(BoardTests.request("/events" + query).utf8))
        guard stream.readLine() == "HTTP/1.1 200 OK" else { throw TestError("no stream") }
        return stream
    }

    static func state(_ port: Int, _ query: String = "") throws -> [String: Any] {
        guard let json = TestClient.json(try BoardTests.get(port, BoardTests.request("/state" + query)).body) else {
            throw TestError("no /state")
        }
        return json
    }

    static func recent(_ state: [String: Any]) -> [[String: Any]] { state["recent"] as? [[String: Any]] ?? [] }

    /// The panel's rows as "Name state".
    static func rows(_ panel: [String: Any]?) -> [String] {
        (panel?["rows"] as? [[String: Any]] ?? []).map { "\($0["name"] as? String ?? "?") \($0["state"] as? String ?? "?")" }
    }

    /// The next `board.challenge` on the stream whose rows satisfy `check`.
    static func panel(_ stream: TestClient, ended: Bool = false, _ check: ([String]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(10)
        while deadline.timeIntervalSinceNow > 0 {
            guard let panel = BoardTests.nextEvent(stream, "board.challenge", timeout: deadline.timeIntervalSinceNow) else { return nil }
            if check(rows(panel)), !ended || panel["ended"] as? Bool == true { return panel }
        }
        return nil
    }

    static func walk(_ client: TestClient, _ steps: Int) {
        client.send("code")
        client.type(Array(repeating: "walk();", count: steps))
        client.send(".")
        client.send("submit")
    }

    @Test func theChallengePanelShowsThisChallengesStudentsByNameWithTheirStateNow() throws {
        let server = try TestServer(configure: { config in
            config.boardPort = 0
            LevelTestContent.fastTyping(&config)
        }, content: LevelTestContent.standard())
        defer { server.stop() }
        let port = try Self.boardPort(server)
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        let beto = try TestClient.loggedInClass(port: server.port, name: "Beto", code: code)
        let dani = try TestClient.loggedInClass(port: server.port, name: "Dani", code: code)
        // Ana solves t-01 alone first: a solo game is not the challenge.
        ana.send("play t-01")
        _ = try #require(ana.waitForEvent("level.opened"))
        Self.walk(ana, 4)
        #expect(ana.waitForEvent("level.result") { $0["kind"] as? String == "submit" }?["solved"] as? Bool == true)
        ana.send("leave")
        _ = ana.waitForEvent("room.left")
        // A solo level room (watchers off) is no room to follow.
        dani.send("play t-01")
        let solo = try #require(dani.waitForEvent("level.opened")?["room"] as? String)
        let rooms = (try Self.state(port)["rooms"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(!rooms.contains(solo), "\(rooms)")
        #expect(admin.text("board follow \(solo)").contains("There is no room \"\(solo)\""))

        let stream = try Self.stream(port, "?follow=challenge")
        #expect(admin.text("challenge start t-02 3").contains("started with 3 students"))
        for client in [ana, beto, dani] { _ = client.waitForEvent("level.opened") { $0["challenge"] as? Bool == true } }
        let started = try #require(Self.panel(stream) { $0.count == 3 })
        #expect(Self.rows(started) == ["Ana working", "Beto working", "Dani working"], "\(started)")
        #expect(started["level"] as? String == "t-02" && started["ended"] as? Bool == false)
        let left = try #require(started["seconds_left"] as? Int)
        #expect(left > 150 && left <= 180, "\(started)")

        #expect(admin.text("kick Beto 2 testing").contains("Beto"))
        _ = try #require(Self.panel(stream) { $0.contains("Beto kicked") })
        Self.walk(ana, 3)
        let solved = try #require(Self.panel(stream) { $0.contains("Ana solved") })
        let anaRow = (solved["rows"] as? [[String: Any]])?.first { $0["name"] as? String == "Ana" }
        #expect(anaRow?["stars"] as? Int == 3)
        #expect(Self.rows(solved) == ["Ana solved", "Beto kicked", "Dani working"], "\(solved)")
        // A page that loads now gets the panel, and no level room's own events.
        let now = try Self.state(port, "?follow=challenge")
        let names = Self.recent(now).compactMap { $0["ev"] as? String }
        #expect(!names.contains { $0.hasPrefix("level.") || $0 == "round.end" }, "\(names)")
        #expect(Self.rows(Self.recent(now).last { $0["ev"] as? String == "board.challenge" }) == Self.rows(solved))

        // Dani leaves: the last one playing — the challenge ends (once Ana's solve is
        // saved), with its leaderboard.
        dani.send("leave")
        _ = try #require(Self.panel(stream) { $0.contains("Dani left") })
        let ended = try #require(Self.panel(stream, ended: true) { _ in true })
        #expect(Self.rows(ended) == ["Ana solved", "Beto kicked", "Dani left"], "\(ended)")
        let board = (ended["leaderboard"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(board.first == "Ana" && Set(board) == ["Ana", "Beto", "Dani"], "\(ended)")

        // A second challenge starts a new panel: its students only.
        #expect(admin.text("challenge start t-01 2").contains("started with 2 students"))
        let second = try #require(Self.panel(stream) { _ in true })
        #expect(Self.rows(second) == ["Ana working", "Dani working"], "\(second)")
        #expect(second["level"] as? String == "t-01" && second["leaderboard"] is NSNull)
    }

    /// A page loaded mid-challenge counts down from the time really left, not from the start.
    @Test func aPageLoadedMidChallengeGetsTheClockAsItStandsNow() throws {
        let server = try TestServer(virtualClock: true, configure: { config in
            config.boardPort = 0
            LevelTestContent.fastTyping(&config)
        }, content: LevelTestContent.standard())
        defer { server.stop() }
        let port = try Self.boardPort(server)
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        #expect(admin.text("challenge start t-02 2").contains("started with 1 student"))
        _ = try #require(ana.waitForEvent("level.opened"))
        try server.advance(by: 30)
        let panel = Self.recent(try Self.state(port, "?follow=challenge")).last { $0["ev"] as? String == "board.challenge" }
        #expect(Self.rows(panel) == ["Ana working"])
        let left = try #require(panel?["seconds_left"] as? Int)
        #expect(left >= 88 && left <= 91, "\(String(describing: panel))")
        // A page following a quiz room gets no panel.
        let other = Self.recent(try Self.state(port, "?follow=quiz-9")).compactMap { $0["ev"] as? String }
        #expect(!other.contains("board.challenge"), "\(other)")
    }

    @Test func aClosedRoomLeavesTheBoardAndItsPauseGoes() throws {
        let server = try HangmanFixture.server { $0.boardPort = 0 }
        defer { server.stop() }
        let port = try Self.boardPort(server)
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        let ben = try TestClient.loggedInJSON(port: server.port, name: "Ben")
        ben.send("join \(room)")
        _ = try #require(ben.waitForEvent("room.joined"))
        ana.send("start")
        _ = try #require(ana.nextState())
        #expect(admin.text("board follow \(room)").contains(room))
        let stream = try Self.stream(port)
        let pinned = try Self.stream(port, "?follow=\(room)")
        #expect(admin.text("pause \(room)").contains(room))
        #expect(BoardTests.nextEvent(stream, "paused")?["room"] as? String == room)
        #expect(admin.text("room close \(room)").contains(room))
        // The console's follow falls back to auto; every page showing it is told.
        let follow = try #require(BoardTests.nextEvent(stream, "board.follow"))
        #expect(follow["mode"] as? String == "auto" && follow["room"] is NSNull, "\(follow)")
        #expect(BoardTests.nextEvent(stream, "board.closed")?["room"] as? String == room)
        #expect(BoardTests.nextEvent(pinned, "board.closed")?["room"] as? String == room)
        let state = try Self.state(port)
        #expect((state["follow"] as? [String: Any])?["mode"] as? String == "auto")
        #expect((state["follow"] as? [String: Any])?["room"] is NSNull)
        #expect(admin.text("board").contains("auto"))
        // A page that loads now shows nothing of it.
        // (`board.follow` naming it, and `board.closed`, are board-wide news.)
        let shown = Self.recent(state).filter {
            $0["room"] as? String == room && !["board.closed", "board.follow"].contains($0["ev"] as? String ?? "")
        }
        #expect(shown.isEmpty, "\(shown)")
    }

    @Test func anOldBroadcastIsNotReplayedAndClosingTheClassClearsTheReplay() throws {
        let server = try TestServer(virtualClock: true, configure: { $0.boardPort = 0 })
        defer { server.stop() }
        let port = try Self.boardPort(server)
        let admin = try server.admin()
        _ = try #require(joinCode(in: admin.run("class open 3B")))
        #expect(admin.text("broadcast Look at the board").contains("Sent to"))
        let fresh = Self.recent(try Self.state(port)).filter { $0["ev"] as? String == "broadcast" }
        #expect(fresh.count == 1, "shown to a page loaded within its 20 seconds")
        try server.advance(by: 21)
        let later = Self.recent(try Self.state(port)).filter { $0["ev"] as? String == "broadcast" }
        #expect(later.isEmpty, "\(later)")
        #expect(admin.text("broadcast Second").contains("Sent to"))
        #expect(admin.text("class close").contains("3B"))
        let closed = Self.recent(try Self.state(port)).compactMap { $0["ev"] as? String }
        #expect(!closed.contains("broadcast"), "\(closed)")
        _ = try #require(joinCode(in: admin.run("class open 4A")))
        let opened = Self.recent(try Self.state(port)).compactMap { $0["ev"] as? String }
        #expect(!opened.contains("broadcast") && !opened.contains("leaderboard"), "\(opened)")
    }

    @Test func aForgottenStudentLeavesEveryBoardView() throws {
        let server = try HangmanFixture.server { $0.boardPort = 0 }
        defer { server.stop() }
        let port = try Self.boardPort(server)
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code)
        let cris = try TestClient.loggedInClass(port: server.port, name: "Cris", code: code)
        ana.send("create hangman easy prueba-es")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)
        cris.send("join \(room)")
        _ = try #require(cris.waitForEvent("room.joined"))
        let stream = try Self.stream(port)
        ana.send("start")
        var state = try #require(ana.nextState())
        var letters = HangmanFixture.letters[...]
        while let letter = letters.popFirst() {
            (state["turn"] as? String == "Cris" ? cris : ana).send(String(letter))
            guard !letters.isEmpty else { break }
            state = try #require(ana.nextState())
        }
        _ = try #require(ana.waitForEvent("round.end"))
        let end = try #require(BoardTests.nextEvent(stream, "round.end"))
        #expect((end["leaderboard"] as? [[String: Any]])?.contains { $0["name"] as? String == "Cris" } == true)
        #expect(admin.text("kick Cris").contains("Cris"))
        #expect(try BoardTests.get(port, BoardTests.request("/teacher")).body.contains("<td>Cris</td>"))
        admin.client.send("forget 3B/Cris")
        #expect(admin.client.waitFor("Type yes") != nil)
        #expect(admin.text("yes").contains("Cris"))
        #expect(BoardTests.nextEvent(stream, "board.forget")?["name"] as? String == "Cris")
        let body = try BoardTests.get(port, BoardTests.request("/state")).body
        #expect(!body.contains("\"Cris\""), "\(body)")
        #expect(!(try BoardTests.get(port, BoardTests.request("/teacher")).body.contains("Cris")))
    }

    @Test func theTeacherPageWithNoClassOpenSaysSo() throws {
        let server = try TestServer(configure: { $0.boardPort = 0 })
        defer { server.stop() }
        let port = try Self.boardPort(server)
        let page = try BoardTests.get(port, BoardTests.request("/teacher")).body
        #expect(page.contains("No class is open."), "\(page)")
        #expect(!page.contains("Everyone in the group is connected."))
    }
}
