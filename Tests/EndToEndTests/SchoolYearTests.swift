import Foundation
import Testing
import AulaTestSupport
@testable import AulaServer
import AulaStore

/// A school year on one database (issue 17): one server per file, storage
/// faults and a moved file told to the teacher, backups while playing,
/// forgetting and pruning students, a student's data as JSON.
@Suite(.lab) struct SchoolYearTests {
    @Test func aSecondServerOnTheSameDatabaseIsRefusedNamingTheHolder() throws {
        let first = try TestServer()
        var config = ServerConfig()
        config.host = "127.0.0.1"
        config.port = 0
        config.adminPort = 0
        config.databasePath = first.databasePath
        config.contentDirectory = first.directory.path
        config.logLevel = .error
        do {
            _ = try RunningServer(config: config)
            Issue.record("a second server started on \(first.databasePath)")
        } catch let failure as DatabaseLock.Failure {
            #expect(failure == .held(lockPath: first.databasePath + ".lock", pid: getpid()))
            #expect(failure.description.contains("in use by another aula serve"))
        }
        // Once the first one stops, the database is free again.
        first.stop()
        let again = try TestServer.retryingHeldLock { try RunningServer(config: config) }
        again.runInBackground()
        again.stop()
    }

    /// A held write lock (another program) delays saving: the teacher is told once, with the
    /// path, and told again when it works; nothing queued is lost.
    @Test(.slow) func aLockedDatabaseIsToldToTeachersAndTheWriteIsKept() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let other = try Database(path: server.databasePath, busyTimeout: 0)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        server.running.server.store.write { db in
            try db.appendAudit(at: 1, teacher: "test", command: "kept through the lock", outcome: "ok")
        }
        #expect(Self.waitForText(admin.client, "saving to \(server.databasePath) is failing or delayed", timeout: 12))
        try other.execute("ROLLBACK")
        #expect(Self.waitForText(admin.client, "Saving to \(server.databasePath) works again", timeout: 8))
        let kept = try server.store { db in
            try db.scalar("SELECT COUNT(*) FROM audit WHERE command = 'kept through the lock'")
        }
        #expect(kept == .integer(1))
    }

    /// The file moved under the server: the teacher is told and nothing more is written there.
    @Test func aMovedDatabaseIsToldAndSavingStops() throws {
        let server = try TestServer(configure: { $0.storageCheckEvery = 0.2 })
        let admin = try server.admin()
        try FileManager.default.moveItem(atPath: server.databasePath, toPath: server.databasePath + ".moved")
        #expect(Self.waitForText(admin.client, "\(server.databasePath) was moved or deleted", timeout: 5))
        #expect(server.running.server.store.halted?.code == StoreError.movedCode)
        // A teacher who logs in later is told too.
        let later = try AdminConsole(server)
        #expect(later.client.transcript.joined().filter { !$0.isWhitespace }.contains("movedordeleted"))
    }

    /// The daily backup runs on the store thread while students play, passes integrity_check,
    /// and only the newest `backupKeep` stay.
    @Test func backupsWhilePlayingAreSoundAndPruned() throws {
        let server = try TestServer(configure: { $0.backupKeep = 2 })
        let client = try TestClient.loggedIn(port: server.port, name: "Ana")
        let directory = server.directory.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for day in 1...2 {  // older backups, named as the watch names them
            #expect(FileManager.default.createFile(atPath: directory + "/aula-2020010\(day)-000000.sqlite", contents: Data()))
        }
        let done = DispatchSemaphore(value: 0)
        let box = BackupBox()
        _ = server.running.onLoop { server in
            server.storageWatch?.backupNow { result in
                box.result = result
                done.signal()
            }
        }
        client.send("who")  // play goes on meanwhile
        #expect(done.wait(timeout: .now() + 10) == .success)
        let path = try #require(try box.result?.get())
        // One standalone file per backup (no -wal beside it), the oldest pruned.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == ["aula-20200102-000000.sqlite", (path as NSString).lastPathComponent])
        let copy = try Database(path: path)
        defer { copy.close() }
        #expect(try copy.integrityCheck() == "ok")
        #expect(try copy.scalar("SELECT COUNT(*) FROM students WHERE name = 'Ana'") == .integer(1))
        #expect(client.waitFor("Ana") != nil)
    }

    /// `forget` deletes every row about the student and audits it without the name.
    @Test func forgetLeavesNoRowAboutTheStudent() throws {
        let (path, directory) = try Self.databaseWithStudents()
        defer { try? FileManager.default.removeItem(at: directory) }
        let found = try YearOffline.matches(databasePath: path, name: "ana", group: nil)
        #expect(found.map(\.name) == ["Ana"])
        let id = try #require(found.first?.id)
        #expect(try YearOffline.forget(databasePath: path, studentID: id, by: "test") == 0)
        let db = try Database(path: path)
        defer { db.close() }
        #expect(try db.rowsAbout(studentID: id) == 0)
        #expect(try db.scalar("SELECT COUNT(*) FROM students WHERE name = 'Ben'") == .integer(1))
        let audit = try db.audit().map { $0.command + " " + $0.outcome }.joined(separator: "\n")
        #expect(audit.contains("forget"))
        #expect(!audit.contains("Ana"))
    }

    /// `prune --inactive DAYS` removes only students with nothing since the cutoff.
    @Test func pruneRemovesOnlyTheInactive() throws {
        let (path, directory) = try Self.databaseWithStudents()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try YearOffline.prune(databasePath: path, inactiveDays: 30, dryRun: true, by: "test") == 1)
        #expect(try YearOffline.prune(databasePath: path, inactiveDays: 30, dryRun: false, by: "test") == 1)
        let db = try Database(path: path)
        defer { db.close() }
        let names = try db.query("SELECT name FROM students ORDER BY name").map { try $0.string("name") }
        #expect(names.contains("Ana"))
        #expect(!names.contains("Ben"))
    }

    /// `export student` gives everything stored about them, with no PIN hash.
    @Test func exportStudentIsEverythingAboutThem() throws {
        let (path, directory) = try Self.databaseWithStudents()
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try #require(try YearOffline.matches(databasePath: path, name: "Ana", group: "3B").first?.id)
        let json = try YearOffline.studentJSON(databasePath: path, studentID: id)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let student = try #require(object["student"] as? [String: Any])
        #expect(student["name"] as? String == "Ana")
        #expect(student["group_name"] as? String == "3B")
        #expect(student["pin_hash"] == nil)
        #expect((object["level_progress"] as? [Any])?.count == 1)
        #expect(!String(decoding: json, as: UTF8.self).contains("secret-hash"))
    }

    /// Reads until `text` has come, whatever the console's line wrapping did to it.
    static func waitForText(_ client: TestClient, _ text: String, timeout: Double) -> Bool {
        let needle = text.filter { !$0.isWhitespace }.lowercased()
        var seen = ""
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, let line = client.readLine(timeout: deadline.timeIntervalSinceNow) {
            seen += line.filter { !$0.isWhitespace }.lowercased()
            if seen.contains(needle) { return true }
        }
        return false
    }

    /// A database with Ana (active now, a PIN, a solved level) and Ben (last seen 60 days ago) in 3B.
    static func databaseWithStudents() throws -> (String, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aula-year-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("aula.sqlite").path
        let store = try Store(path: path)
        defer { store.close() }
        let now = Date().timeIntervalSince1970
        try store.sync { db in
            let group = try db.ensureGroup(name: "3B")
            let ana = try db.ensureStudent(groupID: group, name: "Ana", at: now)
            try db.setPinHash(studentID: ana, hash: "secret-hash")
            try db.run("INSERT INTO level_progress VALUES (?, 'w1-01', 10, 3, ?, 5)", [.integer(ana), .real(now)])
            _ = try db.ensureStudent(groupID: group, name: "Ben", at: now - 60 * 86_400)
        }
        return (path, directory)
    }
}

private final class BackupBox: @unchecked Sendable {
    var result: Result<String, StoreError>?
}

/// The console's `forget NAME` (SPEC §12 console additions).
@Suite(.lab) struct ConsoleForgetTests {
    @Test func forgetAtTheConsoleAsksThenLeavesNoRowAndNoNameInTheAudit() throws {
        let server = try TestServer()
        let admin = try server.admin()
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        #expect(admin.text("forget Ana").contains("kick"))  // online: refused
        ana.close()
        _ = admin.run("kick Ana")
        let id = try #require(try server.store { db in try db.query("SELECT id FROM students WHERE name = 'Ana'").first?.int("id") })
        admin.client.send("forget Ana")
        #expect(admin.client.waitFor("yes") != nil)
        #expect(admin.text("no").contains("Nothing was deleted"))
        #expect(try server.store { db in try db.rowsAbout(studentID: id) } > 0)
        admin.client.send("forget Ana")
        #expect(admin.client.waitFor("yes") != nil)
        #expect(admin.text("yes").contains("forgotten"))
        #expect(try server.store { db in try db.rowsAbout(studentID: id) } == 0)
        let audit = try server.store { db in try db.audit(limit: 50) }.map { $0.command }.joined(separator: "\n")
        #expect(audit.contains("forget (one student)"))
        #expect(!audit.contains("forget Ana"))
    }
}
