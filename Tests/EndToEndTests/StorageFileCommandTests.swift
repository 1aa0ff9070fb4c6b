import Foundation
import Testing
import AulaTestSupport
import AulaBench
import AulaStore

/// Session 11 (a school year's play-test): the database file as `aula` finds it —
/// read-only, in a missing folder, too old, not a database — said in one line that
/// names the right file; commands that only read never change it.
@Suite(.lab) struct StorageFileCommandTests {
    /// `aula ARGS` with a deadline (a server that starts when it should not is killed).
    static func aula(_ arguments: [String], stdin: String = "", seconds: Double = 30) throws -> CommandLineTests.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.ownExecutable())
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["AULA_DB"] = nil
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                     err: String(decoding: errData, as: UTF8.self))
    }

    /// A database of this aula with one group and students, left as one file (as a backup is).
    static func database(at path: String, students: [String] = ["Ana"], group: String = "3B", version: Int? = nil) throws {
        let db = try Database(path: path)
        try Migrator.migrate(db, migrations: Schema.migrations, upTo: version)
        let groupID = try db.ensureGroup(name: group)
        for name in students { _ = try db.ensureStudent(groupID: groupID, name: name, at: 1) }
        try db.execute("PRAGMA journal_mode=DELETE")
        db.close()
    }

    static let serveArguments = ["--port", "0", "--admin-port", "0", "--board-port", "0"]

    @Test(.slow) func aReadOnlyDatabaseIsRefusedAtStartInOneLine() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("ro.sqlite").path
        try Self.database(at: db)
        // root writes a 0444 file anyway: made immutable instead, as the play-tester did.
        if getuid() == 0 {
            guard (try? Self.run("/usr/bin/chattr", ["+i", db])) == 0 else { return }  // no chattr here: nothing to test
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        }
        defer { if getuid() == 0 { _ = try? Self.run("/usr/bin/chattr", ["-i", db]) } }
        let run = try Self.aula(["serve", "--db", db] + Self.serveArguments, seconds: 20)
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.contains("the database \(db) is read-only"), "\(run.err)")
        #expect(run.err.contains("make it writable"), "\(run.err)")
        #expect(!run.err.contains("serving students"), "\(run.err)")
        #expect(!run.err.contains("StoreError"), "\(run.err)")
    }

    @Test(.slow) func aMissingFolderIsNamedBeforeAnythingElse() throws {
        let folder = "/nonexistent-aula-\(UUID().uuidString.prefix(8))"
        let run = try Self.aula(["serve", "--db", folder + "/x.sqlite"] + Self.serveArguments, seconds: 20)
        #expect(run.status == 1, "\(run.err)")
        let first = run.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("the folder \(folder) does not exist"), "\(run.err)")
        #expect(first.contains("mkdir -p \(folder)"), "\(run.err)")
        #expect(!run.err.contains("lock file"), "\(run.err)")
    }

    /// `leaderboard` and the exports on a version-4 file: refused in words, the file untouched.
    @Test(.slow) func readingCommandsNeverUpgradeAnOldFile() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("old.sqlite").path
        try Self.database(at: old, version: 4)
        let before = FileManager.default.contents(atPath: old)
        for arguments in [["leaderboard"], ["export", "student", "Ana"], ["export", "summary", "--csv"], ["export", "scores", "--csv"]] {
            let run = try Self.aula(arguments + ["--db", old])
            #expect(run.status == 1, "\(arguments): \(run.err)")
            #expect(run.err.contains("the database \(old) was written by an older aula (schema 4"), "\(arguments): \(run.err)")
            #expect(run.err.contains("aula serve --db \(old)"), "\(arguments): \(run.err)")
        }
        #expect(FileManager.default.contents(atPath: old) == before, "the old file changed")
        #expect(!FileManager.default.fileExists(atPath: old + "-wal"))
        let check = try Database(path: old, readOnly: true)
        #expect(check.userVersion == 4)
        check.close()

        // A current file is read, and stays as it was too (still one file, not switched to WAL).
        let current = directory.appendingPathComponent("current.sqlite").path
        try Self.database(at: current)
        let unchanged = FileManager.default.contents(atPath: current)
        let board = try Self.aula(["leaderboard", "--db", current])
        #expect(board.status == 0, "\(board.err)")
        let student = try Self.aula(["export", "student", "Ana", "--db", current])
        #expect(student.status == 0, "\(student.err)")
        #expect(FileManager.default.contents(atPath: current) == unchanged)
    }

    @Test(.slow) func restoreNamesTheBackupAndRefusesBeforeAsking() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("year.sqlite").path
        try Self.database(at: db)
        let backup = directory.appendingPathComponent("june.sqlite").path
        try Self.database(at: backup, students: ["Bea"])

        // Not a database: the backup is named, not the current file.
        let junk = directory.appendingPathComponent("junk.sqlite").path
        try "x\n".write(toFile: junk, atomically: true, encoding: .utf8)
        let notDB = try Self.aula(["restore", junk, "--db", db, "--yes"])
        #expect(notDB.status == 1)
        #expect(notDB.err.contains("\(junk) is not a database aula can read"), "\(notDB.err)")
        #expect(!notDB.err.contains(db) && !notDB.err.contains("StoreError"), "\(notDB.err)")

        // A backup from a newer aula: refused here, not by serve afterwards.
        let newer = directory.appendingPathComponent("newer.sqlite").path
        try Self.database(at: newer)
        let raise = try Database(path: newer)
        try raise.setUserVersion(99)
        raise.close()
        let tooNew = try Self.aula(["restore", newer, "--db", db, "--yes"])
        #expect(tooNew.status == 1 && tooNew.err.contains("newer aula (schema 99"), "\(tooNew.err)")

        // A running server (its lock held): refused before the question.
        do {
            let lock = try DatabaseLock(databasePath: db)
            defer { lock.release() }
            let serving = try Self.aula(["restore", backup, "--db", db], stdin: "y\n")
            #expect(serving.status == 1 && serving.err.contains("while a server uses the database"), "\(serving.err)")
            #expect(!serving.err.contains("[y/N]"), "\(serving.err)")
        }

        // year.sqlite.bak taken: the question names the file really written.
        try "earlier\n".write(toFile: db + ".bak", atomically: true, encoding: .utf8)
        let asked = try Self.aula(["restore", backup, "--db", db], stdin: "n\n")
        #expect(asked.err.contains("The current file is kept as \(db).bak-"), "\(asked.err)")
        #expect(asked.out.contains("Nothing changed"))
        let done = try Self.aula(["restore", backup, "--db", db, "--yes"])
        #expect(done.status == 0, "\(done.err)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("year.sqlite.bak-") }
        #expect(kept.count == 1)
        #expect(done.out.contains("kept as \(db).bak-"), "\(done.out)")
        #expect(try String(contentsOfFile: db + ".bak", encoding: .utf8) == "earlier\n")
    }

    /// The gradebook as a person sorts it; `export student` without the look-alike key.
    @Test(.slow) func exportsReadAsAPersonWouldSortAndName() throws {
        let directory = try CommandLineTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("aula.sqlite").path
        try Self.database(at: db, students: ["Zoë", "Noé", "Élodie", "álvaro", "Ana María"], group: "3º ESO")
        let summary = try Self.aula(["export", "summary", "--csv", "--db", db])
        #expect(summary.status == 0, "\(summary.err)")
        let names = summary.out.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[1] }
        #expect(names == ["álvaro", "Ana María", "Élodie", "Noé", "Zoë"], "\(summary.out)")
        let student = try Self.aula(["export", "student", "Ana María", "--db", db])
        #expect(student.status == 0, "\(student.err)")
        #expect(student.out.contains("\"name\" : \"Ana María\""), "\(student.out)")
        #expect(!student.out.contains("name_key") && !student.out.contains("rnar"), "\(student.out)")
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
