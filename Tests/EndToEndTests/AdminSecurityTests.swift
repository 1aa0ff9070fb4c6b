import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaAdmin
import AulaStore

/// The console's doors: the first teacher, passwords, the lockout, the audit,
/// and students never reaching an admin command.
@Suite(.lab) struct AdminSecurityTests {
    @Test func firstTeacherIsCreatedFromThisMachineAndThePasswordNeverReachesTheFile() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.adminPort)
        #expect(client.waitFor("No teacher account exists yet") != nil)
        #expect(client.waitFor("New teacher's name:") != nil)
        client.send("Garcia")
        #expect(client.waitFor("New password") != nil)
        client.send("short")
        #expect(client.waitFor("error: A password needs at least 8") != nil)
        client.send("Tr0mbone-Azul-77")
        #expect(client.waitFor("again") != nil)
        client.send("Tr0mbone-Azul-78")
        #expect(client.waitFor("error: The two passwords are not the same") != nil)
        client.send("Tr0mbone-Azul-77")
        client.waitFor("again")
        client.send("Tr0mbone-Azul-77")
        #expect(client.waitFor("Teacher account Garcia created") != nil)
        #expect(client.waitFor("admin>") != nil)
        client.send("quit")
        #expect(client.waitForClose())

        let row = try server.store { try $0.teacher(name: "garcia") }
        #expect(row?.passwordHash.hasPrefix("scrypt$") == true)
        let file = server.databaseBytes()
        #expect(bytes(file, contain: "Garcia"))
        #expect(!bytes(file, contain: "Tr0mbone-Azul-77"))

        // Once a teacher exists, nobody is offered to create one.
        let second = try TestClient(port: server.adminPort)
        #expect(second.waitFor("Teacher:") != nil)
        #expect(!second.transcript.contains { $0.contains("No teacher account") })
        second.send("Garcia")
        second.waitFor("Password:")
        second.send("Tr0mbone-Azul-77")
        #expect(second.waitFor("Welcome, Garcia") != nil)
    }

    @Test func firstTeacherRuleNeedsLoopbackAndNoTeacherYet() {
        #expect(FirstTeacherRule.mayCreate(teacherCount: 0, fromLoopback: true))
        #expect(!FirstTeacherRule.mayCreate(teacherCount: 0, fromLoopback: false))
        #expect(!FirstTeacherRule.mayCreate(teacherCount: 1, fromLoopback: true))
        #expect(!FirstTeacherRule.mayCreate(teacherCount: 3, fromLoopback: false))
    }

    @Test func fiveWrongPasswordsLockTheNameButNotOthers() throws {
        let server = try TestServer()
        try server.addTeacher("garcia")
        try server.addTeacher("lopez")
        let client = try TestClient(port: server.adminPort)
        for attempt in 1...5 {
            #expect(client.waitFor("Teacher:") != nil)
            client.send("garcia")
            #expect(client.waitFor("Password:") != nil)
            client.send("wrong password \(attempt)")
            #expect(client.waitFor("error: Wrong teacher name or password") != nil)
        }
        #expect(client.waitFor("wait 60 seconds") != nil)
        // Even the right password is not asked for while locked.
        client.waitFor("Teacher:")
        client.send("GARCIA")
        #expect(client.waitFor("Too many wrong passwords") != nil)
        #expect(client.waitFor("Teacher:") != nil)
        // Another name is not locked.
        client.send("lopez")
        client.waitFor("Password:")
        client.send(AdminConsole.password)
        #expect(client.waitFor("Welcome, lopez") != nil)
        let audit = try server.store { try $0.audit(limit: 20) }
        #expect(audit.filter { $0.command == "login" && $0.outcome == "wrong_password" }.count == 4)
        #expect(audit.contains { $0.teacher == "garcia" && $0.outcome == "locked" })
        #expect(audit.contains { $0.teacher == "lopez" && $0.outcome == "ok" })
        #expect(!audit.contains { $0.command.contains("wrong password") })
    }

    @Test func aStudentTypingAdminWordsGetsUnknownCommand() throws {
        let server = try TestServer()
        let student = try TestClient.loggedInJSON(port: server.port, name: "Pablo")
        for line in ["kick Ana", "broadcast hello", "class open 3B", "shutdown", "teacher add Pablo", "audit", "mute Ana"] {
            student.send(line)
            let error = student.waitForEvent("error")
            #expect(error?["code"] as? String == "unknown_command", "\(line)")
        }
        #expect(try server.store { try $0.audit(limit: 10) }.isEmpty)
        #expect(try server.store { try $0.groups() }.map(\.name) == ["open"])
    }

    @Test func everyActionIsAuditedWithTeacherCommandAndOutcome() throws {
        let server = try TestServer()
        let admin = try server.admin()
        admin.run("group add 3B")
        admin.run("group add 3B")
        admin.run("class close")
        admin.run("help")
        admin.run("frobnicate")
        let lines = admin.run("audit 10")
        #expect(lines.contains { $0.contains("garcia") && $0.contains("group add 3B") && $0.contains("ok") })
        #expect(lines.contains { $0.contains("class close") && $0.contains("refused (no_class_open)") })
        let rows = try server.store { try $0.audit(limit: 50) }
        #expect(rows.map(\.command) == ["login", "group add 3B", "group add 3B", "class close"])
        #expect(rows.map(\.outcome) == ["ok", "ok", "exists", "no_class_open"])
        #expect(rows.allSatisfy { $0.teacher == "garcia" && $0.at > 1_600_000_000 })
    }

    @Test func passwdAndTeacherAddAskForPasswordsAtHiddenPrompts() throws {
        let server = try TestServer()
        let admin = try server.admin()
        admin.client.send("teacher add lopez")
        #expect(admin.client.waitFor("New password") != nil)
        admin.client.send("lopez-secret-1")
        admin.client.waitFor("again")
        admin.client.send("lopez-secret-1")
        #expect(admin.client.waitFor("Teacher account lopez created") != nil)
        admin.client.waitFor("admin>")
        #expect(admin.text("teacher add LOPEZ").contains("error: There is already a teacher called LOPEZ"))

        admin.client.send("passwd")
        admin.client.waitFor("current password")
        admin.client.send("not my password")
        #expect(admin.client.waitFor("error: Wrong teacher name or password") != nil)
        admin.client.waitFor("admin>")
        admin.client.send("passwd")
        admin.client.waitFor("current password")
        admin.client.send(AdminConsole.password)
        admin.client.waitFor("New password")
        admin.client.send("brand-new-password")
        admin.client.waitFor("again")
        admin.client.send("brand-new-password")
        #expect(admin.client.waitFor("Your password was changed") != nil)
        admin.client.waitFor("admin>")

        #expect(throws: Never.self) { _ = try AdminConsole(server, teacher: "lopez", password: "lopez-secret-1") }
        #expect(throws: Never.self) { _ = try AdminConsole(server, teacher: "garcia", password: "brand-new-password") }
        let file = server.databaseBytes()
        for secret in ["lopez-secret-1", "brand-new-password", AdminConsole.password] {
            #expect(!bytes(file, contain: secret), "\(secret)")
        }
    }
}
