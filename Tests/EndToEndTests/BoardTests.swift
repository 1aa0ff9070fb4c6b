import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
@testable import AulaQuizRoom

/// The projector board over real TCP (SPEC §12): the page, the snapshot, the
/// event stream while students play, the key off loopback, bad requests and
/// the connection cap.
@Suite(.lab) struct BoardTests {
    static func server(_ configure: @escaping (inout ServerConfig) -> Void = { _ in }) throws -> (TestServer, Int) {
        let server = try TestServer(configure: { config in
            config.boardPort = 0
            configure(&config)
        }, content: QuizSupport.content, games: { server in QuizRoom.register(server, reviewPause: 0.2) })
        guard let port = server.running.onLoop({ $0.boardPort }) ?? nil else { throw TestError("no board port") }
        return (server, port)
    }

    /// Sends one request; returns the status line, headers and body (read until the server closes).
    static func get(_ port: Int, _ request: String, host: String = "127.0.0.1") throws -> (status: String, head: [String], body: String) {
        let client = try TestClient(port: port, host: host)
        client.sendRaw(Array(request.utf8))
        guard let status = client.readLine() else { throw TestError("no status line") }
        var head: [String] = []
        while let line = client.readLine(), !line.isEmpty { head.append(line) }
        // The body has no line ending of its own: read everything until the server closes.
        let body = String(decoding: client.rawBytes(timeout: 3), as: UTF8.self)
        return (status, head, body)
    }

    static func request(_ path: String, method: String = "GET") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: board\r\n\r\n"
    }

    @Test func pageStateAndRefusals() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let page = try Self.get(port, Self.request("/?lang=es"))
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.head.contains("Content-Type: text/html; charset=utf-8"))
        #expect(page.body.contains("Pantalla de Aula"))
        #expect(page.body.contains("board.js"))
        let script = try Self.get(port, Self.request("/board.js"))
        #expect(script.body.contains("EventSource"))
        let state = try Self.get(port, Self.request("/state"))
        let json = TestClient.json(state.body)
        #expect(json?["ev"] as? String == "board.state")
        #expect((json?["class"] as? [String: Any])?["open"] as? Bool == false)
        let head = try Self.get(port, Self.request("/state", method: "HEAD"))
        #expect(head.status == "HTTP/1.1 200 OK")
        #expect(head.body.isEmpty)
        #expect(try Self.get(port, Self.request("/", method: "POST")).status == "HTTP/1.1 405 Method Not Allowed")
        #expect(try Self.get(port, Self.request("/nothing")).status == "HTTP/1.1 404 Not Found")
        let garbage = try TestClient(port: port)
        garbage.sendRaw(Array("\u{16}\u{3}\u{1}hello\r\n\r\n".utf8))
        #expect(garbage.readLine() == "HTTP/1.1 400 Bad Request")
        #expect(garbage.waitForClose())
        let huge = try TestClient(port: port)
        huge.sendRaw(Array(("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 9000)).utf8))
        #expect(huge.readLine() == "HTTP/1.1 431 Request Header Fields Too Large")
        #expect(huge.waitForClose())
    }

    /// Reads the stream's `data:` lines until an event named `ev`.
    static func nextEvent(_ stream: TestClient, _ ev: String, timeout: Double = 10) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let line = stream.readLine(timeout: deadline.timeIntervalSinceNow) else { return nil }
            guard line.hasPrefix("data: "), let object = TestClient.json(String(line.dropFirst(6))) else { continue }
            if object["ev"] as? String == ev { return object }
        }
        return nil
    }

    @Test func eventsFollowAQuizWhileStudentsPlayOverTCP() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let stream = try TestClient(port: port)
        stream.sendRaw(Array(Self.request("/events").utf8))
        #expect(stream.readLine() == "HTTP/1.1 200 OK")
        #expect(stream.waitFor("Content-Type: text/event-stream") != nil)
        let (room, c) = try QuizSupport.room(server, deck: "facts", names: ["Ana", "Ben"])
        c[0].send("start")
        let question = Self.nextEvent(stream, "quiz.question")
        #expect(question?["room"] as? String == room)
        #expect(question?["text"] as? String == "2+2?")
        for client in c { _ = client.waitForEvent("quiz.question") }
        c[0].send("2")
        let answered = Self.nextEvent(stream, "board.answered")
        #expect(answered?["answered"] as? Int == 1 && answered?["players"] as? Int == 2)
        c[1].send("1")
        let tally = Self.nextEvent(stream, "quiz.tally")
        #expect(tally?["counts"] as? [Int] == [1, 1, 0])
        #expect(tally?["correct"] as? [Int] == [2])
        for client in c { _ = client.waitForEvent("quiz.question") }
        c[0].send("1 3")
        c[1].send("2")
        let end = Self.nextEvent(stream, "round.end")
        #expect(end?["kind"] as? String == "quiz")
        let names = (end?["leaderboard"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Ana", "Ben"])

        // A page that loads now gets the recent events in /state, and a
        // resuming stream (Last-Event-ID) gets only what came after.
        let state = TestClient.json(try Self.get(port, Self.request("/state")).body)
        let recent = (state?["recent"] as? [[String: Any]])?.compactMap { $0["ev"] as? String } ?? []
        #expect(recent.contains("quiz.tally") && recent.last == "round.end")
        // How old each is (session 11: a page opened mid-question showed the full time), oldest first.
        let ages = (state?["ages"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
        #expect(ages.count == recent.count && ages.allSatisfy { $0 >= 0 && $0 < 60 }, "\(ages)")
        #expect(zip(ages, ages.dropFirst()).allSatisfy { $0 >= $1 }, "\(ages)")
        let last = state?["last_event_id"] as? Int ?? 0
        #expect(last > 3)
        let resumed = try TestClient(port: port)
        resumed.sendRaw(Array("GET /events HTTP/1.1\r\nHost: b\r\nLast-Event-ID: \(last - 1)\r\n\r\n".utf8))
        #expect(resumed.waitFor("id: \(last)") != nil)
        let ended = Self.nextEvent(resumed, "round.end", timeout: 2)
        #expect(ended?["room"] as? String == room)
    }

    @Test func offLoopbackEveryRequestNeedsTheKey() throws {
        let (server, port) = try Self.server { config in
            config.boardHost = "127.0.0.2"  // only 127.0.0.1 and ::1 count as this machine
            config.boardKey = "k3y-Test_1"
        }
        defer { server.stop() }
        #expect(server.running.onLoop({ $0.boardURL }) == "http://127.0.0.2:\(port)/?key=k3y-Test_1")
        let host = "127.0.0.2"
        #expect(try Self.get(port, Self.request("/state"), host: host).status == "HTTP/1.1 403 Forbidden")
        #expect(try Self.get(port, Self.request("/?key=wrong"), host: host).status == "HTTP/1.1 403 Forbidden")
        #expect(try Self.get(port, Self.request("/events"), host: host).status == "HTTP/1.1 403 Forbidden")
        let page = try Self.get(port, Self.request("/?key=k3y-Test_1"), host: host)
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.body.contains("board.js?key=k3y-Test_1"))
        #expect(try Self.get(port, Self.request("/state?key=k3y-Test_1"), host: host).status == "HTTP/1.1 200 OK")
    }

    @Test func teacherPageListsWhoIsOnline() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let student = try TestClient.loggedInJSON(port: server.port, name: "Zoe")
        _ = student
        let page = try Self.get(port, Self.request("/teacher?lang=es"))
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.body.contains("<td>Zoe</td>"))
        #expect(page.body.contains("en línea"))
        #expect(!page.body.contains("<script"))
    }

    /// A busy board port (another server's board) never stops the lesson.
    @Test func aBusyBoardPortLeavesTheServerRunningWithoutIt() throws {
        let (first, port) = try Self.server()
        defer { first.stop() }
        let second = try TestServer(configure: { $0.boardPort = port })
        defer { second.stop() }
        #expect(second.running.onLoop({ $0.boardPort }) == .some(nil))
        let student = try TestClient.loggedInJSON(port: second.port, name: "Ana")
        _ = student
    }

    @Test func atMostTheCapOfBoardConnections() throws {
        let (server, port) = try Self.server { $0.boardMaxConnections = 2 }
        defer { server.stop() }
        var streams: [TestClient] = []
        for _ in 0..<2 {
            let stream = try TestClient(port: port)
            stream.sendRaw(Array(Self.request("/events").utf8))
            #expect(stream.readLine() == "HTTP/1.1 200 OK")
            streams.append(stream)
        }
        let third = try TestClient(port: port)
        #expect(third.readLine() == "HTTP/1.1 503 Service Unavailable")
        // Students are not affected: their own listener and cap.
        let student = try TestClient.loggedInJSON(port: server.port, name: "Ana")
        student.send("who")
        #expect(student.readLine() != nil)
        streams[0].close()
        // A place frees up once a stream ends.
        var answered = false
        for _ in 0..<20 where !answered {
            let next = try TestClient(port: port)
            next.sendRaw(Array(Self.request("/state").utf8))
            answered = next.readLine() == "HTTP/1.1 200 OK"
            if !answered { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(answered)
    }
}
