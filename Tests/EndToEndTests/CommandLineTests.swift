import Foundation
import Testing
import AulaTestSupport
import AulaBench
import AulaStore

/// The built `aula` binary as a Unix tool (SPEC §12 Command line, issue 17).
@Suite(.lab) struct CommandLineTests {
    struct Run {
        let status: Int32
        let out: String
        let err: String
    }

    /// Runs `aula ARGS` in `directory` with AULA_DB unset, stdin empty.
    static func aula(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServerProcess.ownExecutable())
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["AULA_DB"] = nil
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                   err: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aula-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let commands = [[], ["serve"], ["check-content"], ["bench"], ["bench", "hangman"], ["teacher"], ["export"],
                           ["export", "student"], ["leaderboard"], ["admin"], ["backup"], ["restore"], ["forget"], ["prune"]]

    @Test func everySubcommandAnswersHelpAndH() throws {
        for command in Self.commands {
            for flag in ["--help", "-h"] {
                let run = try Self.aula(command + [flag])
                #expect(run.status == 0, "\(command) \(flag): \(run.err)")
                #expect(run.out.contains("Usage: aula"), "\(command) \(flag)")
            }
        }
        let version = try Self.aula(["--version"])
        #expect(version.status == 0 && version.out.hasPrefix("aula "))
        #expect(try Self.aula(["version"]).out == version.out)
    }

    @Test func unknownOptionsAndMissingValuesExit2WithTheUsage() throws {
        for command in [["serve"], ["export", "scores"], ["leaderboard"], ["backup", "x"], ["forget", "Ana"], ["teacher", "add", "x"]] {
            let run = try Self.aula(command + ["--no-such-flag"])
            #expect(run.status == 2, "\(command)")
            #expect(run.err.contains("unknown option --no-such-flag") && run.err.contains("Usage: aula"), "\(command)")
        }
        #expect(try Self.aula(["export", "scores", "-x"]).status == 2)
        #expect(try Self.aula(["serve", "--db"]).status == 2)
        #expect(try Self.aula(["no-such-command"]).status == 2)
        // The usage once, even when the error carries it (`aula prune` printed it twice: a re-play).
        for command in [["prune"], ["backup"], ["forget"]] {
            let run = try Self.aula(command)
            #expect(run.err.components(separatedBy: "Usage: aula").count == 2, "\(command): \(run.err)")
        }
    }

    /// Only `serve` makes a database: the others name the missing path, exit 1 and create nothing.
    @Test func subcommandsNeverCreateADatabase() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [["export", "scores", "--csv"], ["export", "summary", "--csv"], ["leaderboard"], ["teacher", "add", "garcia"],
                        ["backup", "copy.sqlite"], ["forget", "Ana", "--yes"], ["prune", "--inactive", "30", "--yes"],
                        ["export", "student", "Ana"]] {
            let run = try Self.aula(command, in: directory)
            #expect(run.status == 1, "\(command): \(run.err)")
            #expect(run.err.contains("no database at") && run.err.contains("aula.sqlite") && run.err.contains("AULA_DB"), "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// backup (online, from a running server), then restore (refused while it runs; the old file kept).
    @Test(.slow) func backupAndRestoreRoundTrip() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("aula.sqlite").path
        let server = try ServerProcess(contentDirectory: directory.path, databasePath: db)
        let client = try TestClient.loggedIn(port: server.port, name: "Ana")
        _ = client
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let backup = try Self.aula(["backup", copy, "--db", db])
        #expect(backup.status == 0, "\(backup.err)")
        #expect(backup.out.contains("integrity ok"))
        // A file already there, a folder that is not (a USB stick not mounted): said in words (session 9).
        let again = try Self.aula(["backup", copy, "--db", db])
        #expect(again.status != 0 && again.err.contains("\(copy) already exists: choose another name"), "\(again.err)")
        #expect(!again.err.contains("StoreError"), "\(again.err)")
        let missing = try Self.aula(["backup", "/media/no-such-usb/aula-june.sqlite", "--db", db])
        #expect(missing.err.contains("the folder /media/no-such-usb does not exist (is the USB stick plugged in and mounted?)"),
                "\(missing.err)")
        let refused = try Self.aula(["restore", copy, "--db", db, "--yes"])
        #expect(refused.status == 1 && refused.err.contains("while a server uses the database"))
        let second = try Self.aula(["serve", "--db", db, "--port", "0", "--admin-port", "0", "--board-port", "0"])
        #expect(second.status == 1 && second.err.contains("in use by another aula serve (process \(server.pid)"))
        server.stop(keepFiles: true)
        // A student who came after the backup is gone after the restore; Ana is back.
        let later = try Database(path: db)
        _ = try later.ensureStudent(groupID: try later.ensureGroup(name: "open"), name: "Zoe", at: 1)
        later.close()
        let restore = try Self.aula(["restore", copy, "--db", db, "--yes"])
        #expect(restore.status == 0, "\(restore.err)")
        #expect(FileManager.default.fileExists(atPath: db + ".bak"))
        let restored = try Database(path: db)
        defer { restored.close() }
        #expect(try restored.integrityCheck() == "ok")
        #expect(try restored.scalar("SELECT COUNT(*) FROM students WHERE name = 'Ana'") == .integer(1))
        #expect(try restored.scalar("SELECT COUNT(*) FROM students WHERE name = 'Zoe'") == .integer(0))
        server.removeFiles()
    }

    /// Closing the terminal that runs `aula serve` (SIGHUP) is a graceful shutdown:
    /// the students are told and the server exits cleanly (it stopped at once, saving
    /// nothing of an open editor: a play test, session 11).
    @Test(.slow) func aClosedTerminalShutsDownGracefully() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(contentDirectory: directory.path,
                                       databasePath: directory.appendingPathComponent("aula.sqlite").path)
        defer { server.stop() }
        let ana = try TestClient.loggedIn(port: server.port, name: "Ana")
        kill(server.pid, SIGHUP)
        #expect(ana.waitFor("closing") != nil, "\(ana.transcript.suffix(3))")
        let started = Date()
        while server.exitStatus == nil && Date().timeIntervalSince(started) < 10 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.exitStatus == 0, "exit status \(String(describing: server.exitStatus))")
    }

    /// SIGTERM with another process holding the write lock and a write waiting:
    /// the server is gone well within the bound and says it did not save everything.
    @Test(.slow) func shutdownUnderAHeldLockIsBounded() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("aula.sqlite").path
        let server = try ServerProcess(contentDirectory: directory.path, databasePath: db)
        defer { server.stop() }
        let lock = try Database(path: db, busyTimeout: 0)
        defer { lock.close() }
        try lock.execute("BEGIN IMMEDIATE")
        // A login's row is a write that now waits on the lock.
        let client = try TestClient(port: server.port)
        client.send("Ana")
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        kill(server.pid, SIGTERM)
        while kill(server.pid, 0) == 0 && Date().timeIntervalSince(started) < 15 {
            var status: Int32 = 0
            if waitpid(server.pid, &status, WNOHANG) == server.pid { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 8, "still running \(elapsed) s after SIGTERM")
        try lock.execute("ROLLBACK")
    }
}
