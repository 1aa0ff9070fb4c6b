import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// Identity that holds (issue 12, defects 4–7): PIN guessing locks the
/// student and the address, whatever the connection; the teacher is told;
/// a database error never lets anyone in nor counts as a wrong secret; the
/// teacher lockout holds against parallel consoles; a dropped student's name
/// is theirs for the grace unless a PIN or their own computer says otherwise.
/// "Another computer" is another loopback address (127.0.0.2…).
@Suite(.lab) struct IdentityTests {
    // MARK: Helpers

    /// A student connection in JSON mode at `Name:`.
    private func student(_ server: TestServer, from source: String = "127.0.0.1") throws -> TestClient {
        let client = try TestClient(port: server.port, source: source)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard client.waitForEvent("mode") != nil else { throw TestError("no mode event") }
        // `mode json` repeats the prompt: read it, so the next event is an answer.
        guard next(client, ["prompt.name"]) != nil else { throw TestError("no name prompt after mode json") }
        return client
    }

    /// The next event among `names` (a prompt's kind is folded in: `prompt.pin`, `prompt.name`…).
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

    private static let outcomes: Set<String> = ["prompt.pin", "prompt.name", "error", "welcome"]

    /// Types the name (and the class code when given); returns what came of it.
    private func login(_ client: TestClient, _ name: String, code: String? = nil) -> (String, [String: Any])? {
        client.send(name)
        if let code {
            guard next(client, ["prompt.code"]) != nil else { return nil }
            client.send(code)
        }
        return next(client, Self.outcomes)
    }

    private func errorCode(_ outcome: (String, [String: Any])?) -> String? {
        guard let outcome, outcome.0 == "error" else { return outcome?.0 }
        return outcome.1["code"] as? String
    }

    /// Imports a roster into 3B and opens the class; returns the join code.
    private func rosterClass(_ server: TestServer, _ admin: AdminConsole, _ csv: String) throws -> String {
        let url = server.directory.appendingPathComponent("roster.csv")
        try csv.write(to: url, atomically: true, encoding: .utf8)
        let imported = admin.text("roster import 3B \(url.path)")
        guard imported.contains("imported") else { throw TestError("roster: \(imported)") }
        return try #require(joinCode(in: admin.run("class open 3B")))
    }

    private func waitUntil(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard deadline.timeIntervalSinceNow > 0 else { throw TestError("timed out waiting: \(what)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    private func connected(_ server: TestServer, _ name: String) -> Bool? {
        server.running.onLoop { s in s.players.values.first { $0.name == name }?.isConnected } ?? nil
    }

    private func studentID(_ server: TestServer, _ name: String) -> Int64? {
        server.running.onLoop { s in s.players.values.first { $0.name == name }?.studentID } ?? nil
    }

    // MARK: PIN guessing

    @Test func fiveWrongPINsLockTheStudentOnEveryConnectionAndTheTeacherIsTold() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nAna,1234\n")
        // Opened before the lock: at the PIN prompt from another computer.
        let early = try student(server, from: "127.0.0.2")
        #expect(errorCode(login(early, "Ana", code: code)) == "prompt.pin")

        let guesser = try student(server)
        #expect(errorCode(login(guesser, "Ana", code: code)) == "prompt.pin")
        for guess in 1...4 {
            guesser.send("000\(guess)")
            #expect(errorCode(next(guesser, Self.outcomes)) == "wrong_pin")
            #expect(next(guesser, ["prompt.pin"]) != nil)
        }
        guesser.send("0005")
        let locked = next(guesser, Self.outcomes)
        #expect(errorCode(locked) == "pin_locked")
        #expect(locked?.1["minutes"] as? Int == 5)
        #expect((locked?.1["message"] as? String)?.contains("5 minutes") == true)
        #expect(next(guesser, ["prompt.name"]) != nil)

        // Starting again on the same connection: not even asked.
        #expect(errorCode(login(guesser, "ana", code: code)) == "pin_locked")
        // A fresh connection from that computer: locked too.
        let again = try student(server)
        #expect(errorCode(login(again, "Ana", code: code)) == "pin_locked")
        // A fresh connection from a third computer is asked (the lock is the guesser's).
        let fresh = try student(server, from: "127.0.0.3")
        #expect(errorCode(login(fresh, "Ana", code: code)) == "prompt.pin")

        // The teacher is told at once, and the audit table keeps it.
        #expect(admin.client.waitFor("too many wrong PINs for Ana (3B) from 127.0.0.1") != nil)
        let audit = try server.store { try $0.audit(limit: 50) }
        #expect(audit.contains { $0.command.hasPrefix("pin_locked Ana (3B) from 127.0.0.1") && $0.outcome == "locked_5_min" })

        // `release Ana` lifts the student's lock, at the guesser's computer too.
        #expect(admin.text("release Ana").contains("Ana may try a PIN again"))
        let back = try student(server)
        #expect(errorCode(login(back, "Ana", code: code)) == "prompt.pin")
        // The right PIN, typed at a prompt opened before the lock on another computer: welcome.
        early.send("1234")
        #expect(errorCode(next(early, Self.outcomes)) == "welcome")
        #expect(try server.store { try $0.audit(limit: 50) }.contains { $0.command == "release Ana" && $0.outcome == "ok" })
    }

    @Test func guessingInParallelFromManyComputersLocksTheNameOnceAndEachComputerGetsOneTry() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nAna,1234\n")
        var guessers: [TestClient] = []
        for i in 0..<20 {
            let client = try student(server, from: "127.0.1.\(i + 1)")
            #expect(errorCode(login(client, "Ana", code: code)) == "prompt.pin")
            guessers.append(client)
        }
        // Twenty wrong PINs at once, one per computer: the counts are shared — the
        // fifth locks Ana's name, and each computer that got her wrong may not try again.
        for (i, client) in guessers.enumerated() { client.send(String(format: "%04d", 5000 + i)) }
        var answers: [String: Int] = [:]
        for client in guessers { answers[errorCode(next(client, Self.outcomes)) ?? "none", default: 0] += 1 }
        #expect(answers == ["wrong_pin": 4, "pin_locked": 16])
        let audit = try server.store { try $0.audit(limit: 50) }
        #expect(audit.filter { $0.command.hasPrefix("pin_locked Ana") }.count == 1)
    }

    @Test func oneAddressGuessingAcrossManyNamesIsLockedButOtherAddressesAreNot() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let names = ["Ana", "Bea", "Carla", "Dani", "Eli", "Fede"]
        let csv = "name,pin\n" + names.enumerated().map { "\($1),\(4321 + $0)" }.joined(separator: "\n") + "\n"
        let code = try rosterClass(server, admin, csv)
        // One wrong PIN for each of five students, each on its own connection.
        for (i, name) in names.prefix(5).enumerated() {
            let client = try student(server)
            #expect(errorCode(login(client, name, code: code)) == "prompt.pin")
            client.send("0000")
            #expect(errorCode(next(client, Self.outcomes)) == (i < 4 ? "wrong_pin" : "pin_locked"))
        }
        // That address may not try those names again…
        let there = try student(server)
        #expect(errorCode(login(there, "Bea", code: code)) == "pin_locked")
        #expect(admin.client.waitFor("too many wrong PINs from address 127.0.0.1") != nil)
        // …but Fede, never wrong there (a classmate behind the same router), gets in with his PIN.
        #expect(errorCode(login(there, "Fede", code: code)) == "prompt.pin")
        there.send("4326")
        #expect(errorCode(next(there, Self.outcomes)) == "welcome")
        // From another computer Ana (with one wrong PIN of her own there) gets in.
        let ana = try student(server, from: "127.0.0.3")
        #expect(errorCode(login(ana, "Ana", code: code)) == "prompt.pin")
        ana.send("4321")
        #expect(errorCode(next(ana, Self.outcomes)) == "welcome")
        // The teacher lifts the address's lock.
        #expect(admin.text("release 127.0.0.1").contains("Address 127.0.0.1 may try PINs again"))
        let later = try student(server)
        #expect(errorCode(login(later, "Bea", code: code)) == "prompt.pin")
    }

    @Test func wrongPINsFromOthersNeverKeepOutTheStudentWithTheRightPIN() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nLuis,2468\nMarta,1357\nPedro,8642\n")
        // Five computers each type one wrong PIN for Luis: Luis's name locks.
        for i in 1...5 {
            let attacker = try student(server, from: "127.0.3.\(i)")
            #expect(errorCode(login(attacker, "Luis", code: code)) == "prompt.pin")
            attacker.send("0000")
            let answer = next(attacker, Self.outcomes)
            #expect(errorCode(answer) == (i < 5 ? "wrong_pin" : "pin_locked"))
            if i == 5 { #expect(answer?.1["minutes"] as? Int == 5) }
            // The attacker's computers may not try again.
            if i == 5 {
                #expect(next(attacker, ["prompt.name"]) != nil)
                #expect(errorCode(login(attacker, "Luis", code: code)) == "pin_locked")
            }
        }
        // The real Luis, from his own computer, is asked for his PIN and gets in.
        let luis = try student(server, from: "127.0.4.1")
        #expect(errorCode(login(luis, "Luis", code: code)) == "prompt.pin")
        luis.send("2468")
        #expect(errorCode(next(luis, Self.outcomes)) == "welcome")

        // A lab behind one address: five wrong PINs for Marta never lock Pedro there.
        let lab = "127.0.5.1"
        let marta = try student(server, from: lab)
        #expect(errorCode(login(marta, "Marta", code: code)) == "prompt.pin")
        for guess in 1...5 {
            marta.send("000\(guess)")
            let answer = next(marta, Self.outcomes)
            #expect(errorCode(answer) == (guess < 5 ? "wrong_pin" : "pin_locked"))
            if guess < 5 { #expect(next(marta, ["prompt.pin"]) != nil) }
        }
        let pedro = try student(server, from: lab)
        #expect(errorCode(login(pedro, "Pedro", code: code)) == "prompt.pin")
        pedro.send("8642")
        #expect(errorCode(next(pedro, Self.outcomes)) == "welcome")
        // Marta, from the lab, waits out the lock; from home she gets in.
        let martaLab = try student(server, from: lab)
        #expect(errorCode(login(martaLab, "Marta", code: code)) == "pin_locked")
        let martaHome = try student(server, from: "127.0.6.1")
        #expect(errorCode(login(martaHome, "Marta", code: code)) == "prompt.pin")
        martaHome.send("1357")
        #expect(errorCode(next(martaHome, Self.outcomes)) == "welcome")
    }

    // MARK: Storage errors

    @Test func aDatabaseErrorNeverLetsAStudentInNorCountsAsAWrongPIN() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nAna,1234\n")
        let store = server.running.server.store
        let broken = StoreError(code: 10, message: "disk I/O error (test)")

        // Six wrong PINs while the database fails: none is counted.
        for _ in 0..<6 {
            let ana = try student(server)
            #expect(errorCode(login(ana, "Ana", code: code)) == "prompt.pin")
            store.injectedFailure = broken
            ana.send("0000")
            let outcome = next(ana, Self.outcomes)
            store.injectedFailure = nil
            #expect(errorCode(outcome) == "storage_unavailable")
            #expect((outcome?.1["message"] as? String)?.contains("not answering") == true)
            #expect(next(ana, ["prompt.name"]) != nil)
        }
        // The name lookup failing is not "no such student": no PIN-less way in.
        let ana = try student(server)
        store.injectedFailure = broken
        #expect(errorCode(login(ana, "Ana", code: code)) == "storage_unavailable")
        store.injectedFailure = nil
        let open = try student(server, from: "127.0.0.2")
        #expect(admin.text("class close").contains("closed"))
        store.injectedFailure = broken
        #expect(errorCode(login(open, "Luis")) == "storage_unavailable")
        store.injectedFailure = nil
        #expect(next(open, ["prompt.name"]) != nil)
        #expect(errorCode(login(open, "Luis")) == "welcome")
    }

    @Test func aDatabaseErrorAtTheConsoleIsNotAWrongPassword() throws {
        let server = try TestServer()
        try server.addTeacher()
        let store = server.running.server.store
        let console = try TestClient(port: server.adminPort)
        #expect(console.waitFor("Teacher:") != nil)
        store.injectedFailure = StoreError(code: 10, message: "disk I/O error (test)")
        for _ in 0..<6 {
            console.send("garcia")
            #expect(console.waitFor("Password:") != nil)
            console.send("not the password")
            #expect(console.waitFor("error: The database is not answering") != nil)
            #expect(console.waitFor("Teacher:") != nil)
        }
        store.injectedFailure = nil
        console.send("garcia")
        #expect(console.waitFor("Password:") != nil)
        console.send(AdminConsole.password)
        #expect(console.waitFor("Welcome, garcia") != nil)
    }

    // MARK: The teacher lockout

    @Test func parallelConsolesGetNoMoreThanFiveGuessesAndThenNotEvenTheRightPassword() throws {
        let server = try TestServer()
        try server.addTeacher()
        var consoles: [TestClient] = []
        // From 20 addresses: the console lets at most 8 connections of one address log in at once.
        for i in 0..<20 { consoles.append(try TestClient(port: server.adminPort, source: "127.0.0.\(10 + i)")) }
        for console in consoles {
            #expect(console.waitFor("Teacher:") != nil)
            console.send("garcia")
        }
        for console in consoles { #expect(console.waitFor("Password:") != nil) }
        let last = consoles.removeLast()
        // 19 wrong passwords at once…
        for console in consoles { console.send("wrong password") }
        var wrong = 0
        for console in consoles {
            if console.waitFor("error:")?.contains("Wrong teacher name or password") == true { wrong += 1 }
        }
        #expect(wrong == 5)
        // …then the right one, within the lock: refused.
        last.send(AdminConsole.password)
        #expect(last.waitFor("Too many wrong passwords") != nil)
        let audit = try server.store { try $0.audit(limit: 100) }
        #expect(audit.filter { $0.command == "login" && $0.outcome != "ok" }.count == 5)
        #expect(!audit.contains { $0.command == "login" && $0.outcome == "ok" })
    }

    // MARK: Names held by the reconnect grace

    @Test func aDroppedNameIsHeldForItsOwnComputerUntilTheTeacherReleasesIt() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try student(server)
        #expect(errorCode(login(ana, "Ana")) == "welcome")
        ana.close()
        try waitUntil("Ana dropped") { connected(server, "Ana") == false }

        let other = try student(server, from: "127.0.0.2")
        let held = login(other, "ana")
        #expect(errorCode(held) == "name_held")
        #expect((held?.1["message"] as? String)?.contains("wait 2 minutes or ask your teacher") == true)
        #expect(next(other, ["prompt.name"]) != nil)

        // Her own computer gets her place back.
        let back = try student(server)
        #expect(errorCode(login(back, "Ana")) == "welcome")
        #expect(errorCode(login(other, "Ana")) == "name_taken")
        #expect(next(other, ["prompt.name"]) != nil)
        #expect(admin.text("release Ana").contains("connected right now"))
        back.close()
        try waitUntil("Ana dropped again") { connected(server, "Ana") == false }

        #expect(admin.text("release Ana").contains("Ana's place is free"))
        #expect(connected(server, "Ana") == nil)
        #expect(errorCode(login(other, "Ana")) == "welcome")
        #expect(admin.text("release Nadie").contains("Nothing to release"))
        #expect(try server.store { try $0.audit(limit: 50) }.contains { $0.command == "release Ana" && $0.outcome == "ok" })
    }

    @Test func aStudentWithAPINReclaimsTheirPlaceFromAnyComputer() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nAna,1234\n")
        let ana = try TestClient.loggedInClass(port: server.port, name: "Ana", code: code, pin: "1234")
        ana.close()
        try waitUntil("Ana dropped") { connected(server, "Ana") == false }
        let elsewhere = try student(server, from: "127.0.0.2")
        #expect(errorCode(login(elsewhere, "Ana", code: code)) == "prompt.pin")
        elsewhere.send("1234")
        #expect(errorCode(next(elsewhere, Self.outcomes)) == "welcome")
        #expect(connected(server, "Ana") == true)
    }

    @Test func afterTheGraceAnOpenNameFromAnotherComputerStartsFresh() throws {
        let server = try TestServer(configure: { $0.reconnectGrace = 0.2 })
        let ana = try student(server)
        #expect(errorCode(login(ana, "Ana")) == "welcome")
        try waitUntil("Ana's row") { studentID(server, "Ana") != nil }
        let first = try #require(studentID(server, "Ana"))
        let open = try #require(server.running.onLoop { $0.openGroupRef.id })
        _ = try server.store { db in
            try db.saveRound(RoundRecord(sessionID: nil, groupID: open, game: .hangman, room: "h1", subject: "x", detail: "",
                                         startedAt: 0, endedAt: 1, scores: [ScoreRecord(studentID: first, points: 30, outcome: .solved)]))
        }
        ana.close()
        try waitUntil("Ana forgotten") { connected(server, "Ana") == nil }

        // Same computer, same day: her points are still hers.
        let again = try student(server)
        #expect(errorCode(login(again, "Ana")) == "welcome")
        try waitUntil("Ana's row again") { studentID(server, "Ana") != nil }
        #expect(studentID(server, "Ana") == first)
        again.close()
        try waitUntil("Ana forgotten again") { connected(server, "Ana") == nil }

        // Another computer: a fresh start, told so; the old points stay on the old row.
        let other = try student(server, from: "127.0.0.2")
        #expect(errorCode(login(other, "Ana")) == "welcome")
        let told = other.waitForEvent("info") { ($0["text"] as? String)?.contains("you start with fresh points") == true }
        #expect(told != nil)
        try waitUntil("the new row") { studentID(server, "Ana") != nil }
        let fresh = try #require(studentID(server, "Ana"))
        #expect(fresh != first)
        #expect(try server.store { try $0.totalPoints(studentID: fresh, game: .hangman) } == 0)
        #expect(try server.store { try $0.totalPoints(studentID: first, game: .hangman) } == 30)
    }
}
