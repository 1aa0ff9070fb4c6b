import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// Session 12, who is who: a roster name typed without its accents, a PIN typed
/// at `Name:`, a mistyped `class open`, a PIN student whose old connection is
/// still open, a reconnect across `class close`, and `mute` behind one router.
/// "Another computer" is another loopback address (127.0.0.2…).
@Suite(.lab) struct WhoIsWhoTests {
    /// A student connection in JSON mode at `Name:`, its `Name:` prompt read.
    private func student(_ server: TestServer, from source: String = "127.0.0.1") throws -> TestClient {
        let client = try TestClient(port: server.port, source: source)
        guard client.waitFor("Name:") != nil else { throw TestError("no Name: prompt") }
        client.send("mode json")
        guard next(client, ["prompt.name"]) != nil else { throw TestError("no name prompt after mode json") }
        return client
    }

    /// The next event among `names` (a prompt's kind folded in: `prompt.pin`, `prompt.name`…).
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

    /// Types the name (and the class code when given): `prompt.pin`, `welcome` or the error's code.
    private func login(_ client: TestClient, _ name: String, code: String? = nil) -> String? {
        client.send(name)
        if let code {
            guard next(client, ["prompt.code"]) != nil else { return nil }
            client.send(code)
        }
        guard let outcome = next(client, Self.outcomes) else { return nil }
        return outcome.0 == "error" ? outcome.1["code"] as? String : outcome.0
    }

    /// Imports a roster into `group` and opens its class; returns the join code.
    private func rosterClass(_ server: TestServer, _ admin: AdminConsole, _ csv: String, group: String = "3B") throws -> String {
        let url = server.directory.appendingPathComponent("roster.csv")
        try csv.write(to: url, atomically: true, encoding: .utf8)
        let imported = admin.text("roster import \(group) \(url.path)")
        guard imported.contains("imported") else { throw TestError("roster: \(imported)") }
        return try #require(joinCode(in: admin.run("class open \(group)")))
    }

    // MARK: 1. Accents

    @Test func aRosterNameTypedWithoutItsAccentsIsAskedForItsPIN() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nÁlvaro,1234\nNoé,5678\n", group: "3ºB")
        for typed in ["Alvaro", "ALVARO"] {
            let client = try student(server)
            #expect(login(client, typed, code: code) == "prompt.pin", "\(typed)")
        }
        for typed in ["Noe", "NOE", "noé", "N0é"] {
            let client = try student(server)
            #expect(login(client, typed, code: code) == "prompt.pin", "\(typed)")
        }
        // The right PIN typed as `Alvaro` is Álvaro, in 3ºB: one student in the gradebook.
        let alvaro = try student(server)
        #expect(login(alvaro, "Alvaro", code: code) == "prompt.pin")
        alvaro.send("1234")
        #expect(alvaro.waitForEvent("welcome")?["name"] as? String == "Álvaro")
        let rows = try server.store { db in try db.students(groupID: try #require(try db.group(name: "3ºB")).id) }
        #expect(rows.map(\.name).sorted() == ["Noé", "Álvaro"].sorted())
    }

    @Test func namesWithoutAPINCannotTakeAClassmatesNameWithoutItsAccents() throws {
        let server = try TestServer()
        let jose = try student(server, from: "127.0.0.2")
        #expect(login(jose, "José") == "welcome")
        let other = try student(server, from: "127.0.0.3")
        #expect(login(other, "Jose") == "name_lookalike")
        // The console finds José typed either way.
        let admin = try server.admin()
        #expect(admin.text("mute Jose").contains("José is muted"))
    }

    // MARK: 2. A PIN at Name:

    @Test func aNameOfDigitsAloneIsRefusedAndNameIsAskedAgain() throws {
        let server = try TestServer()
        let client = try student(server)
        client.send("2280")
        let refusal = try #require(next(client, ["error"]))
        #expect(refusal.1["code"] as? String == "name_invalid")
        #expect((refusal.1["message"] as? String)?.contains("A name needs letters") == true)
        #expect(next(client, ["prompt.name"]) != nil)
        #expect(login(client, "12 34") == "name_invalid")
        #expect(next(client, ["prompt.name"]) != nil)
        #expect(login(client, "Sofía") == "welcome")
        #expect(server.running.onLoop { s in s.players.values.map(\.name) } == ["Sofía"])
    }

    // MARK: 3. A mistyped group

    @Test func classOpenWithAMistypedGroupAsksWhichOneWasMeant() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let url = server.directory.appendingPathComponent("roster.csv")
        try "name,pin\nNoé,5678\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(admin.text("roster import 3ºB \(url.path)").contains("imported"))
        let refused = admin.text("class open 3B")
        #expect(refused.contains("There is no group 3B. Did you mean 3ºB?"))
        #expect(server.running.onLoop { s in s.classSession?.group.name } == .some(nil))
        #expect(try server.store { try $0.group(name: "3B") } == nil)
        // The group as it is spelled opens, with its PINs.
        let opened = admin.text("class open 3ºb")
        #expect(opened.contains("Class 3ºB is open"))
        #expect(opened.contains("with a PIN will be asked for it"))
        #expect(admin.text("class close").contains("3ºB"))
        // A group that is nowhere near another is made, and said to be new and empty.
        let new = admin.text("class open 4C")
        #expect(new.contains("Class 4C is open"))
        #expect(new.contains("4C is a new group"))
    }

    // MARK: 4. The old connection still open

    @Test func theRightPINTakesOverAPlaceWhoseOldConnectionIsStillOpen() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nAnaBot,1234\n")
        let old = try student(server, from: "127.0.0.2")
        #expect(login(old, "AnaBot", code: code) == "prompt.pin")
        old.send("1234")
        #expect(old.waitForEvent("welcome") != nil)
        old.send("create echo")
        let room = try #require(old.waitForEvent("room.joined")?["room"] as? String)

        // The laptop left the Wi-Fi; its socket is still open. Another computer, the PIN asked.
        let back = try student(server, from: "127.0.0.3")
        #expect(login(back, "AnaBot", code: code) == "prompt.pin")
        back.send("1234")
        #expect(back.waitForEvent("welcome")?["group"] as? String == "3B")
        #expect(back.waitForEvent("room.joined")?["room"] as? String == room)
        #expect(old.waitFor("You logged in somewhere else") != nil)
        #expect(old.waitForClose())
        #expect(server.running.onLoop { s in s.players.values.filter { $0.name == "AnaBot" }.count } == 1)

        // Without the PIN nobody takes it: a wrong PIN is a wrong PIN.
        let thief = try student(server, from: "127.0.0.4")
        #expect(login(thief, "AnaBot", code: code) == "prompt.pin")
        thief.send("9999")
        #expect(thief.nextErrorCode() == "wrong_pin")
        back.send("who")
        #expect(back.waitForEvent("who") != nil)
    }

    // MARK: 5. Back after `class close`

    @Test func aDroppedStudentComesBackToTheirGroupAfterTheClassCloses() throws {
        let server = try TestServer()
        let admin = try server.admin()
        #expect(admin.text("group add 3B").contains("3B"))
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let julia = try student(server, from: "127.0.0.2")
        #expect(login(julia, "Julia", code: code) == "welcome")
        julia.send("create echo")
        let room = try #require(julia.waitForEvent("room.joined")?["room"] as? String)
        #expect(admin.text("class close").contains("3B"))
        julia.close()
        try waitUntil { server.running.onLoop { s in s.players.values.first { $0.name == "Julia" }?.isConnected } == false }

        let again = try student(server, from: "127.0.0.2")
        #expect(login(again, "Julia") == "welcome")
        #expect(again.waitForEvent("room.joined")?["room"] as? String == room)
        let julias = server.running.onLoop { s in s.players.values.filter { $0.name == "Julia" }.map(\.group.name) }
        #expect(julias == ["3B"])
        // From another computer without a PIN the place is held, as in the class.
        julia.close()
        again.close()
        try waitUntil { server.running.onLoop { s in s.players.values.first { $0.name == "Julia" }?.isConnected } == false }
        let stranger = try student(server, from: "127.0.0.9")
        #expect(login(stranger, "Julia") == "name_held")
    }

    // MARK: 6. Mute behind one router

    @Test func muteSparesPINStudentsAtTheAddressAndTellsOthersTheTruth() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try rosterClass(server, admin, "name,pin\nLeo,1111\nMia,2222\n")
        let leo = try TestClient.loggedInClass(port: server.port, name: "Leo", code: code, pin: "1111", source: "127.0.0.5")
        let mia = try TestClient.loggedInClass(port: server.port, name: "Mia", code: code, pin: "2222", source: "127.0.0.5")
        let guest = try TestClient.loggedInClass(port: server.port, name: "Gus", code: code, source: "127.0.0.5")
        #expect(admin.text("mute Leo").contains("Leo is muted"))
        leo.send("say hi")
        #expect(leo.nextErrorCode() == "muted")
        // A classmate with a PIN behind the same router still chats.
        mia.send("say hello")
        #expect(mia.waitForEvent("chat") { $0["text"] as? String == "hello" } != nil)
        // One without a PIN is muted by the address, and reads so.
        guest.send("say hey")
        let refusal = try #require(guest.waitForEvent("error"))
        #expect(refusal["code"] as? String == "muted")
        #expect((refusal["message"] as? String)?.contains("Chat from this computer is muted") == true)
    }

    @Test func muteNeverHoldsThisMachinesAddress() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedInJSON(port: server.port, name: "Ana", source: "127.0.0.1")
        let other = try TestClient.loggedInJSON(port: server.port, name: "Otto", source: "127.0.0.1")
        let muted = admin.text("mute Ana")
        #expect(muted.contains("Ana is muted"))
        #expect(!muted.contains("127.0.0.1"))
        other.send("say hello")
        #expect(other.waitForEvent("chat")?["text"] as? String == "hello")
        ana.send("say hi")
        #expect(ana.nextErrorCode() == "muted")
    }

    private func waitUntil(timeout: Double = 5, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard deadline.timeIntervalSinceNow > 0 else { throw TestError("timed out") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
