import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// Issue 13, a class period that holds: the class survives a restart (same
/// join code, PINs, group), a roster name needs its PIN with no class open,
/// a kick keeps the student out for its minutes, chat is masked and can be
/// switched off.
@Suite(.lab) struct ClassPeriodTests {
    // MARK: Helpers

    /// A student connection in JSON mode at `Name:` (the prompt after `mode json` read).
    private func student(_ server: TestServer, from source: String = "127.0.0.1") throws -> TestClient {
        let client = try TestClient(port: server.port, source: source)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard next(client, ["prompt.name"]) != nil else { throw TestError("no name prompt after mode json") }
        return client
    }

    /// The next event among `names` (a prompt's kind folded in: `prompt.pin`...).
    private func next(_ client: TestClient, _ names: Set<String>, timeout: Double = 5) -> (String, [String: Any])? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let line = client.readLine(timeout: deadline.timeIntervalSinceNow) else { return nil }
            guard let object = TestClient.json(line), var ev = object["ev"] as? String else { continue }
            if ev == "prompt", let kind = object["kind"] as? String { ev += "." + kind }
            if names.contains(ev) { return (ev, object) }
        }
        return nil
    }

    private static let outcomes: Set<String> = ["prompt.pin", "prompt.code", "prompt.name", "error", "welcome"]

    /// What typing this line led to: an error's code (the prompt after it
    /// read too), or the event (`welcome`, `prompt.pin`...).
    private func answer(_ client: TestClient, _ line: String) -> String? {
        client.send(line)
        guard let (ev, object) = next(client, Self.outcomes) else { return nil }
        guard ev == "error" else { return ev }
        _ = next(client, ["prompt.name", "prompt.code", "prompt.pin"])
        return object["code"] as? String
    }

    /// A logged-in student in JSON mode (no class open, no PIN).
    private func loggedIn(_ server: TestServer, _ name: String, from source: String = "127.0.0.1") throws -> TestClient {
        let client = try student(server, from: source)
        guard answer(client, name) == "welcome" else { throw TestError("\(name) not welcomed: \(client.transcript)") }
        return client
    }

    private func importRoster(_ server: TestServer, _ admin: AdminConsole, _ group: String, _ csv: String) throws {
        let url = server.directory.appendingPathComponent("roster-\(group).csv")
        try csv.write(to: url, atomically: true, encoding: .utf8)
        let imported = admin.text("roster import \(group) \(url.path)")
        guard imported.contains("imported") else { throw TestError("roster: \(imported)") }
    }

    /// The chat text the next `chat` event carries (or the error code when refused).
    private func said(_ speaker: TestClient, _ text: String, heardBy listener: TestClient) -> String? {
        speaker.send("say " + text)
        return listener.waitForEvent("chat")?["text"] as? String
    }

    private func chatRefusal(_ speaker: TestClient, _ text: String) -> String? {
        speaker.send("say " + text)
        guard let (ev, object) = next(speaker, ["error", "chat"]) else { return nil }
        return ev == "error" ? object["code"] as? String : "chat"
    }

    // MARK: A class that survives a restart

    @Test(.slow) func theOpenClassIsReopenedWithItsCodeAndPINsAfterARestart() throws {
        let first = try TestServer()
        let admin = try first.admin()
        try importRoster(first, admin, "3B", "name,pin\nAna,1234\n")
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let before = try student(first)
        #expect(answer(before, "Ana") == "prompt.code")
        #expect(answer(before, code) == "prompt.pin")
        #expect(answer(before, "1234") == "welcome")
        first.stop()

        // The same database and content, a new process.
        let second = try TestServer(configure: { config in
            config.databasePath = first.databasePath
            config.contentDirectory = first.directory.path
        })
        let session = second.running.onLoop { s in s.classSession.map { ($0.joinCode, $0.group.name) } } ?? nil
        #expect(session?.0 == code)
        #expect(session?.1 == "3B")

        // The same code works; a wrong code does not; the roster name needs its PIN.
        let wrongCode = try student(second)
        #expect(answer(wrongCode, "Ana") == "prompt.code")
        #expect(answer(wrongCode, code == "AAAAAA" ? "BBBBBB" : "AAAAAA") == "wrong_class_code")
        let thief = try student(second, from: "127.0.0.9")
        #expect(answer(thief, "Ana") == "prompt.code")
        #expect(answer(thief, code) == "prompt.pin")
        #expect(answer(thief, "0000") == "wrong_pin")
        thief.close()

        let ana = try student(second)
        #expect(answer(ana, "Ana") == "prompt.code")
        #expect(answer(ana, code.lowercased()) == "prompt.pin")
        ana.send("1234")
        let welcome = try #require(ana.waitForEvent("welcome"))
        #expect(welcome["group"] as? String == "3B")
        // Rooms do not survive a restart: the student is told.
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("restarted") == true } != nil)
        #expect(second.running.onLoop { s in s.players.values.first { $0.name == "Ana" }?.group.name } == "3B")
        // A classmate who was not in before the restart is not told.
        let nuevo = try student(second)
        #expect(answer(nuevo, "Nuevo") == "prompt.code")
        #expect(answer(nuevo, code) == "welcome")
        nuevo.send("who")
        let afterWelcome = next(nuevo, ["info", "who"])
        #expect(afterWelcome?.0 == "who")

        // The reopened class closes as any other.
        try second.addTeacher("lopez")
        let console = try AdminConsole(second, teacher: "lopez")
        #expect(console.text("class close").contains("3B"))
        #expect(second.running.onLoop { s in s.classSession == nil } == true)
        withExtendedLifetime((first, before)) {}
    }

    @Test func aRosterNameNeedsItsPINWithNoClassOpen() throws {
        let server = try TestServer()
        let admin = try server.admin()
        try importRoster(server, admin, "3B", "name,pin\nAna,1234\nLuis,5555\n")
        try importRoster(server, admin, "4A", "name,pin\nLuis,6666\n")
        // No class open: Ana's name asks for her PIN and logs her into 3B.
        let thief = try student(server, from: "127.0.0.9")
        #expect(answer(thief, "ana") == "prompt.pin")
        #expect(answer(thief, "9999") == "wrong_pin")
        for _ in 0..<3 { #expect(answer(thief, "9999") == "wrong_pin") }
        #expect(answer(thief, "9999") == "pin_locked")
        // The lock is on Ana of 3B; `release Ana` finds it with no class open.
        #expect(admin.text("release Ana").contains("Ana may try a PIN again"))
        let ana = try student(server)
        #expect(answer(ana, "Ana") == "prompt.pin")
        ana.send("1234")
        #expect(ana.waitForEvent("welcome")?["group"] as? String == "3B")
        // A name on two rosters cannot tell which student it is: refused.
        let luis = try student(server)
        #expect(answer(luis, "Luis") == "name_on_rosters")
        // Names on no roster still play in `open`.
        let zoe = try student(server)
        zoe.send("Zoe")
        #expect(zoe.waitForEvent("welcome")?["group"] as? String == "open")
    }

    // MARK: Kick that holds

    @Test func aKickHoldsForItsMinutesAndUnkickLiftsIt() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ben = try loggedIn(server, "Ben")
        #expect(admin.text("kick Ben 5 rude words").contains("cannot log in again for 5 minutes"))
        let kicked = try #require(ben.waitForEvent("kicked"))
        #expect(kicked["reason"] as? String == "rude words")
        #expect(kicked["minutes"] as? Int == 5)
        #expect(ben.waitForClose())

        let again = try student(server)
        again.send("BEN")
        let refused = try #require(again.waitForEvent("error"))
        #expect(refused["code"] as? String == "kicked")
        #expect(refused["minutes"] as? Int == 5)
        #expect(refused["reason"] as? String == "rude words")
        #expect(next(again, ["prompt.name"]) != nil)  // asked again, never disconnected

        // Four minutes later: still out, one minute left.
        _ = server.running.onLoop { $0.kicks.clockOffset += 240 }
        again.send("Ben")
        let oneLeft = try #require(again.waitForEvent("error"))
        #expect(oneLeft["minutes"] as? Int == 1)
        // One minute, in the singular (session 9: "in 1 minutes").
        #expect((oneLeft["message"] as? String)?.contains("log in again in 1 minute. Reason") == true, "\(oneLeft)")
        #expect(next(again, ["prompt.name"]) != nil)
        // Past the five minutes: back in.
        _ = server.running.onLoop { $0.kicks.clockOffset += 61 }
        #expect(answer(again, "Ben") == "welcome")

        // The default is 10 minutes; `unkick` lifts it early (Spanish too).
        #expect(admin.text("expulsar Ben").contains("10 minutes"))
        let third = try student(server)
        #expect(answer(third, "Ben") == "kicked")
        #expect(admin.text("readmitir ben").contains("Ben may log in again"))
        #expect(answer(third, "Ben") == "welcome")
        #expect(admin.text("unkick Nobody").contains("error:"))
        #expect(admin.text("kick Ben 0").contains("not a number of minutes: use 1 to 1440"))
        #expect(admin.text("kick Ben 1").contains("cannot log in again for 1 minute ("))
        let audit = try server.store { db in try db.audit(limit: 50) }
        #expect(audit.contains { $0.command == "kick Ben 5 rude words" })
        #expect(audit.contains { $0.command == "readmitir ben" })
    }

    @Test func aKickHoldsTheAddressForNamesWithoutAPINAndEndsWithTheClass() throws {
        let server = try TestServer()
        let admin = try server.admin()
        try importRoster(server, admin, "3B", "name,pin\nEva,4321\n")
        let carl = try loggedIn(server, "Carl", from: "127.0.0.5")
        #expect(admin.text("kick Carl").contains("127.0.0.5"))
        #expect(carl.waitForEvent("kicked") != nil)
        // Another name from the same address: still out; from another address: in.
        let sameMachine = try student(server, from: "127.0.0.5")
        #expect(answer(sameMachine, "Dora") == "kicked")
        let otherMachine = try student(server, from: "127.0.0.6")
        #expect(answer(otherMachine, "Dora") == "welcome")
        // A classmate with a PIN behind the same address gets in.
        #expect(answer(sameMachine, "Eva") == "prompt.pin")
        #expect(answer(sameMachine, "4321") == "welcome")

        // In a class, a kick lasts until the class closes at most.
        _ = try #require(joinCode(in: admin.run("class open 3B")))
        #expect(admin.text("kick Eva 30").contains("30 minutes"))
        #expect(sameMachine.waitForEvent("kicked")?["minutes"] as? Int == 30)
        let back = try student(server, from: "127.0.0.5")
        #expect(answer(back, "Eva") == "kicked")
        #expect(admin.text("class close").contains("3B"))
        #expect(answer(back, "Eva") == "prompt.pin")
        #expect(answer(back, "4321") == "welcome")
        withExtendedLifetime(otherMachine) {}
    }

    // MARK: Chat moderation

    @Test func blockedChatWordsAreMaskedAndTheTeacherSeesThem() throws {
        let server = try TestServer(configure: { $0.contentDirectory = Self.shippedContent })
        let admin = try server.admin()
        let ana = try loggedIn(server, "Ana")
        let ben = try loggedIn(server, "Ben")
        #expect(said(ana, "you are a shit player", heardBy: ben) == "you are a **** player")
        #expect(admin.client.waitFor("Masked chat from Ana in the lobby of open: you are a shit player") != nil)
        for variant in ["5h1t", "shiiiit", "SHIT!", "ЅНІТ", "mierdaaa", "gilipollas", "puta99"] {
            let heard = said(ana, "ok \(variant) ok", heardBy: ben)
            #expect(heard?.hasPrefix("ok ****") == true && heard?.hasSuffix(" ok") == true, "\(variant): \(heard ?? "-")")
        }
        let ordinary = "Scunthorpe Pascal análisis Cassandra computadora cálculo Kinoshita shiitake Essex assess Dickens"
        #expect(said(ana, ordinary, heardBy: ben) == ordinary)
    }

    @Test func chatOffAndOnInARoomTheLobbyAndEverywhere() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try loggedIn(server, "Ana")
        let ben = try loggedIn(server, "Ben")
        ana.send("create echo")
        let room = try #require(ana.waitForEvent("room.joined")?["room"] as? String)

        #expect(admin.text("chat off \(room)").contains("Chat is off in \(room)"))
        #expect(ana.waitForEvent("info") { ($0["text"] as? String)?.contains("switched chat off") == true } != nil)
        #expect(chatRefusal(ana, "hello") == "chat_off")
        #expect(chatRefusal(ben, "hello") == "chat")       // the lobby still talks

        #expect(admin.text("chat off lobby").contains("off in the lobby"))
        #expect(chatRefusal(ben, "hello") == "chat_off")
        #expect(admin.text("chat on lobby").contains("on in the lobby"))
        #expect(chatRefusal(ben, "hello") == "chat")

        #expect(admin.text("chat off todas").contains("off everywhere"))
        #expect(chatRefusal(ben, "hello") == "chat_off")
        // One room back on while everything is off: the rest stays off.
        #expect(admin.text("chat on \(room)").contains("Chat is on in \(room)"))
        #expect(chatRefusal(ana, "hello") == "chat")
        #expect(chatRefusal(ben, "hello") == "chat_off")
        #expect(admin.text("chat on").contains("on everywhere"))
        #expect(chatRefusal(ben, "hello") == "chat")
        #expect(admin.text("chat off nowhere-9").contains("error:"))
        #expect(admin.text("chat maybe").contains("error:"))
    }

    /// The repository's own content folder (the shipped blocklist).
    static let shippedContent: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
}
