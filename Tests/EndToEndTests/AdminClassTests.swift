import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// Class periods from the teacher's side and the student's: groups, rosters
/// with PINs, join codes, lock, and the session leaderboard at `class close`.
@Suite(.lab) struct AdminClassTests {
    @Test func groupsAndGroupAdd() throws {
        let server = try TestServer()
        let admin = try server.admin()
        #expect(admin.text("group add 3B").contains("Group 3B created"))
        #expect(admin.text("grupo añadir 4A").contains("Group 4A created"))
        #expect(admin.text("group add x").contains("error:"))
        let groups = admin.text("groups")
        #expect(groups.contains("3B") && groups.contains("4A") && groups.contains("open"))
        // One student, in the singular (session 9: "open — 1 students").
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        _ = ana
        let one = admin.text("groups")
        #expect(one.contains("open — 1 student") && !one.contains("1 students"), "\(one)")
    }

    @Test func classOpenAsksStudentsForTheJoinCode() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let opened = admin.run("class open 3B")
        let code = try #require(joinCode(in: opened))
        #expect(JoinCode.isWellFormed(code))
        #expect(admin.text("class open 4A").contains("error: Class 3B is already open"))

        let student = try TestClient(port: server.port)
        student.waitFor("Name:")
        student.send("Marta")
        #expect(student.waitFor("Class code:") != nil)
        student.send(code == "AAAAAA" ? "BBBBBB" : "AAAAAA")
        #expect(student.waitFor("not right") != nil)
        #expect(student.waitFor("Class code:") != nil)
        student.send(code.lowercased())
        #expect(student.waitFor("Welcome, ") != nil)
        #expect(student.waitFor("3B") != nil)
        let group = server.running.onLoop { $0.players.values.first?.group.name }
        #expect(group == "3B")
        #expect(admin.text("players").contains("Marta (3B)"))
    }

    @Test func rosterImportGivesPINsAndStudentsAreAskedForThem() throws {
        let server = try TestServer()
        let csv = server.directory.appendingPathComponent("roster.csv")
        try "name,pin\nAna,1234\nLuis,\n\"Sofía\",\n".write(to: csv, atomically: true, encoding: .utf8)
        let admin = try server.admin()
        let imported = admin.run("roster import 3B \(csv.path)")
        #expect(imported.contains { $0.contains("3 students imported into 3B") })
        // One, in the singular (session 9).
        let one = server.directory.appendingPathComponent("one.csv")
        try "name,pin\nNuria,4321\n".write(to: one, atomically: true, encoding: .utf8)
        #expect(admin.text("roster import 4C \(one.path)").contains("1 student imported into 4C."))
        // Generated PINs are printed once, next to their names; Ana's own is not.
        let luisLine = try #require(imported.first { $0.hasPrefix("  Luis") })
        let luisPIN = String(luisLine.split(separator: " ").last ?? "")
        #expect(luisPIN.count == 4 && luisPIN.allSatisfy(\.isNumber))
        #expect(imported.contains { $0.hasPrefix("  Sofía") })
        #expect(!imported.contains { $0.contains("1234") })
        #expect(!bytes(server.databaseBytes(), contain: "1234"))

        // Importing again keeps the PINs students already have.
        let again = admin.run("roster import 3B \(csv.path)")
        #expect(again.contains { $0.contains("2 of them keep") })

        let code = try #require(joinCode(in: admin.run("class open 3B")))
        #expect(admin.text("groups").contains("3 students"))

        let ana = try TestClient(port: server.port)
        ana.waitFor("Name:")
        ana.send("ana")
        ana.waitFor("Class code:")
        ana.send(code)
        #expect(ana.waitFor("PIN:") != nil)
        ana.send("9999")
        #expect(ana.waitFor("That PIN is not right") != nil)
        ana.send("1234")
        #expect(ana.waitFor("Welcome, ") != nil)

        let luis = try TestClient.loggedInClass(port: server.port, name: "Luis", code: code, pin: luisPIN)
        withExtendedLifetime(luis) {}
    }

    @Test func aRosterWithProblemsImportsNothingAndSaysWhereTheyAre() throws {
        let server = try TestServer()
        let csv = server.directory.appendingPathComponent("bad.csv")
        try "nombre;pin\nAna;12\nA;\nAna;\n".write(to: csv, atomically: true, encoding: .utf8)
        let admin = try server.admin()
        let lines = admin.run("roster import 3B \(csv.path)")
        #expect(lines.contains { $0.contains("line 2") && $0.contains("PIN of Ana") })
        #expect(lines.contains { $0.contains("line 3") && $0.contains("too short") })
        #expect(lines.contains { $0.hasPrefix("error: Nothing was imported") })
        #expect(try server.store { try $0.group(name: "3B") } == nil)
        #expect(admin.text("roster import 3B /no/such/file.csv").contains("error: Cannot read the file"))
        // A relative name is read from the server's folder, and the answer says so (session 9).
        let relative = admin.run("roster import 3B no-such-3b.csv").joined(separator: " ").replacingOccurrences(of: "  ", with: " ")
        #expect(relative.contains("The server reads files from its own folder, \(FileManager.default.currentDirectoryPath)"), "\(relative)")
    }

    @Test func lockKeepsNewStudentsOutUntilUnlock() throws {
        let server = try TestServer()
        let admin = try server.admin()
        #expect(admin.text("lock").contains("error: No class is open"))
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        #expect(admin.text("lock").contains("locked"))
        let late = try TestClient(port: server.port)
        late.waitFor("Name:")
        late.send("Tardón")
        late.waitFor("Class code:")
        late.send(code)
        #expect(late.waitFor("The class is locked") != nil)
        #expect(try server.store { try $0.openSession()?.locked } == true)
        #expect(admin.text("unlock").contains("unlocked"))
        late.send("Tardón")
        late.waitFor("Class code:")
        late.send(code)
        #expect(late.waitFor("Welcome, ") != nil)
    }

    @Test func classCloseShowsTheSessionLeaderboardToEveryoneAndSavesIt() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let code = try #require(joinCode(in: admin.run("class open 3B")))
        let student = try TestClient.loggedInClass(port: server.port, name: "Marta", code: code)
        let session = try #require(try server.store { try $0.openSession() })
        // A round played in this session.
        try server.store { db in
            let martaID = try #require(try db.student(groupID: session.groupID, name: "Marta")).id
            _ = try db.saveRound(RoundRecord(sessionID: session.id, groupID: session.groupID, game: .hangman, room: "hangman-1",
                                             subject: "gato", detail: "", startedAt: 1, endedAt: 2,
                                             scores: [ScoreRecord(studentID: martaID, points: 30, outcome: .unknown("won"))]))
        }
        let closed = admin.run("class close")
        #expect(closed.contains { $0.contains("Marta") && $0.contains("30") })
        let board = student.waitForEvent("leaderboard")
        #expect(board?["scope"] as? String == "session:\(session.id)")
        let rows = board?["rows"] as? [[String: Any]]
        #expect(rows?.first?["name"] as? String == "Marta")
        #expect(rows?.first?["points"] as? Int == 30)
        #expect(try server.store { try $0.session(id: session.id)?.closedAt } != nil)
        #expect(server.running.onLoop { $0.classSession == nil } == true)
        #expect(admin.text("class close").contains("error: No class is open"))
    }
}
